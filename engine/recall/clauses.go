package recall

import (
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text"
)

// A prompt often asks several things at once ("fix the README typo and also
// what's the staging DB host?"). A memory that answers one part matches
// only part of the whole prompt's words, so its calibrated relevance is
// judged on each part too, and the best judgement stands.

// clauseJoins are the words that start a new request inside a sentence.
var clauseJoins = []string{" and also ", " and then ", ", and ", ", also ", " also, ", " plus ", ", then ", " but "}

// minClauseTerms is the fewest content terms a part needs to be judged on its
// own: a part of one word would clear the floor on any memory with it.
const minClauseTerms = 2

// Clauses returns the parts of a query that ask for different things, each
// with at least minClauseTerms content terms; nil when there is only one.
func Clauses(query string) []string {
	parts := splitSentences(query)
	for _, join := range clauseJoins {
		var next []string
		for _, p := range parts {
			next = append(next, splitFold(p, join)...)
		}
		parts = next
	}
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); len(text.Unique(text.AnalyzeQuery(p))) >= minClauseTerms {
			out = append(out, p)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// splitSentences cuts after ., ?, ! or ; followed by a space (not inside
// "v1.2" or "e.g.x").
func splitSentences(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		if strings.ContainsRune(".?!;", r) && i+1 < len(s) && unicode.IsSpace(rune(s[i+1])) {
			out = append(out, s[start:i+1])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// splitFold splits s at each case-insensitive occurrence of sep.
func splitFold(s, sep string) []string {
	var out []string
	lower := strings.ToLower(s)
	for {
		i := strings.Index(lower, sep)
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i])
		s, lower = s[i+len(sep):], lower[i+len(sep):]
	}
}
