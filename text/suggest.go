package text

import (
	"fmt"
	"strings"
)

// DidYouMean is `; did you mean "NAME"?` for the one of names a mistyped
// word most likely meant (a letter missing, extra, wrong or two swapped,
// or a capital: "serv", "exprot", "key", "Serve"), or "" when none is
// close, so an unknown command, flag or field names its fix rather than
// only the list.
func DidYouMean(word string, names ...string) string {
	best := Closest(word, names...)
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// Closest is the one of names word most likely meant (DidYouMean), or "".
func Closest(word string, names ...string) string {
	best, bestDist := "", 0
	for _, n := range names {
		d := EditDistance(strings.ToLower(word), strings.ToLower(n))
		// d is 0 for a word that differs in case alone ("Serve"), which
		// is the name meant all the same.
		if word != n && d <= 2 && 3*d <= len(word)+1 && (best == "" || d < bestDist) {
			best, bestDist = n, d
		}
	}
	return best
}
