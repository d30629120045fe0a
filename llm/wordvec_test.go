package llm

import (
	"testing"

	"github.com/memsvc/memsvc/text"
)

func TestSimilarityOfStems(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	near, ok1 := w.Similarity(text.Stem("espresso"), text.Stem("coffee"))
	far, ok2 := w.Similarity(text.Stem("espresso"), text.Stem("tractor"))
	if !ok1 || !ok2 || near < 0.5 || far > 0.3 {
		t.Errorf("espresso~coffee %.2f (%v), espresso~tractor %.2f (%v): want > 0.5 and < 0.3", near, ok1, far, ok2)
	}
	if _, ok := w.Similarity("xqzvbn", text.Stem("coffee")); ok {
		t.Error("a stem with no vector reported a similarity")
	}
	if r, ok := w.MeaningRank(text.Stem("coffee")); !ok || r > 10000 {
		t.Errorf("coffee's rank %d (%v): want a common word", r, ok)
	}
}
