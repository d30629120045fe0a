package search

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// termContext is what matchTerms reads besides a query's own words: the
// hits it scores and the user who searches.
type termContext struct {
	spelled map[string][][]string // see spelledOut
	owned   map[string]bool       // see ownedInHits
	user    string                // the searching user's id
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

// selfTerms are the analysed terms of query's words that are the
// searching user's id (case aside, "where does alice live" searched by
// user "alice") and that no memory of the user holds. With auth off a
// client names its user by id, and such a word is the user, as "user"
// is (text.IsSelfWord), not an absent name (index.absentWeight) that
// marks the query as about someone else. An id the user's memories
// mention is left to them, and the auth-off default id ("default") is
// a common word, never the user.
func selfTerms(shard *index.Shard, user, query string) map[string]bool {
	if user == "" || strings.EqualFold(user, auth.DefaultUser) {
		return nil
	}
	var out map[string]bool
	for _, tok := range text.Scan(query, text.Options{}) {
		if !strings.EqualFold(tok.Word, user) { // the word: "alice's" is alice
			continue
		}
		if t := text.Stem(tok.Word); !shard.Has(t) {
			if out == nil {
				out = map[string]bool{}
			}
			out[t] = true
		}
	}
	return out
}
