package llm

import (
	"sync"

	"github.com/memsvc/memsvc/llm/internal/wordvec"
)

// sharedMeanings is the embedded word-vector table, parsed on first use (about 0.2 s); nil if it
// cannot be parsed, which its own tests rule out.
var sharedMeanings = sync.OnceValue(func() *wordvec.Table {
	t, err := wordvec.Shared()
	if err != nil {
		return nil
	}
	return t
})

// Similarity is how alike two stems' meanings are, as the cosine of their distributional word vectors
// (GloVe, llm/internal/wordvec) in [-1, 1]: words used in like contexts score high ("espresso"/"coffee"
// 0.66, "wheezing"/"asthma" 0.51), unrelated ones near 0 ("mountain"/"cello" 0.00). ok is false when
// either stem is not among the vectors' 72k most frequent English stems (names, code words, typos).
func (w *WordForms) Similarity(a, b string) (sim float32, ok bool) {
	t := sharedMeanings()
	if t == nil {
		return 0, false
	}
	ia, oka := t.Lookup(a)
	ib, okb := t.Lookup(b)
	if !oka || !okb {
		return 0, false
	}
	return t.Cosine(ia, ib), true
}

// MeaningRank is the stem's place in the word vectors' frequency order (0 the commonest), a measure of
// how general a word is; ok is false when the stem has no vector.
func (w *WordForms) MeaningRank(stem string) (rank int, ok bool) {
	t := sharedMeanings()
	if t == nil {
		return 0, false
	}
	id, ok := t.Lookup(stem)
	return int(id), ok
}
