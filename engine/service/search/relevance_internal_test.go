package search

import (
	"maps"
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// nameTerms finds the words a query writes as names: title case inside a
// sentence, not acronyms, sentence starts or capitalised filler.
func TestNameTerms(t *testing.T) {
	cases := []struct {
		query string
		want  []string
	}{
		{"When did Melanie go camping?", []string{"melani"}},
		{"what did melanie paint?", nil},
		{"Melanie went home. Then Caroline called", []string{"carolin"}},
		{"open a PR against the API docs", nil},
		{"ok, Sure, Thanks", nil},
		{"Can you translate 'good morning' into Spanish for Anna's trip?", []string{"anna", "spanish"}},
		{"When did Ｍｅｌａｎｉｅ go camping?", []string{"melani"}}, // full width, read in NFKC
		{"open a ＰＲ against the ＡＰＩ docs", nil},
	}
	for _, c := range cases {
		got := slices.Sorted(maps.Keys(nameTerms(c.query)))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: names %q, want %q", c.query, got, c.want)
		}
	}
}

// ownedTerms reads the content words of the phrase after "my" or "our",
// at most maxOwnedWords, up to a noise word or punctuation; "I" and "me"
// forms name nothing the user owns.
func TestOwnedTerms(t *testing.T) {
	cases := []struct {
		query string
		want  []string
	}{
		{"my cat is sick", []string{"cat"}},
		{"remind me when my husbands birthday is", []string{"birthday", "husband"}},
		{"when does our fixed rate end on the home loan", []string{"end", "fix", "rate"}}, // the verb too: no parts of speech
		{"practise my Japanese, quiz me on verbs", []string{"japanes"}},
		{"My editor keeps crashing on start", []string{"crash", "editor", "keep"}},
		{"I want to feed the cat", nil},
		{"help me with the deploy", nil},
		{"is it my turn?", []string{"turn"}},
		{"my, what a day", nil},
		{"this is my", nil},
		{"check ｍｙ ｃａｔ", []string{"cat"}}, // full width, read in NFKC
	}
	for _, c := range cases {
		got := slices.Sorted(maps.Keys(ownedTerms(c.query, isPossessive, maxOwnedWords)))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: owned %q, want %q", c.query, got, c.want)
		}
	}
}

// ownedInHits keeps the words the query names as the user's own ("my",
// "our", "the") that a hit names as the user's own too ("User's", curly
// or straight, "my", "our", an opening "The"), reading only the word
// after the query's possessive; a "the" on both sides is not enough.
func TestOwnedInHits(t *testing.T) {
	cases := []struct {
		query string
		hits  []engine.Scored
		want  []string
	}{
		{"my cat keeps scratching", hits("User’s cat Pepper is a tabby", "The cat flap is broken"), []string{"cat"}},
		{"my amp crackles", hits("User's bass amp needs a new valve"), []string{"amp"}},
		{"our deploy is slow", hits("Our deploy runs on Fridays"), []string{"deploy"}},
		{"my back hurts after sitting", hits("User grows peppers in the back yard"), nil},
		{"my keyboard double-types letters", hits("User's blood type is O negative"), nil},
		{"users of a cat app", hits("User's cat Pepper is a tabby"), nil},
		{"the cat", hits("User's cat Pepper is a tabby"), []string{"cat"}},
		{"a cat", hits("User's cat Pepper is a tabby"), nil},
		{"how much is set aside for my wedding", hits("The wedding budget is 30,000 dollars"), []string{"wed"}},
		// Two "the"s name no owner: one side must say whose it is.
		{"how much is set aside for the wedding", hits("The wedding budget is 30,000 dollars"), nil},
		{"the dog in the movie was so cute", hits("The dog next door barks every night"), nil},
		{"the dog is scared of fireworks", hits("User's dog Biscuit is a beagle"), []string{"dog"}},
		{"the back hurts", hits("User grows peppers in the back yard"), nil}, // only an opening "The" owns
		{"the best way to fold a sheet", hits("User's best friend Tom lives in Leeds"), nil},
		{"my best friend's birthday", hits("User's best friend Tom lives in Leeds"), []string{"best"}},
	}
	for _, c := range cases {
		got := slices.Sorted(maps.Keys(ownedInHits(c.query, c.hits, nil)))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: owned %q, want %q", c.query, got, c.want)
		}
	}
}

