package text

import "strings"

// possessiveEndings are the endings of a singular possessive, typed with a straight or a
// curly apostrophe: "Priya's", "Priya’s".
var possessiveEndings = []string{"'s", "’s"}

// CutPossessive returns word without a closing possessive "'s" or "’s", and whether it
// had one. A word that is only the ending ("'s") is no possessive of anything and is
// returned as it is. A plural's bare apostrophe ("the neighbours'") is left to the
// caller: for most a trailing apostrophe is a closing quote.
func CutPossessive(word string) (string, bool) {
	for _, e := range possessiveEndings {
		if len(word) > len(e) && strings.HasSuffix(word, e) {
			return word[:len(word)-len(e)], true
		}
	}
	return word, false
}
