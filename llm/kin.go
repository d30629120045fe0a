package llm

import (
	"slices"
	"sync"

	"github.com/memsvc/memsvc/llm/internal/lexicon"
)

// Kin returns the stems a prompt's specific noun may stand for in a
// memory that words it otherwise: the other words of its one dominant
// sense ("subway": metro) and the kinds that sense is directly of
// ("amoxicillin": penicillin; "latte": espresso). A user names the
// instance ("the doctor wants to prescribe amoxicillin") where a memory
// names the category ("User is allergic to penicillin"), the reverse of
// Narrower. Only a rare noun of one dominant sense is read, and only rare
// kin are given: a common word or one of several senses climbs through a
// sense the prompt does not mean (kindTree's comment: "thanks" reached
// "assist"; "marathon" is also a "task" and a "project"). Nil when none;
// read-only.
func (w *WordForms) Kin(stem string) []string { return sharedKin().of(stem) }

// kinIndex maps concepts to the stems of their words, with a memo of
// Kin's answers.
type kinIndex struct {
	lex    *lexicon.Lexicon
	nouns  [2]int32
	byConc map[int32][]string
	memo   stemMemo
}

// sharedKin indexes the shared lexicon's concepts once per process, on
// first use (NewWordForms starts it in the background).
var sharedKin = sync.OnceValue(func() *kinIndex {
	lex, err := lexicon.Shared()
	if err != nil {
		return nil // NewWordForms has already parsed it: not reached
	}
	k := &kinIndex{lex: lex, nouns: nounIDs(lex), byConc: map[int32][]string{}}
	lex.EachStem(func(s string, e lexicon.Entry) {
		if s != "" && s[0] != '^' {
			for _, c := range e.Syn {
				k.byConc[c] = append(k.byConc[c], s)
			}
		}
	})
	for _, stems := range k.byConc {
		slices.Sort(stems) // EachStem's order is a map's
	}
	return k
})

// of returns stem's kin (Kin).
func (k *kinIndex) of(stem string) []string {
	if k == nil {
		return nil
	}
	return k.memo.get(stem, func() ([]string, bool) {
		e, ok := k.lex.Stem(stem)
		if !ok {
			return nil, false
		}
		return k.kin(stem, e), true
	})
}

// kin is of's answer for stem, whose lexicon entry is e.
func (k *kinIndex) kin(stem string, e lexicon.Entry) []string {
	var out []string
	if len(e.Syn) == 1 && k.noun(e.Syn[0]) && k.rare(e.Count) {
		for _, c := range slices.Concat(e.Syn, e.Hyp) {
			for _, s := range k.byConc[c] {
				if n, _ := k.lex.Stem(s); s != stem && len(s) >= minNarrowerLen && k.rare(n.Count) && !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// rare reports whether a stem of tag count n is below an ordinary word's
// share of general text (ordinaryShare).
func (k *kinIndex) rare(n int32) bool { return float64(n) < ordinaryShare*float64(k.lex.Total()) }

// Nominal reports whether stem may name a thing: one of its senses in
// the lexicon is a noun's, or the lexicon has no sense of it (a product,
// a clipping, a word newer than WordNet; "peanut", "gps" have none). The relevance score links only
// such words by closeness in meaning: a verb or an adverb is close to
// many words of any topic ("install" to "built", "depend" to "prefer").
func (w *WordForms) Nominal(stem string) bool {
	k := sharedKin()
	if k == nil {
		return true
	}
	e, ok := k.lex.Stem(stem)
	return !ok || len(e.Syn) == 0 || slices.ContainsFunc(e.Syn, func(c int32) bool { return c >= k.nouns[0] && c < k.nouns[1] })
}
