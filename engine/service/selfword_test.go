package service_test

import (
	"slices"
	"testing"
)

// TestQuestionsAboutTheUser: agents store notes about the person they help
// as "User …" and ask about them the same way ("where does the user
// work?"). The word names whom every memory is about, so it must not make
// every memory relevant to every such question, nor rank one above another.
func TestQuestionsAboutTheUser(t *testing.T) {
	notes := []string{
		"User works at Figma as a backend engineer",
		"User is allergic to shellfish",
		"User's daughter Mia turns 7 next week",
		"User has a beagle called Pepper",
		"User prefers dark mode in every editor",
	}
	injected := promptHook(t, notes)
	for _, c := range []struct{ question, want string }{
		{"where does the user work?", notes[0]},
		{"What is the user allergic to?", notes[1]},
		{"the user's daughter", notes[2]},
		{"What is the name of the user's beagle?", notes[3]},
		{"Which editor theme does the user like?", notes[4]},
	} {
		got := injected(c.question)
		if !slices.Equal(got, []string{c.want}) {
			t.Errorf("%q injected %q, want only %q", c.question, got, c.want)
		}
	}
	if got := injected("what does the user think about the weather?"); len(got) != 0 {
		t.Errorf("a question about nothing stored injected %q", got)
	}
}
