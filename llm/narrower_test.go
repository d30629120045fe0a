package llm

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/text"
)

// TestNarrowerKinds: a category word reaches the instances WordNet puts
// up to three levels under it, and not: a verb's manners, a word of more
// senses than the prompt means, a three-letter stem, or anything under a
// category too broad to say which one a prompt means.
func TestNarrowerKinds(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	reaches := []struct{ kind, instance string }{
		{"dog", "greyhound"}, // greyhound → hound → hunting dog → dog
		{"dog", "beagle"},    // beagle → hound → hunting dog → dog
		{"antidepressant", "sertraline"},
		{"storm", "thunderstorm"},
		{"dementia", "Alzheimer"},
		{"boat", "ferryboat"},
	}
	for _, c := range reaches {
		if got := w.Narrower(text.Stem(c.kind)); !slices.Contains(got, text.Stem(c.instance)) {
			t.Errorf("Narrower(%q) = %v, want %q among them", c.kind, got, c.instance)
		}
	}
	never := []struct{ kind, word string }{
		{"reverse", "debug"},   // a verb's manner
		{"stroke", "put"},      // more common than the kind
		{"address", "URL"},     // three letters
		{"person", "engineer"}, // too broad a kind
		{"greyhound", "dog"},   // the other way up
	}
	for _, c := range never {
		if got := w.Narrower(text.Stem(c.kind)); slices.Contains(got, text.Stem(c.word)) {
			t.Errorf("Narrower(%q) holds %q: %v", c.kind, c.word, got)
		}
	}
	if got := w.Narrower(text.Stem("person")); got != nil {
		t.Errorf("Narrower(person) = %d stems, want none (too broad)", len(got))
	}
}

// TestNarrowerRemembersOnlyKnownStems: every query term is looked up, and
// one remembered per unknown word (ids, hashes, CJK pairs) grew the memo
// without bound for the life of the server.
func TestNarrowerRemembersOnlyKnownStems(t *testing.T) {
	k := sharedKinds()
	for _, w := range []string{"zq7x9k2unknownword", "01m8dah64ksk", "咖啡"} {
		k.narrower(w)
		if k.memo.has(w) {
			t.Errorf("narrower(%q) remembered a word the lexicon does not have", w)
		}
	}
	k.narrower(text.Stem("dog"))
	if !k.memo.has(text.Stem("dog")) {
		t.Error("a known stem's kinds are not remembered")
	}
}
