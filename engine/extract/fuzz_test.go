package extract

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// oddSeeds are inputs real chats and a security probe send that rule code
// tends to trip on: emoji, right-to-left text, combining marks, NUL and
// invalid UTF-8, very long words, bare punctuation, unbalanced quotes and
// brackets, markdown and code, URLs, odd dates and numbers, lone pronouns
// and repeated frames. The extractor's fuzz targets all start from them.
var oddSeeds = []string{
	"Can you remember that ??", "remember that remember that remember that", "Remember: remember: I",
	"I I I", "I", "me", "my", "we", "you", "I'm", "I'm .", "my my my my", "Note that I", "FYI: ",
	"I moved to Paris two days ago.", "I live in Paris and work at Google, and my sister lives in Rome.",
	"My wife and I moved to Lisbon on Monday, May 25, 2022.", "I'm 34, a , and I",
	"I 💜 sushi 🍣🍣 and my dog 🐕 is called Rex", "👩‍👩‍👧‍👦", "أنا أعيش في القاهرة", "אני גר בתל אביב. I live in Haifa",
	"I live in Zürich", "I live in Zu\u0308rich", "e\u0301\u0301\u0301\u0301", "\u0301I like tea",
	"I live in \x00Paris", "\x00", "I like \xff\xfe tea", "\xc3", "I moved to \xe2\x82", "I'\xffm vegan",
	"I love " + strings.Repeat("a", 5000), strings.Repeat("supercalifragilistic", 300) + " is my favourite word",
	"...", "?!?!", "!!!", ",,,,", ";;;", "::", "'", `"`, "(", ")", "[[[", "]]]", "—", "…", "- - -",
	`I said "I live in Paris`, "I (really) like (tea", "my favourite food is [pizza", "I'm {vegan}}}",
	"```go\nfunc main() {}\n```\nI use Go at work", "```\nI live in Paris", "# I live in Paris\n- I like tea\n* ",
	"> I live in Paris", "I use `kubectl` and **Helm** _daily_", "| a | b |\n|---|---|\n| I | like |",
	"I work at https://example.com/jobs?id=1&x=2.", "my email is a@b.co, my site is www.x.io/~me",
	"I moved on 2024-13-45", "I was born on 31/02/1990", "I moved 99/99/99", "on 1.2.3.4 I", "in 0000",
	"since 1e309", "I'm -1 years old", "I'm 99999999999999999999 years old", "I moved 3rd of Juneteenth",
	"from May 20 to May 27 and June 3 and July 4 until August", "yesterday yesterday yesterday tomorrow",
	"last last last week", "next Monday's Monday", "in 2015, since 2015, until 2015", "12:99pm",
	"I moved to Paris yesterday 3rd of June 2023 next week", "by the 31st of February", "Q3 FY24",
	"I don't not not eat meat", "I no longer no longer live in Oslo", "I used to used to like tea",
	"My name is", "My name is my name is Bob", "Call me", "I'm called", "I work as a", "I work at at at",
	"He", "She is", "They", "it it it", "his name is", "We got a puppy! His name is",
	"I'm vegan; I'm not vegan; I'm vegan", "I live in Paris\r\nI live in Rome\rI live in Oslo",
	"\t\t  I   live \u00a0 in\u2003Paris  ", "\u200bI\u200b live\u200d in Paris", "\u202eI live in Paris\u202c",
	"I LIVE IN PARIS", "i live in paris", "I'M VEGAN", "Mr. . . ?!", "Dr. Dr. Dr.", "e.g. i.e. etc.",
	"DATEREF", "I DATEREF moved", "\x1b[31mI live in Paris\x1b[0m", "<script>alert(1)</script> I like tea",
	"'; DROP TABLE memories; --", "{{.Env}} ${HOME} $(rm -rf /)", "%s%s%n%x", "../../etc/passwd",
}