// judgedParts judges the prose around a pasted fenced block on its own
// (with its clauses), and adds nothing to a query without one or whose
// prose is too short to be judged alone.
func TestJudgedParts(t *testing.T) {
	cases := []struct {
		query string
		want  []string
	}{
		{"wire the new checkout flag into kite-web:\n```svelte\n<script>\n  export let data;\n</script>\n```",
			[]string{"wire the new checkout flag into kite-web:"}},
		{"this fails:\n```\nKeyError: 'k'\n```\nwhy does the loader crash, and also where do fixtures go?",
			[]string{"this fails:\n```\nKeyError: 'k'\n```\nwhy does the loader crash,", "where do fixtures go?",
				"this fails:\nwhy does the loader crash, and also where do fixtures go?", "this fails:\nwhy does the loader crash,"}},
		{"unclosed fence is code to the end:\n```\npanic: nil map", []string{"unclosed fence is code to the end:"}},
		{"fix the README typo and also what's the staging DB host?", []string{"fix the README typo", "what's the staging DB host?"}},
		{"why?\n```\nsegfault at 0x0\n```", nil},
		{"no code here at all", nil},
		{"  spaces around, no code  ", nil},
	}
	for _, c := range cases {
		if got := judgedParts(c.query); !slices.Equal(got, c.want) {
			t.Errorf("%q: parts %q, want %q", c.query, got, c.want)
		}
	}
}

// spelledOut reads an acronym written in full-width letters as the index
// reads text, in NFKC: "ＰＲ" is "PR" and finds "pull requests".
func TestSpelledOutFullWidth(t *testing.T) {
	hits := []engine.Scored{{Memory: &engine.Memory{Text: "We squash-merge pull requests after two approvals"}}}
	for _, q := range []string{"should I merge this PR?", "should I merge this ＰＲ?"} {
		got := spelledOut(q, hits)
		if want := [][]string{{"pull", "request"}}; !slices.EqualFunc(got["pr"], want, slices.Equal) {
			t.Errorf("%q: spelled %q, want %q", q, got["pr"], want)
		}
	}
	if got := spelledOut("should I merge this pr?", hits); len(got) != 0 {
		t.Errorf("lower-case pr taken for an acronym: %q", got)
	}
}

// isReaction tells a prompt that only reacts to the agent's last turn
// (thanks, approval, a one-verb report that something worked) from one
// that asks something after or around a reaction word.
func TestIsReaction(t *testing.T) {
	cases := []struct {
		query string
		want  bool
	}{
		{"great, that sorted it", true},
		{"cheers, it compiles now", true},
		{"ok, merge it", true},
		{"yeah that helped", true},
		{"it builds now, thanks!", true},
		{"Nice. Works.", true},
		{"Ｔｈａｎｋｓ, that helped", true}, // full width, read in NFKC
		{"thanks, when is the dentist appointment", false},
		{"ok, run the integration tests please", false},
		{"is the dog ok", false},
		{"what's a good name for this variable", false},
		{"good restaurants near the office", false},
		{"great, now add retries to the upload client and log each failure", false},
		{"that fixed it", false}, // no reaction word: judged as any prompt
		{"", false},
	}
	for _, c := range cases {
		if got := isReaction(c.query); got != c.want {
			t.Errorf("%q: reaction %v, want %v", c.query, got, c.want)
		}
	}
}

// amountUnitsInHits finds the query's words that a hit holds only as the
// unit of an amount, and only where the query writes them without one.
func TestAmountUnitsInHits(t *testing.T) {
	hits := []engine.Scored{
		{Memory: &engine.Memory{ID: "amount", Text: "Rent is 1,200 dollars and the deposit was 2 months"}},
		{Memory: &engine.Memory{ID: "plain", Text: "User converts dollars to euros every month"}},
		{Memory: &engine.Memory{ID: "both", Text: "User saved 300 dollars; dollars go in the ISA"}},
	}
	got := amountUnitsInHits("how many cents in a dollar", hits)
	if want := map[string]map[string]bool{"dollar": {"amount": true}}; !maps.EqualFunc(got, want, maps.Equal) {
		t.Errorf("units %v, want %v", got, want)
	}
	if got := amountUnitsInHits("we paid 40 dollars for the deposit", hits); got["dollar"] != nil {
		t.Errorf("a query's own amount's unit marked %v, want none", got["dollar"])
	}
}

