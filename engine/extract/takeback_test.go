package extract

import (
	"slices"
	"testing"
)

// TestTakeBack checks that a turn opening with "scratch that" or "never mind" drops the
// facts of the last sentence of the user's turn before it, and only those.
func TestTakeBack(t *testing.T) {
	for _, tt := range []struct {
		turns []string
		want  []string
	}{
		{[]string{"We're moving to Denver.", "actually scratch that, staying in Boston"}, nil},
		{[]string{"I live in Leeds. My new number is 555-0199.", "never mind, I kept the old number"},
			[]string{"User lives in Leeds", "User kept the old number"}},
		{[]string{"I live in Leeds.", "A: Anything else I can help with?", "never mind"}, // dismisses the agent
			[]string{"User lives in Leeds"}},
		{[]string{"I'm moving to Denver.", "A: Exciting!", "actually scratch that, staying in Boston"}, nil},
		{[]string{"My new number is 555-0199.", "I never mind the rain."}, // no take-back: "never mind" mid-sentence
			[]string{"User's new number is 555-0199", "User never minds the rain"}},
	} {
		if got := userFacts(t, tt.turns...); !slices.Equal(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.turns, got, tt.want)
		}
	}
}
