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

// TestClippingForms: a clipping and its word are forms of each other, and
// the plural a Snowball stem keeps ("pkgs") too; a clipping's word does not
// become a form of an unrelated word.
func TestClippingForms(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	for short, long := range map[string]string{"db": "database", "repos": "repositories", "pkgs": "package", "env": "environment"} {
		a, b := text.Stem(short), text.Stem(long)
		if !slices.Contains(w.Forms(a), b) || !slices.Contains(w.Forms(b), a) {
			t.Errorf("forms of %q = %v, of %q = %v: want each other", a, w.Forms(a), b, w.Forms(b))
		}
	}
	if f := w.Forms(text.Stem("product")); slices.ContainsFunc(f, func(s string) bool { return s == "prod" }) {
		t.Errorf("product's forms %v hold the clipping prod (production stems to product)", f)
	}
}
