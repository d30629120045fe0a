package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// dateMark stands for a resolved date phrase while a clause is rewritten; it is replaced by
// the rendered date afterwards.
const dateMark = "DATEREF"

var contractions = map[string]string{
	"i'm": "I am", "i've": "I have", "i'll": "I will", "i'd": "I would",
	"we're": "we are", "we've": "we have", "we'll": "we will", "we'd": "we would",
	"you're": "you are", "you've": "you have", "you'll": "you will",
	"don't": "do not", "doesn't": "does not", "didn't": "did not", "can't": "cannot", "won't": "will not",
	"haven't": "have not", "hasn't": "has not", "isn't": "is not", "aren't": "are not", "wasn't": "was not",
	"weren't": "were not", "wouldn't": "would not", "couldn't": "could not", "shouldn't": "should not",
	"it's": "it is", "that's": "that is", "there's": "there is", "let's": "let us",
	"ain't": "is not",
}

// chunk is a whitespace-separated piece of a clause: a word with the punctuation around it. A rewrite gives
// the clause back as written, punctuation and all, which text.Scan's words cannot do; so the clause is cut
// into chunks, and only their cores are compared as words.
type chunk struct{ pre, core, post string }

func (t chunk) lower() string { return strings.ToLower(t.core) }

func chunks(s string) []chunk {
	var out []chunk
	for _, f := range strings.Fields(s) {
		core := strings.TrimLeftFunc(f, isEdgePunct)
		pre := f[:len(f)-len(core)]
		trimmed := strings.TrimRightFunc(core, isEdgePunct)
		out = append(out, chunk{pre: pre, core: trimmed, post: core[len(trimmed):]})
	}
	return out
}

func isEdgePunct(r rune) bool { return strings.ContainsRune(`.,!?;:"()[]{}'*_`, r) }

func join(ts []chunk) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.pre + t.core + t.post)
	}
	return b.String()
}

// expandContractions spells out "I'm", "don't"… so that the rewriting sees one word per role.
func expandContractions(ts []chunk) []chunk {
	out := make([]chunk, 0, len(ts)+4)
	for _, t := range ts {
		exp, ok := contractions[t.lower()]
		if !ok {
			out = append(out, t)
			continue
		}
		parts := strings.Fields(exp)
		if t.core != "" && unicode.IsUpper(rune(t.core[0])) {
			parts[0] = capitalise(parts[0])
		}
		for i, p := range parts {
			nt := chunk{core: p}
			if i == 0 {
				nt.pre = t.pre
			}
			if i == len(parts)-1 {
				nt.post = t.post
			}
			out = append(out, nt)
		}
	}
	return out
}

// toThirdPerson rewrites a first-person clause about speaker into the third person:
// "I don't eat meat" → "User does not eat meat", "my sister" → "User's sister".
// With addressee set, "you" becomes the addressee (agent memory: "you should…" → "Assistant should…").
func toThirdPerson(clause, speaker, addressee string) string {
	ts := expandContractions(chunks(clause))
	for i := range ts {
		lc := ts[i].lower()
		switch {
		case lc == "i" || lc == "we" || addressee != "" && lc == "you":
			name := speaker
			if lc == "you" {
				name = addressee
			}
			ts[i].core = name
			compound := i >= 2 && (ts[i-1].lower() == "and" || ts[i-1].lower() == "or")
			if !compound {
				conjugateAfter(ts, i+1)
			}
		case lc == "me" || ts[i].core == "us":
			ts[i].core = speaker
		case (lc == "my" || lc == "our") && ownMind(ts, i):
			ts[i].core = "their" // "User changed their mind": no thing of User's, as "User's keys" are
		case lc == "my" || lc == "our" || lc == "mine" || lc == "ours":
			ts[i].core = speaker + "'s"
		case lc == "myself" || lc == "ourselves":
			ts[i].core = "themself"
		case addressee != "" && lc == "your":
			ts[i].core = addressee + "'s"
		}
	}
	return tidy(join(dropFillers(ts)))
}

