package llm

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/text"
)

func TestWordForms(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	allergies, allergic := text.Stem("allergies"), text.Stem("allergic")
	if allergies == allergic {
		t.Fatalf("Snowball already joins them (%q): the test means nothing", allergies)
	}
	if !slices.Contains(w.Forms(allergies), allergic) || !slices.Contains(w.Forms(allergic), allergies) {
		t.Errorf("forms of %q = %v, of %q = %v: want each other", allergies, w.Forms(allergies), allergic, w.Forms(allergic))
	}
	if f := w.Forms(text.Stem("cat")); slices.Contains(f, text.Stem("dog")) {
		t.Errorf("cat's forms %v hold dog", f)
	}
	t.Logf("families: %d stems", len(w.family))
}
