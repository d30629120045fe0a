package service_test

import (
	"slices"
	"testing"
)

// meaningStore is a small store whose memories related prompts below
// name in other words only.
var meaningStore = []string{
	"User is allergic to penicillin",
	"User has type 1 diabetes and wears a glucose monitor",
	"User's dog Rufus is a twelve-year-old beagle with arthritis in his hips",
	"User commutes by train to Manchester three days a week",
	"User plays the violin in a string quartet",
	"User is saving for a deposit on a flat",
	"User's daughter Nia starts secondary school in September",
	"User does not drink alcohol",
}

// A first-person prompt that names a stored memory in other words only
// injects it (search.liftNearestInMeaning, the sentence encoder); the same
// topic asked about the world, or as a how-to, does not.
func TestRelevanceOfAPromptInOtherWords(t *testing.T) {
	injected := promptHook(t, meaningStore)
	related := []relatedPrompt{
		{"the dentist wants to give me amoxicillin after the extraction, anything I should tell her?", meaningStore[0]},
		{"my glucose keeps dropping on long runs, what snacks should I carry", meaningStore[1]},
	}
	for _, c := range related {
		if got := injected(c.prompt); !slices.Contains(got, c.want) {
			t.Errorf("%q injected %q, want %q", c.prompt, got, c.want)
		}
	}
	for _, p := range []string{
		"which antibiotics are prescribed most often",
		"what breed of dog lives the longest",
		"how do I learn a new instrument as an adult",
		"thanks, that's all for now",
	} {
		if got := injected(p); len(got) != 0 {
			t.Errorf("%q injected %q, want nothing", p, got)
		}
	}
}

// A store of one memory gives the encoder no rival to judge its lead
// by: a first-person prompt sharing a word with that memory but about
// something else does not inject it.
func TestRelevanceOfAPromptInOtherWordsLoneMemory(t *testing.T) {
	const memory, prompt = "User works night shifts at a warehouse", "my neighbour works from home and is so loud"
	if got := promptHook(t, []string{memory})(prompt); len(got) != 0 {
		t.Errorf("%q injected %q, want nothing", prompt, got)
	}
}
