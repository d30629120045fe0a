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

// Frequency is the share of the corpus's tagged words that are stem s's
// (a Snowball stem, as text.Analyze makes them); 0 when the corpus has none.
// An irregular form counts its base's words too: the corpus tags "went"
// under "go", and an acknowledgement's "got" is as common as "get".
func (w *WordFrequency) Frequency(s string) float64 {
	e, _ := w.lex.Stem(s)
	n := int64(e.Count)
	for _, base := range w.lex.Bases(s) {
		if b := stem(base); b != s {
			be, _ := w.lex.Stem(b)
			n += int64(be.Count)
		}
	}
	return float64(n) / w.total
}
