package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Chat lists measurements without a verb: "ring size 7, gloves 8.5". Each item is a
// noun and its value, an attribute of the speaker's ("my ring size is 7"), and a fact of
// its own.

// attrItemRe is one item of such a list: up to three lowercase words and a value that
// starts with a digit, with a short unit perhaps ("43 EU", "32/32", "5'11").
var attrItemRe = lazyre.New(`^([a-z]+(?: [a-z]+){0,2}) (\d[\d./x'"-]*(?: ?[a-z]{1,3})?)$`)

// verblessAttributes rewrites a sentence that is only a list of two or more noun-value
// items as one "my … is …" clause per item, or returns nil.
func verblessAttributes(s string) []string {
	items := strings.FieldsFunc(strings.TrimRight(strings.TrimSpace(s), ".!"), func(r rune) bool { return r == ',' || r == ';' })
	if len(items) < 2 {
		return nil
	}
	var out []string
	for _, it := range items {
		it = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(it), "and "))
		m := attrItemRe.FindStringSubmatch(strings.ToLower(it))
		if m == nil || !attributeNoun(strings.Fields(m[1])) {
			return nil
		}
		out = append(out, "my "+m[1]+" is "+it[len(m[1])+1:])
	}
	return out
}

// attributeNoun reports words that can name an attribute: no verb, pronoun, article,
// preposition or number word, and no noun that counts a sequence ("day 3", "round 2"). A
// word in -s before a value is a plural noun ("gloves 8.5"), not a verb.
func attributeNoun(w []string) bool {
	for _, x := range w {
		if finiteAux[x] || modals[x] || irregularPast[x] || regularPast(x) || len(x) > 5 && strings.HasSuffix(x, "ing") && !activityless[x] || subjectPronouns[x] || firstPerson[x] || determinerOnly(x) || prepositions[x] || possessives[x] ||
			numberWord(x) > 0 || sequenceNouns[x] || adverbs[x] {
			return false
		}
	}
	return true
}

// sequenceNouns number a place in a sequence, not an attribute of the speaker.
var sequenceNouns = set(`day days week weeks month months year years hour hours minute minutes second seconds
page pages chapter chapters level levels round rounds season seasons episode episodes part parts step steps
room rooms gate gates row rows seat seats table tables floor floors line lines number version track tracks
question questions game games match matches lap laps mile miles km set sets rep reps grade class
section item items stage stages phase act scene verse psalm problem exercise task`)