// withForms adds a query word's other spelling of English that a memory
// holds, but not for a word the query writes as a name: "Honor" asks after
// someone else than the store's "Honour".
func TestWithFormsSpellingVariants(t *testing.T) {
	forms, err := llm.NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	shard := index.NewShard(2)
	shard.Upsert(index.Row{ID: "a"}, nil, text.Analyze("Winter tires go on in November"))
	shard.Upsert(index.Row{ID: "b"}, nil, text.Analyze("Lindsay from accounts prefers the grey theme; Honour from sales calls back"))
	e := &Searcher{forms: forms}
	cases := []struct {
		query string
		want  string
		found bool
	}{
		{"when should I swap my tyres", "tire", true},
		{"which gray theme", "grey", true},
		{"what does Lindsey prefer", "lindsay", false},
		{"an honor to work here", "honour", true},
		{"did Honor call back", "honour", false},
	}
	for _, c := range cases {
		if got := e.withForms(shard, c.query); slices.Contains(got, c.want) != c.found {
			t.Errorf("%q: terms %q, want %q among them: %v", c.query, got, c.want, c.found)
		}
	}
}

// voiceShift lowers a one-word match for a question about the world,
// raises it for a question about the user's own life, and leaves requests
// and questions about someone named or referred to as they were.
func TestVoiceShift(t *testing.T) {
	cases := []struct {
		query string
		want  float64
	}{
		{"who painted the ceiling of that chapel", generalShift},
		{"how do I convert a string to an int", generalShift}, // a how-to
		{"what's the tallest building in asia?", generalShift},
		{"how do I renew my library card", personalShift},
		{"when do we need to pay the gas bill", personalShift},
		{"can you check my maths on this spreadsheet formula", 0}, // a request in a question's form
		{"could you book the dentist for next week?", 0},
		{"is it ok for me to skip the gym today?", personalShift},
		{"rename the helper in my last commit", 0}, // a request, not a question
		{"draft an email to the landlord", 0},
		{"when did Oliver start his new job?", 0}, // names someone
		{"when is the kitten due her injections", 0},
		{"¿cuál es mi talla de zapatos?", 0},                           // another language's first person
		{"wann ist mein nächster Zahnarzttermin?", 0},                  // likewise
		{"is the wind good enough to take the dinghy out tomorrow", 0}, // the speaker's own day
		{"what's the weather like in the mountains today?", 0},
		{"", 0},
	}
	for _, c := range cases {
		if got := voiceShift(c.query); got != c.want {
			t.Errorf("voiceShift(%q) = %v, want %v", c.query, got, c.want)
		}
	}
}

// A prompt naming an instance is scored against a memory naming its
// category (llm.WordForms.Kin) when the store lacks the instance's word,
// and a query holding both words counts the topic once: "violin" does not
// credit "fiddle" again when the query writes "fiddle" itself.
func TestMatchTermsKin(t *testing.T) {
	forms, err := llm.NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	shard := index.NewShard(2)
	shard.Upsert(index.Row{ID: "a"}, nil, text.Analyze("User is allergic to penicillin"))
	shard.Upsert(index.Row{ID: "b"}, nil, text.Analyze("User is learning the fiddle"))
	e := &Searcher{forms: forms}
	members := func(query, term string) []string {
		for _, qt := range e.matchTerms(shard, engine.ModeHybrid, query, termContext{}) {
			if qt.Forms[0] == term {
				return qt.Members
			}
		}
		t.Fatalf("%q: no term %q", query, term)
		return nil
	}
	if got := members("the doctor wants to prescribe amoxicillin", "amoxicillin"); !slices.Contains(got, "penicillin") {
		t.Errorf("amoxicillin's members %q, want penicillin among them", got)
	}
	if got := members("how do I tune my violin", "violin"); !slices.Contains(got, "fiddl") {
		t.Errorf("violin's members %q, want fiddl among them", got)
	}
	if got := members("what's the difference between a violin and a fiddle", "violin"); slices.Contains(got, "fiddl") {
		t.Errorf("violin's members %q hold the query's own fiddl", got)
	}
	m := shard.Matches(e.matchTerms(shard, engine.ModeHybrid, "the doctor wants to prescribe amoxicillin", termContext{}), nil, []string{"a", "b"})
	if m[0].QueryCover <= 0 || m[1].QueryCover != 0 {
		t.Errorf("covers %v, want only the penicillin memory's above 0", m)
	}
}