// ownMind reports the possessive at i in "changed my mind", the one idiom in which it names
// the subject's own mind and no thing they own. Others ("did my best", "took my time")
// keep the speaker's name: a fact naming its speaker twice ranks higher for a question
// about them, and LoCoMo recall fell when they lost it (d4e5769).
func ownMind(ts []chunk, i int) bool {
	if i == 0 || i+1 >= len(ts) || ts[i+1].lower() != "mind" {
		return false
	}
	switch ts[i-1].lower() {
	case "change", "changed", "changes", "changing":
		return true
	}
	return false
}

// floatingQuantifiers stand between a plural subject and its verb ("we both have", "they
// all live"): the verb comes after them, they are no verb themselves.
var floatingQuantifiers = set(`both all each`)

// conjugateAfter puts the verb that follows a rewritten subject into the third person singular,
// skipping adverbs ("I usually fly" → "usually flies").
func conjugateAfter(ts []chunk, j int) {
	for j < len(ts) {
		lc := ts[j].lower()
		if lc == dateMark || adverbs[lc] && lc != "no" || floatingQuantifiers[lc] || lc == "no" && j+1 < len(ts) && ts[j+1].lower() == "longer" {
			j++
			continue
		}
		break
	}
	if j >= len(ts) {
		return
	}
	lc := ts[j].lower()
	switch {
	case lc == "am" || lc == "are":
		ts[j].core = "is"
	case lc == "were":
		ts[j].core = "was"
	case lc == "have":
		ts[j].core = "has"
	case lc == "do":
		ts[j].core = "does"
	case modals[lc] || irregularPast[lc] || shortPast(lc) || lc == "was" || lc == "not":
		// unchanged
	case isPlainWord(lc):
		ts[j].core = conjugate3(lc)
	}
}

func isPlainWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// conjugate3 turns a base verb into its third-person singular present form.
func conjugate3(v string) string {
	switch v {
	case "be":
		return "is"
	case "have":
		return "has"
	case "do":
		return "does"
	case "go":
		return "goes"
	}
	n := len(v)
	switch {
	case strings.HasSuffix(v, "s") || strings.HasSuffix(v, "sh") || strings.HasSuffix(v, "ch") ||
		strings.HasSuffix(v, "x") || strings.HasSuffix(v, "z") || strings.HasSuffix(v, "o"):
		return v + "es"
	case n > 1 && v[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(v[n-2])):
		return v[:n-1] + "ies"
	}
	return v + "s"
}

// dropFillers drops the emphasis adverbs of a clause, but not "just" after "not": "not
// just this one" means "this one and more", and without "just" the clause would say the
// opposite ("not this one"). "not really" only softens the "not", so it may go.
func dropFillers(ts []chunk) []chunk {
	out := ts[:0:0]
	for i, t := range ts {
		notJust := t.lower() == "just" && i > 0 && ts[i-1].lower() == "not" && ts[i-1].post == ""
		if fillerAdverbs[t.lower()] && t.pre == "" && t.post == "" && !notJust {
			continue
		}
		out = append(out, t)
	}
	return out
}

// tidy trims trailing punctuation and emoji, collapses spaces and capitalises the first letter.
// The ASCII modifier symbols stay: a backtick marks code ("`make lint`") and a caret a version
// range ("^4.2"); only emoji and their modifiers (skin tones) are mood.
func tidy(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) && r >= utf8.RuneSelf || r == '\uFE0F' || r == '\u200D' {
			return -1
		}
		return r
	}, s)
	s = emoticonRe.ReplaceAllString(s, " ")
	s = strings.Join(strings.Fields(s), " ")
	s = strings.TrimRight(s, " .!?,;:-—–")
	if dottedInitialsRe.MatchString(s + ".") {
		s += "." // "Fontaines D.C.": the last stop is the initials', not the sentence's
	}
	return capitalise(s)
}

// emoticonRe finds a typed emoticon standing alone: ":(", ":-)", ";P", ":D", "xD", "<3". Like
// an emoji it is a mood, not part of the fact ("our cat passed away last week :(").
var emoticonRe = lazyre.New(`(?:^|\s)(?:[:;=][-']?[()DPpOo/\\|3*\]\[]+|[xX]D+|<3+|:'\()(?:\s|$)`)

