package main

import (
	"fmt"
	"strings"
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
		d := editDistance(strings.ToLower(word), strings.ToLower(n))
		// d is 0 for a word that differs in case alone ("Serve"), which
		// is the name meant all the same.
		if word != n && d <= 2 && 3*d <= len(word)+1 && (best == "" || d < bestDist) {
			best, bestDist = n, d
		}
	}
	return best
}

// editDistance counts the insertions, deletions, substitutions and swaps
// of neighbouring letters that turn a into b (optimal string alignment).
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
