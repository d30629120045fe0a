package llm

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/text"
)

// SameMeaning gives the plain word of an informal kin or role word, from
// WordNet where one sense joins them and from the table where WordNet
// lacks the sense; a clipping, a kind a rare noun is of and a word of no
// such sense give nothing.
func TestSameMeaning(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		word     string
		want     []string // each must be among the answer
		not      []string // none may be
		bare     bool
		wantNone bool
	}{
		{word: "hubby", want: []string{"husband"}},                   // WordNet: one sense
		{word: "mum", want: []string{"mother"}, bare: true},          // WordNet: a chrysanthemum
		{word: "mom", want: []string{"mother"}, bare: true},          // the table, as WordNet's is a kind of mother
		{word: "grandma", want: []string{"grandmother"}, bare: true}, // likewise
		{word: "boss", want: []string{"manager"}},                    // WordNet: a foreman
		{word: "girlfriend", want: []string{"partner"}},              // WordNet: a lover
		{word: "kids", want: []string{"daughter", "son"}},            // a kid is one of them
		{word: "daughter", wantNone: true},                           // one way only: see kinWords
		{word: "docs", wantNone: true},                               // documentation to a developer
		{word: "hamlet", not: []string{"community"}},                 // a kind it is of, not the same
		{word: "espresso", not: []string{"coffee"}},                  // likewise
		{word: "cello", wantNone: true},                              // nothing informal about it
	}
	for _, c := range cases {
		got := w.SameMeaning(text.Stem(c.word))
		if c.wantNone && len(got) > 0 {
			t.Errorf("%s: %v, want none", c.word, got)
		}
		for _, s := range c.want {
			if !slices.Contains(got, text.Stem(s)) {
				t.Errorf("%s: %v, want %q among them", c.word, got, text.Stem(s))
			}
		}
		for _, s := range c.not {
			if slices.Contains(got, text.Stem(s)) {
				t.Errorf("%s: %v, want no %q", c.word, got, text.Stem(s))
			}
		}
		if b := w.CalledBare(text.Stem(c.word)); b != c.bare {
			t.Errorf("%s: called bare %v, want %v", c.word, b, c.bare)
		}
	}
}
