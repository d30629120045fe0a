package llm

import (
	"testing"

	"github.com/memsvc/memsvc/text"
)

func TestWordFrequency(t *testing.T) {
	w, err := NewWordFrequency()
	if err != nil {
		t.Fatal(err)
	}
	work, migration := w.Frequency(text.Stem("works")), w.Frequency(text.Stem("migrations"))
	if !(work > migration && migration > 0) {
		t.Errorf("frequency of work %v, of migration %v: want work the commoner, both above 0", work, migration)
	}
	if f := w.Frequency("zzyzxq"); f != 0 {
		t.Errorf("unknown word's frequency %v, want 0", f)
	}
	// The corpus tags an irregular form under its base: "went" is as
	// common as "go", not unknown.
	if went, gone := w.Frequency(text.Stem("went")), w.Frequency(text.Stem("go")); went < gone {
		t.Errorf("frequency of went %v, of go %v: want went at least go's", went, gone)
	}
	if work >= 1 {
		t.Errorf("work's frequency %v: want a share of the corpus", work)
	}
}
