package llm

import "github.com/memsvc/memsvc/llm/internal/lexicon"

// WordFrequency reads how common a word is in general English from the
// shipped lexicon's SemCor counts: what a store of a few memories cannot
// tell from its own document frequencies ("work" and "migration" each in
// one note of twenty look equally rare).
type WordFrequency struct {
	lex   *lexicon.Lexicon
	total float64
}

// NewWordFrequency reads the shared lexicon.
func NewWordFrequency() (*WordFrequency, error) {
	lex, err := lexicon.Shared()
	if err != nil {
		return nil, err
	}
	return &WordFrequency{lex: lex, total: float64(max(lex.Total(), 1))}, nil
}

// Frequency is the share of the corpus's tagged words that are stem's
// (a Snowball stem, as text.Analyze makes them); 0 when the corpus has none.
func (w *WordFrequency) Frequency(stem string) float64 {
	e, _ := w.lex.Stem(stem)
	return float64(e.Count) / w.total
}
