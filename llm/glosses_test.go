package llm

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/text"
)

// TestGlossedLinksADefinitionsWords: a word reaches the words of its
// dictionary definition and the words whose definitions name it, both
// as stems; an unrelated pair is not linked; a definition's word too
// common to mean anything is left out.
func TestGlossedLinksADefinitionsWords(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	linked := []struct{ a, b string }{
		{"wheeziness", "asthma"}, // wheeziness: "… heard … in asthma …"
		{"asthma", "wheezing"},   // asthma: "… characterized by wheezing …"
		{"wheezing", "asthma"},   // the reverse: asthma's definition names it
		{"tokyo", "japan"},
	}
	for _, c := range linked {
		if got := w.Glossed(text.Stem(c.a)); !slices.Contains(got, text.Stem(c.b)) {
			t.Errorf("Glossed(%q) = %v, want %q among them", c.a, got, text.Stem(c.b))
		}
	}
	if got := w.Glossed(text.Stem("asthma")); slices.Contains(got, text.Stem("guitar")) {
		t.Errorf("Glossed(asthma) = %v, want no guitar", got)
	}
	// asthma's definition ends "usually of allergic origin": "usually" is
	// too common to say what the definition is about, and is not kept.
	if got := w.Glossed(text.Stem("asthma")); slices.Contains(got, text.Stem("usually")) {
		t.Errorf("Glossed(asthma) = %v, want no %q", got, text.Stem("usually"))
	}
}

// TestGlossedRemembersOnlyLinkedStems: the relevance score asks Glossed
// for every rare prompt word, unknown ones included (their frequency is
// 0), and one remembered per unknown word grew the memo without bound for
// the life of the server, as Narrower's once did.
func TestGlossedRemembersOnlyLinkedStems(t *testing.T) {
	w := &WordForms{}
	g := sharedGlossLinks()
	if g == nil {
		t.Fatal("no gloss links shipped")
	}
	for _, s := range []string{"zq7x9k2unknownword", "01m8dah64ksk", "咖啡"} {
		w.Glossed(s)
		if g.memo.has(s) {
			t.Errorf("Glossed(%q) remembered a word no definition links", s)
		}
	}
	asthma := text.Stem("asthma")
	if len(w.Glossed(asthma)) == 0 {
		t.Fatal("Glossed(asthma) links nothing")
	}
	if !g.memo.has(asthma) {
		t.Error("a linked stem's links are not remembered")
	}
}
