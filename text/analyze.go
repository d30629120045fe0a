package text

import (
	"unicode"

	"github.com/kljensen/snowball/english"
)

// MaxTermLen caps a term's length in bytes: longer tokens (hashes, base64)
// carry no recall value and would bloat posting keys.
const MaxTermLen = 64

// Analyze returns the index terms of s: tokens without stop words, stemmed.
// Repeated terms are kept so callers can count term frequency.
func Analyze(s string) []string {
	toks := Tokens(s)
	out := toks[:0]
	for _, t := range toks {
		if IsStopWord(t) {
			continue
		}
		t = Stem(t)
		if t == "" || len(t) > MaxTermLen {
			continue
		}
		out = append(out, t)
	}
	return out
}

// Stem reduces an English word to its Snowball stem; tokens with digits or
// non-Latin letters are returned as they are.
func Stem(t string) string {
	for _, r := range t {
		if r > unicode.MaxASCII || unicode.IsDigit(r) {
			return t
		}
	}
	return english.Stem(t, false)
}

// Unique returns the distinct terms of terms in first-seen order.
func Unique(terms []string) []string {
	seen := make(map[string]struct{}, len(terms))
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if _, ok := seen[t]; ok {
			continue
		}
		seen[t] = struct{}{}
		out = append(out, t)
	}
	return out
}
