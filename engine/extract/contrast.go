package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Chat states what holds and, in the same breath, what does not: "I'm allergic to wasps,
// not bees", "im vegetarian, my husband isnt". The second half is a fact of its own, a
// negated one, and it takes its verb (and for a bare "isn't", its predicate) from the
// first.

// contrastJointRe is where a sentence turns to what does not hold: ", not bees", " but not
// bees".
var contrastJointRe = lazyre.New(`(?i)(?:,\s+(?:but\s+)?|\s+but\s+)not\s+`)

// splitContrast splits "I'm allergic to wasps, not bees" into "I'm allergic to wasps" and
// "I'm not allergic to bees". The first half must be a copula with an adjective and its
// preposition; what follows the next comma after the contrast is a clause of its own.
func splitContrast(s string) []string {
	loc := contrastJointRe.FindStringIndex(s)
	if loc == nil {
		return []string{s}
	}
	left := strings.Fields(s[:loc[0]])
	p := sharedObjectStart(left)
	if p < 3 || p >= len(left) || !copulaWord(left[p-3:p-2]) || !prepositions[strings.ToLower(left[p-1])] {
		return []string{s}
	}
	right, tail, _ := strings.Cut(s[loc[1]:], ",")
	if n := len(strings.Fields(right)); n == 0 || n > 4 || hasClauseVerb(strings.Fields(right)) {
		return []string{s}
	}
	negated := strings.Join(left[:p-2], " ") + " not " + strings.Join(left[p-2:p], " ") + " " + strings.TrimSpace(right)
	out := []string{s[:loc[0]], negated}
	if strings.TrimSpace(tail) != "" {
		out = append(out, strings.TrimSpace(tail))
	}
	return out
}

// copulaWord reports a one-word copula, contracted or not: "I'm", "im", "is", "are".
func copulaWord(w []string) bool {
	if len(w) != 1 {
		return false
	}
	switch strings.ToLower(w[0]) {
	case "i'm", "im", "we're", "am", "is", "are":
		return true
	}
	return false
}

// bareNegationRe is a clause that only negates, with its predicate left to the clause
// before: "my husband isnt", "my son doesn't".
var bareNegationRe = lazyre.New(`(?i)^((?:my|our)\s+[a-z]+)\s+(?:isn't|isnt|is not|ain't)\s*(?:tho|though|either)?[.!]*$`)

// copulaPredicateRe is the adjective a first-person copula states: "I'm vegetarian since
// 2019" states "vegetarian".
var copulaPredicateRe = lazyre.New(`(?i)^(?:i'm|im|i am|we're|we are)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)(?:\s+(?:since|for|from|in|at|on|like|now)\b|[,.!]*$)`)

// withNegatedPredicates fills a bare negation from the clause before it: after "I'm
// vegetarian", "my husband isn't" is "my husband isn't vegetarian".
func withNegatedPredicates(cs []string) []string {
	for i := 1; i < len(cs); i++ {
		m := bareNegationRe.FindStringSubmatch(strings.TrimSpace(cs[i]))
		if m == nil {
			continue
		}
		if pred := copulaPredicateRe.FindStringSubmatch(strings.TrimSpace(cs[i-1])); pred != nil && !determinerOnly(strings.Fields(pred[1])[0]) {
			cs[i] = m[1] + " is not " + pred[1]
		}
	}
	return cs
}
