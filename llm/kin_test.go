package llm

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/text"
)

// TestKinLinksAnInstanceToItsCategory: a rare noun of one dominant sense
// reaches the other words of that sense and the kinds it is directly of;
// a common word, or a word of several senses, reaches nothing.
func TestKinLinksAnInstanceToItsCategory(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ word, kin string }{
		{"amoxicillin", "penicillin"}, // a kind of
		{"latte", "espresso"},         // a kind of
		{"subway", "metro"},           // the same sense
		{"violin", "fiddle"},          // the same sense
	} {
		if got := w.Kin(text.Stem(c.word)); !slices.Contains(got, text.Stem(c.kin)) {
			t.Errorf("Kin(%q) = %v, want %q among them", c.word, got, c.kin)
		}
	}
	for _, word := range []string{"work", "marathon", "house", "qwertyzzz"} { // "marathon" is also a task, a project
		if got := w.Kin(text.Stem(word)); len(got) != 0 {
			t.Errorf("Kin(%q) = %v, want none (common, several senses, or unknown)", word, got)
		}
	}
}

// TestNominal: a word with a noun's sense, or with no sense the lexicon
// knows, may name a thing; a word only of verbs does not.
func TestNominal(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	for word, want := range map[string]bool{
		"espresso": true, "tortoise": true, "subway": true,
		"peanut":    true,  // no sense in the lexicon
		"qwertyzzz": true,  // unknown
		"add":       false, // a verb only
	} {
		if got := w.Nominal(text.Stem(word)); got != want {
			t.Errorf("Nominal(%q) = %v, want %v", word, got, want)
		}
	}
}
