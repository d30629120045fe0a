package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A habit given up is said with what the habit's doer was called before ("User is a
// smoker" → "User no longer smokes"), and often with when or why after a comma ("…,
// quit in February"). The doer's noun is the verb's ("smoke" → "smoker"), so the habit
// given up ends it, as it ends "User smokes".

// noLongerHead returns the first clause of t when it says something holds no longer and
// a comma ends it ("User no longer smokes, quit in February": "User no longer smokes"):
// the rest says when or why, which fills no slot of its own.
func noLongerHead(t string) (string, bool) {
	head, _, ok := strings.Cut(t, ", ")
	return head, ok && strings.Contains(strings.ToLower(head), " no longer ")
}

// doerRe: "User is a smoker", "Ana is a heavy drinker". Groups: 1 the subject, 2 the
// doer's noun.
var doerRe = lazyre.New(`^(\S+(?: \S+){0,2}?) is an? (?:[a-z]+ )?([a-z]{3,}er)$`)

// GaveUpDoing reports whether n, a slot that says its subject no longer does a thing
// ("does": "not smoke"), ends oldFact, which calls that subject the thing's doer.
func GaveUpDoing(oldFact string, n Slot) bool {
	verb, ok := strings.CutPrefix(normValue(n.Value), "not ")
	if !ok || strings.Contains(verb, " ") || len(verb) < 3 {
		return false
	}
	m := doerRe.FindStringSubmatch(strings.TrimRight(cleanFactText(oldFact), "."))
	if m == nil || normSubject(m[1]) != normSubject(n.Subject) {
		return false
	}
	return doerOf(verb) == m[2]
}

// doerOf is the noun for one who does verb: "smoke" → "smoker", "drink" → "drinker",
// "run" → "runner".
func doerOf(verb string) string {
	switch n := len(verb); {
	case strings.HasSuffix(verb, "e"):
		return verb + "r"
	case n > 2 && strings.ContainsRune("bdgmnpt", rune(verb[n-1])) && strings.ContainsRune("aeiou", rune(verb[n-2])) &&
		!strings.ContainsRune("aeiou", rune(verb[n-3])):
		return verb + verb[n-1:] + "er" // "run" → "runner", "swim" → "swimmer"
	}
	return verb + "er"
}