func capitalise(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// notDroppedSubject are past participles that open a clause as adjectives, not as
// verbs whose subject was left out: "Based in Berlin", "Excited about the trip".
var notDroppedSubject = set(`was were did based located excited interested tired bored worried scared surprised
pleased supposed related attached needed meant said wanted hoped thought guessed figured`)

// bareContractions are contractions typed without their apostrophe; each spelling is no
// English word of its own ("ill", "id", "wont" and "were" are, and are left alone).
var bareContractions = map[string]string{"im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't",
	"didnt": "didn't", "cant": "can't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't",
	"havent": "haven't", "hasnt": "hasn't", "wouldnt": "wouldn't", "couldnt": "couldn't", "shouldnt": "shouldn't"}

// withApostrophes restores the apostrophes chat leaves out: "im 28 now" is "I'm 28 now".
func withApostrophes(clause string) string {
	words := strings.Split(clause, " ")
	changed := false
	for i, w := range words {
		if c, ok := bareContractions[strings.ToLower(w)]; ok {
			words[i], changed = c, true
		}
	}
	if !changed {
		return clause
	}
	return strings.Join(words, " ")
}

// withKinOwner gives a family member named by the bare kin word the speaker as owner, as
// chat leaves out the "my": "mom moved to York" is about the speaker's mom, as "my mom
// lives in Leeds" was.
func withKinOwner(clause string) string {
	clause = withRoutineArticle(clause) // "standup moved to 10:15" (bareroutine.go)
	first, rest, ok := strings.Cut(clause, " ")
	if ok && strings.EqualFold(first, "the") {
		// "We're vegetarians, but the kids eat chicken": a household's "the kids" are the
		// speaker's, and so is "the kids' school".
		if kin, more, ok := strings.Cut(rest, " "); ok && householdKin[strings.TrimRight(strings.TrimSuffix(strings.ToLower(kin), "'s"), "'")] {
			return "my " + strings.ToLower(kin) + " " + more
		}
	}
	kin := strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(first), "'s"), "’s")
	if ok && ownAttributes[kin] && ownAttributeVerbRe.MatchString(first+" "+rest) {
		if kin != strings.ToLower(first) {
			return "my " + kin + " is " + rest // "rent's 1200 now"
		}
		return "my " + kin + " " + rest // "anniversary is june 3rd"
	}
	if !ok || !familyNames[kin] {
		return clause // "mom's birthday is June 13" is the speaker's mom's, as "mom" is
	}
	return "my " + strings.ToLower(first) + " " + rest
}

// ownAttributes are things of one's own that chat names without "my" when it says what
// they are: "anniversary is june 3rd", "rent's 1200 now". Only these: "traffic is
// terrible" or "coffee is my favourite" are not the speaker's.
var ownAttributes = set(`anniversary birthday bday rent mortgage salary commute address shift budget
deadline curfew bedtime`)

// ownAttributeVerbRe is such a thing followed by its verb: "birthday is", "rent's".
var ownAttributeVerbRe = lazyre.New(`(?i)^[a-z]+(?:'s|’s|\s+(?:is|was|will be|moved to|went up to|goes up to)\b)`)

// householdKin are the family members a speaker names with "the" as often as with "my".
var householdKin = set(`kids children baby twins`)

// droppedOriginRe starts a state of the speaker's said without "I am": "Originally from
// Manila but…", "Not a fan of horror movies", "allergic to cats lol", "Back down to 15
// miles a week" (an amount returned to).
var droppedOriginRe = lazyre.New(`(?i)^(?:originally from|not (?:an? )?(?:big |huge )?fan of|(?:an? )?(?:big|huge) fan of|allergic to|obsessed with|addicted to)\s*\S`)

// droppedEventRe opens a clause that names an appointment of the speaker's without "I have":
// "dentist appointment on thursday at 3pm", "job interview monday". Group 1 is the
// determiner, if any. The event must come with a date (withDroppedSubject checks).
var droppedEventRe = lazyre.New(`(?i)^((?:an?|my|the)\s+)?(?:[a-z-]+\s+){0,2}(?:appointment|appt|interview|exam|surgery|flight|recital|checkup|check-up|physio|therapy session|vet visit)\b`)

