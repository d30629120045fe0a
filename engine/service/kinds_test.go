package service_test

import (
	"slices"
	"testing"
)

// TestQuestionsByKind: people ask about their pets, kids or sports by the
// kind while their memories name the member. The question finds the member,
// and only it; a question about a member does not reach the whole kind.
func TestQuestionsByKind(t *testing.T) {
	notes := []string{
		"We adopted a kitten called Miso last spring",
		"My daughter Ana started school in September",
		"I play tennis every Thursday evening",
		"I'm learning the cello, lessons are on Saturdays",
		"The staging cluster runs on three nodes",
	}
	injected := promptHook(t, notes)
	for _, c := range []struct{ question, want string }{
		{"what pets do I have?", notes[0]},
		{"how are my kids doing at school?", notes[1]},
		{"which sports do I play?", notes[2]},
		{"what instrument am I learning?", notes[3]},
	} {
		if got := injected(c.question); !slices.Contains(got, c.want) {
			t.Errorf("%q injected %q, want %q among them", c.question, got, c.want)
		}
	}
	if got := injected("does my daughter like tennis?"); slices.Contains(got, notes[0]) {
		t.Errorf("a question about a member reached another member of its kind: %q", got)
	}
}
