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

// AnalyzeQuery returns the terms a search looks for in s: Analyze's, less
// the words that name the person the memories are about (IsSelfWord).
func AnalyzeQuery(s string) []string {
	terms := Analyze(s)
	out := terms[:0]
	for _, t := range terms {
		if !IsSelfWord(t) {
			out = append(out, t)
		}
	}
	return out
}

// IsSelfWord reports whether the analysed term is how memories name the
// person they are about. Facts are written "User prefers tea" (memsvc's
// extractor and the agents that store notes alike), and agents ask "where
// does the user work?": asked for, the word matched every fact and made
// each relevant to every such question. A query leaves it out, as it does
// "I" and "my". Stored texts keep it: "I like coffee" distilled as "User
// likes coffee" is a rewrite, not the turn's own words, and the index and
// the stored vectors stay as they were made. The plural stems alike
// ("users"): a query about a users table still finds it by "table".
func IsSelfWord(term string) bool { return term == "user" }

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
