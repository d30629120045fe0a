package main

import (
	"fmt"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// didYouMean is `; did you mean "NAME"?` for the one of names a mistyped
// word most likely meant (a letter missing, extra, wrong or two swapped,
// or a capital: "serv", "exprot", "key", "Serve"), or "" when none is
// close, so an unknown command, subcommand or flag names its fix rather
// than only the list.
func didYouMean(word string, names ...string) string {
	best := closest(word, names...)
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// closest is the one of names word most likely meant (didYouMean), or "".
func closest(word string, names ...string) string {
	best, bestDist := "", 0
	for _, n := range names {
		d := text.EditDistance(strings.ToLower(word), strings.ToLower(n))
		// d is 0 for a word that differs in case alone ("Serve"), which
		// is the name meant all the same.
		if word != n && d <= 2 && 3*d <= len(word)+1 && (best == "" || d < bestDist) {
			best, bestDist = n, d
		}
	}
	return best
}
