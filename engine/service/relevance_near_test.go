package service_test

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestRelevanceOfANearWord: a prompt's rare word that no memory holds is
// credited with the memory's word closest to it in meaning, when the word
// vectors put them close (search.nearInHits): "boat" reaches the memory
// about the ferry, "espresso" the one about coffee. A word merely of the same kind as a memory's
// ("goldfish", "rabbit") is not close enough to lift a general question
// over the floor, nor is a reaction word.
func TestRelevanceOfANearWord(t *testing.T) {
	eng := newServedEngine(t)
	ferry := "User commutes by ferry across the river to the office"
	coffee := "User drinks their coffee black and none after 2 pm"
	add(t, eng, "u", engine.AddRequest{Text: ferry}, engine.AddRequest{Text: coffee},
		engine.AddRequest{Text: "User has a pet rabbit named Biscuit who lives indoors"},
		engine.AddRequest{Text: "User's dentist is Dr. Okafor on King Street"},
		engine.AddRequest{Text: "The team standup is at 9:30"})
	for q, want := range map[string]string{"which boat do I take to the office": ferry, "is it ok to have an espresso at 4 pm": coffee} {
		if got := relevantTexts(t, eng, "u", q); !slices.Contains(got, want) {
			t.Errorf("%q: relevant %q, want %q among them", q, got, want)
		}
	}
	for _, q := range []string{"what's a good name for a goldfish", "ok everything works"} {
		if got := relevantTexts(t, eng, "u", q); len(got) != 0 {
			t.Errorf("%q: relevant %q, want none", q, got)
		}
	}
}
