package service_test

import (
	"slices"
	"testing"
)

// kinStore names the user's people by their plain words, as agents write
// memories.
var kinStore = []string{
	"User's husband Marek works as a plumber",
	"User's mother Alina lives in Gdynia and has arthritis in her hands",
	"User's manager is Joanne Pike; their one-to-one is every Monday",
	"User's partner Sam is a nurse who works night shifts",
	"The team deploys the billing service on Thursdays",
	"User is learning the violin",
	"User's cat Tofu is twelve years old",
	"User and Marek's wedding anniversary is 12 March",
}

// A prompt names the user's people by informal or everyday words ("my
// hubby", "mum" said bare, "my boss", "my girlfriend") where the memory
// writes the plain word (search.sameWords), or by the name a memory gives
// that person (search.ownNames): it injects that memory. The
// same words said of someone else's people, or in general, inject
// nothing.
func TestRelevanceOfKinInOtherWords(t *testing.T) {
	injected := promptHook(t, kinStore)
	related := []relatedPrompt{
		{"my hubby wants to fix the boiler himself, is that safe", kinStore[0]},
		{"what can I get mum to make her joints hurt less", kinStore[1]},
		{"help me prepare for my 1:1 with my boss", kinStore[2]},
		{"what does my girlfriend do for work", kinStore[3]},
		// The memory that answers names him by the name another gives him.
		{"what should I get my husband for our anniversary", kinStore[7]},
	}
	for _, c := range related {
		if got := injected(c.prompt); !slices.Contains(got, c.want) {
			t.Errorf("%q injected %q, want %q", c.prompt, got, c.want)
		}
	}
	for _, p := range []string{
		"her mum is visiting from Leeds next week",
		"what do bosses look for in a promotion case",
		"write a birthday poem for a girlfriend",
	} {
		if got := injected(p); len(got) != 0 {
			t.Errorf("%q injected %q, want nothing", p, got)
		}
	}
}