// datedNext reports whether rest, what follows an event's name, goes on with its date or
// place and no verb: "on thursday at 3pm", "monday", not "is at 7am", "got cancelled".
func datedNext(rest string) bool {
	w := text.Tokens(rest)
	return len(w) > 0 && (prepositions[w[0]] || dateCues[w[0]]) && hasDateCue(rest) && !finiteIn(w)
}

// withDroppedSubject restores the subject chat leaves out of a first-person statement:
// "moved to edinburgh last week" and "Just turned 30" say what the speaker did, as do
// "been learning portuguese", "training for a half marathon in march", "born in Cork", a
// dated "dentist appointment on thursday", "three cats now" and "Originally from Manila".
func withDroppedSubject(clause string) string {
	if m := countNowRe.FindStringSubmatch(clause); m != nil && !measureNouns[strings.ToLower(m[2])] {
		return "I have " + m[1] + " " + m[2] + " now" // "(so) three cats now": the count had since the change told before
	}
	if m := droppedEventRe.FindStringSubmatch(clause); m != nil && datedNext(clause[len(m[0]):]) {
		if m[1] == "" {
			return "I have a " + strings.ToLower(clause[:1]) + clause[1:] // "dentist appointment on thursday at 3pm"
		}
		return "I have " + strings.ToLower(clause[:1]) + clause[1:]
	}
	if droppedOriginRe.MatchString(clause) || returnedAmount(clause) {
		return "I am " + strings.ToLower(clause[:1]) + clause[1:] // "Originally from Manila", "Not a fan of…"
	}
	words := strings.Fields(clause)
	i := 0
	for i < 2 && i < len(words) && adverbs[strings.ToLower(words[i])] {
		i++ // "Just turned 30", "finally quit smoking"
	}
	if len(words) < i+2 {
		return clause
	}
	w := strings.ToLower(words[i])
	if w == "born" && i == 0 {
		return "I was " + strings.ToLower(clause[:1]) + clause[1:] // "born and raised in Cork", "born in 1990"
	}
	if !saysWhatTheSpeakerDid(words[i+1:]) {
		return clause
	}
	switch {
	case w == "been" && beenDoing(strings.ToLower(words[i+1])):
		return "I have " + strings.ToLower(clause[:1]) + clause[1:] // "been learning portuguese for a year"
	case progressive(w, words[i+1:]) && (ongoingAdverb(words[:i]) || datedAhead(clause)):
		return "I am " + strings.ToLower(clause[:1]) + clause[1:] // "currently reading Dune", "training for a half marathon in march"
	case notDroppedSubject[w] || !(irregularPast[w] || regularPast(w)):
		return clause
	}
	return "I " + strings.ToLower(clause[:1]) + clause[1:]
}

// progressive reports whether w, opening a clause before rest, is a verb in -ing whose
// subject chat left out ("training for a half marathon in march"), not a gerund that is the
// subject ("running is my favourite thing", "having a furry pal brightens my days") nor a
// noun in -ing ("wedding on saturday", "nothing much"). Short forms ("doing", "going",
// "being") say too little alone.
func progressive(w string, rest []string) bool {
	if len(w) <= 5 || !strings.HasSuffix(w, "ing") || ingNouns[w] || notProgressive[w] {
		return false
	}
	for _, r := range rest {
		v := strings.ToLower(strings.TrimRight(r, ",.!?;:"))
		if finiteAux[v] || modals[v] || likelyVerb(v) {
			return false
		}
		if strings.HasSuffix(r, ",") {
			break
		}
	}
	return true
}

// ongoingAdverb reports an adverb that makes an -ing clause a state that goes on
// ("currently reading", "still learning"), where "just checking out…" or "mostly chilling"
// tells what the speaker is doing this minute.
func ongoingAdverb(adverbs []string) bool {
	for _, a := range adverbs {
		if a := strings.ToLower(a); a == "currently" || a == "still" {
			return true
		}
	}
	return false
}

