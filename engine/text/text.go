// Package text turns free text into the terms the BM25 index stores and
// queries: Unicode-aware tokenisation, case folding, English stop words and
// Snowball stemming. Index and query go through the same Analyze, so they
// always agree.
package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// MaxTermLen caps a term's length in bytes: longer tokens (hashes, base64)
// carry no recall value and would bloat posting keys.
const MaxTermLen = 64

// Tokens splits s into lower-cased word tokens: runs of letters, digits and
// marks; an apostrophe inside a word ends it ("alice's" → "alice").
func Tokens(s string) []string {
	var out []string
	var b strings.Builder
	skip := false // inside the tail after an apostrophe
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
		skip = false
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if !skip {
				b.WriteRune(unicode.ToLower(r))
			}
		case (r == '\'' || r == '’') && b.Len() > 0:
			skip = true
		default:
			flush()
		}
	}
	flush()
	return out
}

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

// IsStopWord reports whether the lower-cased token carries no retrieval value.
func IsStopWord(t string) bool {
	_, ok := stopWords[t]
	return ok
}

// stopWords is a conservative English list: function words only, so that
// negations and pronoun-free content words still match.
var stopWords = toSet(`a an and are as at be been being but by can could did do does doing for from had has have
having he her hers herself him himself his i if in into is it its itself me my myself of on or our ours ourselves
she should so than that the their theirs them themselves then there these they this those to too us was we were
what when where which while who whom why will with would you your yours yourself yourselves s t d ll m re ve am
about just also very really some any each such own same here how all both few more most other only again further
once up down out off over under`)

func toSet(words string) map[string]struct{} {
	m := map[string]struct{}{}
	for _, w := range strings.Fields(words) {
		m[w] = struct{}{}
	}
	return m
}

// maxLabelWords is the most words a speaker label may have ("Mary Ann Smith:").
const maxLabelWords = 3

// SpeakerLabel returns how many words the text's leading speaker label has
// ("Anna: see you" has 1), or 0 when it has none. A label is one to
// maxLabelWords capitalised words followed by a colon that is not part of a
// time ("at 10:30"): the chat-log convention "Speaker: text".
func SpeakerLabel(s string) int {
	head, _, ok := strings.Cut(s, ":")
	if !ok || len(head) > 60 {
		return 0
	}
	words := strings.Fields(head)
	if len(words) == 0 || len(words) > maxLabelWords {
		return 0
	}
	for _, w := range words {
		first, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(first) {
			return 0
		}
		for _, r := range w {
			if !unicode.IsLetter(r) && r != '.' && r != '\'' && r != '-' {
				return 0
			}
		}
	}
	return len(words)
}

// Speaker returns the text's speaker label as lower-cased tokens joined by
// spaces ("Mary Ann: hi" → "mary ann"), or "" when it has none.
func Speaker(s string) string {
	if SpeakerLabel(s) == 0 {
		return ""
	}
	head, _, _ := strings.Cut(s, ":")
	return strings.Join(Tokens(head), " ")
}
