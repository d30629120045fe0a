package service_test

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestRelevanceQuietOnAWordOfAnotherSense: everyday prompts that share no
// topic with anything stored stay quiet, even when a prompt's rare word
// has a close word vector in a memory of another sense ("rats" and the
// computer mouse) or of a mere neighbour topic ("cucumbers" and the
// balcony's tomatoes, "baseball" and cricket). Cosines are GloVe's. The word vectors
// (search.nearInHits, search.withMeanings) must not inject those.
func TestRelevanceQuietOnAWordOfAnotherSense(t *testing.T) {
	eng := newServedEngine(t)
	add(t, eng, "u",
		engine.AddRequest{Text: "User plays bass in a jazz band on Friday nights"},
		engine.AddRequest{Text: "User's wireless mouse stopped working so they use the trackpad"},
		engine.AddRequest{Text: "User is learning Python for a data analysis course at night school"},
		engine.AddRequest{Text: "User watches cricket matches every weekend in summer"},
		engine.AddRequest{Text: "User prefers a window seat on long flights"},
		engine.AddRequest{Text: "User works as a nurse on the night shift at the children's hospital"},
		engine.AddRequest{Text: "User keeps tomatoes and basil in pots on the balcony"},
		engine.AddRequest{Text: "User's savings account is with a local credit union"},
		engine.AddRequest{Text: "User runs a marathon every spring and trains in the mornings"},
		engine.AddRequest{Text: "User's cat is named Pixel and hides from the vacuum cleaner"})
	loud := 0
	for _, q := range []string{
		"humane trap for rats in the attic",               // "rat": "cat" 0.71, "mouse" 0.61
		"how do I clean a skylight without a ladder",      // "skylight": "window" 0.55
		"who won the baseball world series in 2016",       // "baseball": "cricket" 0.54
		"how long should I pickle cucumbers",              // "cucumber": "tomato" 0.74
		"what can I use instead of parsley in tabbouleh",  // "parsley": "basil" 0.69
		"how do I find a good pediatrician for a newborn", // "pediatrician": "nurse" 0.66
		"what do pet lizards eat",                         // "lizard": "cat" 0.54
		"which keyboard switches are the quietest",        // "keyboard": "mouse" 0.52
		"convert 350 fahrenheit to celsius",
		"explain how a tsunami forms",
	} {
		if got := relevantTexts(t, eng, "u", q); len(got) != 0 {
			loud++
			t.Logf("%q: relevant %q", q, got)
		}
	}
	// One: "what can I use instead of parsley" is a first-person prompt the
	// sentence encoder finds nearest the balcony's herbs (cosine 0.42,
	// search.liftNearestInMeaning).
	if loud > 1 {
		t.Errorf("%d everyday prompts injected a memory of another sense or topic, want at most 1", loud)
	}
}