// datedAhead reports a date in the clause that is not the day itself: "training for a half
// marathon in march", not "ensuring the essentials are in order for today".
func datedAhead(clause string) bool { return hasDateCueBut(clause, sameDayWords) }

// sameDayWords are date cues of the moment of speaking.
var sameDayWords = set(`today tonight now`)

// beenDoing reports whether the word after a dropped "I've been" says what the speaker has
// been doing or where ("been learning", "been to Rome"): "been a busy week" and "been
// hectic lately" drop "it's", not "I've".
func beenDoing(next string) bool {
	return next == "to" || len(next) > 4 && strings.HasSuffix(next, "ing") && !notProgressive[next]
}

// notProgressive end in -ing but open a clause as nouns or prepositions.
var notProgressive = set(`nothing something anything everything morning evening wedding building meeting ceiling
during sibling pudding feeling ending heading thing spring string offspring`)

// countNowRe is a count said with "now" and nothing else, after a change told before
// it ("we adopted a kitten, so three cats now"). Groups: 1 the count, 2 the things.
var countNowRe = lazyre.New(`(?i)^(?:(?:that's|thats|that makes|which makes|making it)\s+)?(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+([a-z]+s)\s+now[.!]*$`)

// measureNouns are the units a count "now" measures, not things had: "3 weeks now" is
// how long, "5 miles now" how far.
var measureNouns = set(`seconds minutes mins hours hrs days weeks months years times miles kms kilometers kilometres
meters metres laps reps sets lbs pounds kilos kgs grams steps pages percent dollars euros bucks points levels`)

// saysWhatTheSpeakerDid reports whether the words after a clause's leading past verb
// read as what the speaker did. They do not when the clause speaks to or of the other
// person ("missed you", "had your loved ones celebrate with you": the listener may be
// the one who did it), when its object is only a pointer ("got it", "saw this coming":
// an acknowledgement, nothing to keep), when the verb is one of a list of participles
// ("loved and supported has meant a lot": an adjective phrase), or when the clause
// names a subject of its own ("Determined I can be", "Blessed we both have this mindset").
func saysWhatTheSpeakerDid(rest []string) bool {
	if len(rest) == 0 || pointerObjects[strings.ToLower(strings.Trim(rest[0], ",.!?"))] {
		return false
	}
	if first := strings.ToLower(rest[0]); first == "and" || first == "or" || first == "me" || first == "us" || strings.HasSuffix(first, ",") && !capitalised("", rest[0]) {
		return false // "took me 3 tries", "cost us a fortune": the speaker is the object, something else did it; "Finished Dune, now …" names its object
	}
	for _, r := range rest {
		if w := strings.ToLower(strings.Trim(r, ",.!?;:'\"()")); secondPerson[w] || ownSubjects[w] {
			return false
		}
	}
	return true
}

// ownSubjects name a clause's own subject: after one, a leading past verb had a subject
// all along. Unlike subjectPronouns it leaves out "it", which follows a verb as its
// object ("loved it"), and "you" (secondPerson).
var ownSubjects = set(`i i'm i've i'd i'll we he she they`)

// regularPast reports whether w looks like a regular past form: "-ed", but not a verb
// whose own spelling ends so ("succeed", "need", "proceed").
func regularPast(w string) bool {
	if len(w) <= 4 || !strings.HasSuffix(w, "ed") {
		return false
	}
	return !strings.HasSuffix(w, "eed") || pastEed[w]
}

// shortPast reports a past that ends in "ed", the regular ones and the short "led", "fed",
// "fled", but not "need", "feed" or "seed", which are present forms.
func shortPast(w string) bool {
	return regularPast(w) || len(w) <= 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")
}

// pastEed are the past forms that end in "eed".
var pastEed = set(`agreed freed decreed guaranteed refereed disagreed`)

// pointerObjects are objects that only point back at what was said: after one, a past
// verb with no subject is an acknowledgement ("got it", "saw that coming").
var pointerObjects = set(`it this that these those so`)