// FuzzExtractExchange drives the built-in extractor over a one- and a
// two-message request: a user turn and an assistant turn with speaker
// names, in either order, with and without agent memory. No input may
// panic, fail, or produce a fact without text or with an unresolved date.
func FuzzExtractExchange(f *testing.F) {
	for i, s := range oddSeeds {
		f.Add(s, oddSeeds[(i*7+3)%len(oddSeeds)], "Alice", uint8(i))
	}
	f.Add("Do you live in Paris?", "Yes, for three years.", "", uint8(1))
	f.Add("What's your favourite colour?", "Blue", "  ", uint8(1))
	f.Add("I live in Paris", "", "\u202e\x00", uint8(6))
	x := NewBuiltin()
	f.Fuzz(func(t *testing.T, a, b, name string, shape uint8) {
		req := exchange(a, b, name, shape)
		start := time.Now()
		facts, err := x.Extract(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > runaway {
			t.Errorf("Extract took %v on %q / %q", d, a, b)
		}
		for _, fact := range facts {
			if strings.TrimSpace(fact.Text) == "" || strings.Contains(fact.Text, dateMark) {
				t.Fatalf("bad fact %+v from %q / %q", fact, a, b)
			}
		}
		Substantive(req.Messages[0])
		Question(req.Messages[len(req.Messages)-1])
	})
}

// exchange builds the request shape picks: one message or two, which role
// speaks first, whether the speaker is named, and agent memory.
func exchange(a, b, name string, shape uint8) Request {
	roles := [2]string{"user", "assistant"}
	if shape&1 != 0 {
		roles = [2]string{"assistant", "user"}
	}
	msgs := []Message{{ID: "m1", Role: roles[0], Content: a}}
	if shape&2 != 0 {
		msgs = append(msgs, Message{ID: "m2", Role: roles[1], Content: b, CreatedAt: refTime.Add(time.Minute)})
	}
	if shape&4 != 0 {
		for i := range msgs {
			if msgs[i].Role == "user" {
				msgs[i].Name = name
			}
		}
	}
	return Request{Now: refTime, Messages: msgs, AgentMemory: shape&8 != 0}
}

// FuzzTextHelpers drives the helpers Extract chains, each on its own so a
// crash names the helper: line, sentence and clause splitting, the
// third-person rewrite, canonical templates, date resolution and slots.
func FuzzTextHelpers(f *testing.F) {
	for _, s := range oddSeeds {
		f.Add(s)
	}
	dates := newDateResolver()
	f.Fuzz(func(t *testing.T, s string) {
		start := time.Now()
		for _, line := range proseLines(s) {
			for _, sent := range sentences(line) {
				for _, c := range clauses(sent) {
					splitStatements(c)
				}
			}
		}
		third := toThirdPerson(preNormalise(stripLead(s)), "Alice", "Assistant")
		canonicalise(third)
		canonicalise(s)
		for _, tn := range []tense{tensePast, tensePresent, tenseFuture} {
			for _, d := range dates.resolveAll(s, refTime, tn) {
				if d.start < 0 || d.end > len(s) || d.start > d.end {
					t.Fatalf("date span [%d,%d) outside %q", d.start, d.end, s)
				}
			}
		}
		if slot := SlotOf(s); slot != nil {
			Contradicts(*slot, *slot)
		}
		if other := SlotOf(third); other != nil {
			SameState(*other, *other)
			MovedOn(*other, *other)
		}
		NewMeans(s, third)
		TakesBack(s, third)
		NewSchedule(s, third)
		NewForPurpose(s, third)
		if e := excerpt(s); utf8.RuneCountInString(e) > 200 || utf8.RuneCountInString(s) <= 200 && e != s {
			t.Fatalf("excerpt(%q) = %q", s, e)
		}
		if d := time.Since(start); d > runaway {
			t.Errorf("helpers took %v on %q", d, s)
		}
	})
}

// fuzzWords are the words and marks the extraction rules key on, for
// FuzzExtractWords to build sentences from: pronouns, copulas and
// auxiliaries, the verbs of the templates, prepositions and conjunctions,
// date words, names, frames and punctuation, and a few odd tokens.
var fuzzWords = append(strings.Fields(`I I'm I've I'd I'll me my myself we we're our you your he she they it
his her their them this that there here am is are was were be been have has had do does did don't
doesn't didn't not no never no longer used to will would can should must might going
live lived living moved move moving work works worked working at as for in on to from into with by of
about since until through and or but so because while when if after before also actually
just really still usually always now anymore instead switched migrated replaced quit stopped started
joined left love like likes hate prefer enjoy eat eats play plays use uses using named called
name call remember note forget remind keep mind that everything tell said say told know think
a an the one two 3 34 2015 2024-05-01 31/02/1990 5pm 1st 3rd of
today yesterday tomorrow last next this week month year weekend Monday Friday May June
morning evening ago later day
Alice Bob Paris Berlin Google Acme Rex sister wife husband dog cat son daughter
engineer teacher doctor vegan vegetarian allergic coffee tea pizza Go Python Postgres npm pnpm
favourite favorite color food age old years project main port 8080 API CI
Correction: Update: FYI: Note: Actually, Hi! Thanks! Yes No
. . , , ! ? ?? ; : ... - – ( ) [ ] " ' * > / 💜 🍣 é`),
	"`", "```", "\u0301", "\u202e", "\x00", "\xff", "\n", "\n\n", "\t")

// FuzzExtractWords drives the extractor with sentences built from
// fuzzWords, one byte a word: random bytes rarely spell the statements the
// rules match, these do, in every odd order.
func FuzzExtractWords(f *testing.F) {
	f.Add([]byte{0, 10, 20, 30, 40, 50, 60}, uint8(0))
	f.Add([]byte("remember that I moved to Paris last week"), uint8(2))
	f.Add([]byte{255, 254, 253, 1, 1, 1, 1}, uint8(6))
	if len(fuzzWords) > 0xff {
		f.Fatalf("%d fuzzWords: one byte reaches only 255 (0xff splits the messages)", len(fuzzWords))
	}
	x := NewBuiltin()
	f.Fuzz(func(t *testing.T, picks []byte, shape uint8) {
		var a, b strings.Builder
		w := &a
		for _, p := range picks {
			if p == 0xff && w == &a {
				w = &b // the rest is the second message
				continue
			}
			word := fuzzWords[int(p)%len(fuzzWords)]
			if w.Len() > 0 && !strings.ContainsAny(word[:1], ".,!?;:)") {
				w.WriteByte(' ')
			}
			w.WriteString(word)
		}
		req := exchange(a.String(), b.String(), "Alice", shape)
		start := time.Now()
		facts, err := x.Extract(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > runaway {
			t.Errorf("Extract took %v on %q / %q", d, a.String(), b.String())
		}
		for _, fact := range facts {
			if strings.TrimSpace(fact.Text) == "" || strings.Contains(fact.Text, dateMark) {
				t.Fatalf("bad fact %+v from %q / %q", fact, a.String(), b.String())
			}
		}
	})
}

// The excerpt keeps a sentence of up to 200 characters whole and cuts a
// longer one at a word boundary, counting characters, not bytes.
func TestExcerptLength(t *testing.T) {
	for _, tt := range []struct {
		name, in, want string
	}{
		{"200 characters", strings.Repeat("é", 200), strings.Repeat("é", 200)},
		{"201 characters", strings.Repeat("é", 201), strings.Repeat("é", 199) + "…"},
		{"at a space", strings.Repeat("ab ", 100), strings.TrimSpace(strings.Repeat("ab ", 66)) + "…"},
		{"invalid bytes count one each", strings.Repeat("\xff", 201), strings.Repeat("\ufffd", 199) + "…"},
	} {
		if got := excerpt(tt.in); got != tt.want {
			t.Errorf("%s: excerpt = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// runaway is how long one fuzz input may take before the test calls it a
// runaway (a backtracking or quadratic pattern takes minutes on a long
// input). It is far above a normal input's milliseconds so a machine shared
// with other test runs does not fail it; speed itself is measured by the
// benchmarks, not here.
const runaway = 10 * time.Second
