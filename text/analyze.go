package text

import (
	"unicode"

	"github.com/kljensen/snowball/english"
	"golang.org/x/text/unicode/norm"
)

// MaxTermLen caps a term's length in bytes: longer tokens (hashes, base64)
// carry no recall value and would bloat posting keys.
const MaxTermLen = 64

// AnalysisVersion names the analysis Analyze does. The index stores the
// terms of every memory, so a change to what Analyze returns for any text
// bumps it, and a store analysed by another version has its terms made
// again when it opens (engine/service). Version 2 reads texts in NFKC and
// cuts unspaced scripts into bigrams.
const AnalysisVersion = 2

// StableAnalysis reports whether every AnalysisVersion analyses s alike, so
// its stored terms need not be made again: true of ASCII text, which no
// version has yet changed how it reads.
func StableAnalysis(s string) bool { return isASCII(s) }

// Analyze returns the index terms of s: tokens without stop words, stemmed.
// Repeated terms are kept so callers can count term frequency. Runs of
// scripts written without spaces become character bigrams and characters
// (unspaced.go).
func Analyze(s string) []string { return analyze(s, false) }

// AnalyzeQuery returns the terms a search looks for in s: Analyze's, less
// the words that name the person the memories are about (IsSelfWord), and
// with unspaced runs as bigrams alone (appendGrams).
func AnalyzeQuery(s string) []string {
	terms := analyze(s, true)
	out := terms[:0]
	for _, t := range terms {
		if !IsSelfWord(t) {
			out = append(out, t)
		}
	}
	return out
}

func analyze(s string, query bool) []string {
	s = CompatibilityForm(s)
	toks := Tokens(s)
	if !hasUnspaced(s) {
		// Each token makes at most one term: the terms fit in toks' array.
		out := toks[:0]
		for _, t := range toks {
			out = appendTerm(out, t)
		}
		return out
	}
	out := make([]string, 0, 2*len(toks)+len(s)/2)
	for _, t := range toks {
		splitUnspaced(t, func(run string, unspaced bool) {
			if unspaced {
				out = appendGrams(out, run, query)
			} else {
				out = appendTerm(out, run)
			}
		})
	}
	return out
}

// appendTerm appends the term of one spaced word: none for a stop word or an
// overlong token, else its stem.
func appendTerm(out []string, word string) []string {
	if IsStopWord(word) {
		return out
	}
	t := Stem(word)
	if t == "" || len(t) > MaxTermLen {
		return out
	}
	return append(out, t)
}

// CompatibilityForm is s in Unicode NFKC: one spelling for what is written
// several ways. Decomposed accents ("Jose\u0301", as macOS writes file
// names and some keyboards type) compose ("José"); full-width forms
// ("ＡＢＣ１２３") and ligatures ("ﬁ") become their plain letters. Analysis
// reads it so that every spelling meets every other; stored texts keep
// the spelling they were written in.
func CompatibilityForm(s string) string {
	if isASCII(s) {
		return s
	}
	return norm.NFKC.String(s)
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