// voiceShifts lowers a question about the world only against memories
// about the user's person, and raises a question about the user's life
// against every memory.
func TestVoiceShifts(t *testing.T) {
	hit := func(s string) engine.Scored { return engine.Scored{Memory: &engine.Memory{Text: s}} }
	hits := []engine.Scored{hit("User plays the oboe on Sundays"), hit("Background jobs go through RabbitMQ"),
		hit("my bike is a grey gravel frame"), {}}
	if got, want := voiceShifts("who invented the oboe", hits), []float64{generalShift, 0, generalShift, 0}; !slices.Equal(got, want) {
		t.Errorf("general question: shifts %v, want %v", got, want)
	}
	if got, want := voiceShifts("when do I play the oboe?", hits), []float64{personalShift, personalShift, personalShift, personalShift}; !slices.Equal(got, want) {
		t.Errorf("personal question: shifts %v, want %v", got, want)
	}
	if got := voiceShifts("add a retry to the jobs", hits); got != nil {
		t.Errorf("request: shifts %v, want none", got)
	}
}

// namesTheUser reads "User" and "my" as the user's person, not a speaker's
// label nor a stored turn's "I".
func TestNamesTheUser(t *testing.T) {
	for s, want := range map[string]bool{
		"User plays the oboe on Sundays":                  true,
		"my bike is a grey gravel frame":                  true,
		"Assistant: Got it, I won't deploy from a branch": false,
		"User: make the nightly export run at 23:30":      false,
		"Background jobs go through RabbitMQ":             false,
	} {
		if got := namesTheUser(s); got != want {
			t.Errorf("namesTheUser(%q) = %v, want %v", s, got, want)
		}
	}
}

// nearInHits links a rare word no memory holds to the hit's word closest
// to it in meaning, and nothing else: not a word a memory holds, not a
// common word or a reaction, not a name, not a word whose nearest is not
// close enough ("goldfish" and "rabbit", 0.51).
func TestNearInHits(t *testing.T) {
	forms, err := llm.NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"User drinks their coffee black and stops after 2 pm", "User has a pet rabbit named Biscuit",
		"User commutes by ferry to the office"}
	shard := index.NewShard(2)
	var hits []engine.Scored
	for i, s := range texts {
		id := string(rune('a' + i))
		shard.Upsert(index.Row{ID: id}, nil, text.Analyze(s))
		hits = append(hits, engine.Scored{Memory: &engine.Memory{ID: id, Text: s}})
	}
	e := &Searcher{forms: forms}
	cases := []struct {
		query, term, want string
	}{
		{"is it too late for an espresso", "espresso", "coffe"},
		{"what time is the last boat home tonight", "boat", "ferri"},
		{"which coffee beans are best", "coffe", ""},          // held
		{"what's a good name for a goldfish", "goldfish", ""}, // not close enough
		{"did Espresso call back", "espresso", ""},            // a name
		{"ok", "ok", ""}, // a reaction
	}
	for _, c := range cases {
		got := e.nearInHits(shard, c.query, hits)[c.term]
		if c.want == "" && len(got) != 0 || c.want != "" && !slices.Contains(got, c.want) {
			t.Errorf("%q: %q is near %q, want %q", c.query, c.term, got, c.want)
		}
	}
	if got := (&Searcher{}).nearInHits(shard, "espresso", hits); got != nil {
		t.Errorf("without word forms: %v, want none", got)
	}
}

// hits are search hits holding texts, in order, as the ranking's tests read them.
func hits(texts ...string) []engine.Scored {
	out := make([]engine.Scored, len(texts))
	for i, x := range texts {
		out[i] = engine.Scored{Memory: &engine.Memory{Text: x}}
	}
	return out
}
