package extract

import (
	"slices"
	"strings"
	"testing"
)

// TestAmountAside checks that a thing judged by its size and then measured after a
// comma is stored as its measure, in a reply as on its own, and that a comment after
// the comma that is no measure changes nothing.
func TestAmountAside(t *testing.T) {
	tests := []struct {
		name, said string
		want       []string
	}{
		{"a reply to a greeting", "A: How was your day? || Good, the commute is long though, 50 minutes each way by train.",
			[]string{"The commute is 50 minutes each way by train"}},
		{"on its own", "the commute is long, 50 minutes each way by train", []string{"The commute is 50 minutes each way by train"}},
		{"measured without a judgement", "the commute is 50 minutes each way by train", []string{"The commute is 50 minutes each way by train"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := userFacts(t, strings.Split(tc.said, " || ")...); !slices.Equal(got, tc.want) {
				t.Errorf("%q: got %q, want %q", tc.said, got, tc.want)
			}
		})
	}
	asides := []struct{ said, want string }{
		{"rent is pretty high, 1400 euros a month", "rent is 1400 euros a month"}, // chat drops the owner
		{"it is pretty far, 20 minutes by bike", "it is pretty far, 20 minutes by bike"},
	}
	for _, tc := range asides {
		if got := amountAside(tc.said); got != tc.want {
			t.Errorf("amountAside(%q) = %q, want %q", tc.said, got, tc.want)
		}
	}
	for _, said := range []string{"the commute is long, I hate it", "the commute is long though"} {
		if got := amountAside(said); got != said {
			t.Errorf("amountAside(%q) = %q, want it unchanged", said, got)
		}
	}
}
