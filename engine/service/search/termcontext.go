package search

import (
	"slices"
	"unicode/utf8"
)

// termContext is what matchTerms reads besides a query's own words: the
// hits it scores.
type termContext struct {
	spelled map[string][][]string // see spelledOut
	owned   map[string]bool       // see ownedInHits
	plain   map[string][]string   // see ownInOtherWords
}

// seams maps each character bigram of an unspaced run of the analysed
// query terms (in order, repeats kept) to the bigrams beside it
// (index.QueryTerm.Beside). Two terms are neighbours in a run when both
// are bigrams of letters outside ASCII and the first ends with the
// character the second starts with, as text.AnalyzeQuery cuts a run
// ("我喜", "喜欢", "欢喝").
func seams(terms []string) map[string][]string {
	var out map[string][]string
	for k := 1; k < len(terms); k++ {
		a, b := terms[k-1], terms[k]
		if !isGram(a) || !isGram(b) {
			continue
		}
		last, _ := utf8.DecodeLastRuneInString(a)
		first, _ := utf8.DecodeRuneInString(b)
		if last != first {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		if !slices.Contains(out[a], b) {
			out[a] = append(out[a], b)
		}
		if !slices.Contains(out[b], a) {
			out[b] = append(out[b], a)
		}
	}
	return out
}

// isGram reports whether term is two characters outside ASCII, the shape
// of an unspaced run's bigram.
func isGram(term string) bool {
	return utf8.RuneCountInString(term) == 2 && term[0] >= utf8.RuneSelf
}
