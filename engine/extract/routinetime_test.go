package extract

import (
	"slices"
	"strings"
	"testing"
)

// TestRoutineTimes checks that two routines said in one clause are two facts, and
// that a wake time and a bedtime each fill one slot whatever verb says them, so a
// later wake time ends the earlier one and leaves the bedtime standing.
func TestRoutineTimes(t *testing.T) {
	facts := []struct {
		name, said string
		want       []string
	}{
		{"bed and wake in one clause", "I go to bed by 10pm and get up at 6am", []string{"User goes to bed by 10pm", "User gets up at 6am"}},
		{"wake and bed in one clause", "I wake up at 7 and go to sleep at 11", []string{"User wakes up at 7", "User goes to sleep at 11"}},
	}
	for _, tc := range facts {
		t.Run(tc.name, func(t *testing.T) {
			if got := userFacts(t, strings.Split(tc.said, " || ")...); !slices.Equal(got, tc.want) {
				t.Errorf("%q: got %q, want %q", tc.said, got, tc.want)
			}
		})
	}
	wantContradicts(t, []contradictCase{
		{"gets up later", "User gets up at 6am", "User gets up at 7 now", true},
		{"wakes up for gets up", "User gets up at 6am", "User wakes up at 7 now", true},
		{"bedtime moved", "User goes to bed by 10pm", "User goes to bed at 11pm these days", true},
		{"a wake time leaves the bedtime", "User goes to bed by 10pm", "User wakes up at 7 now", false},
		{"the same wake time", "User gets up at 6am", "User wakes up at 6am", false},
	})
}
