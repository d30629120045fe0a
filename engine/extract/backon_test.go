package extract

import (
	"slices"
	"testing"
)

// TestBackOn checks that "I'm back on" something taken or used is a fact, while
// the idioms "back on track" and "back on my feet" stay passing states.
func TestBackOn(t *testing.T) {
	tests := []struct {
		said string
		want []string
	}{
		{"I'm back on regular coffee", []string{"User is back on regular coffee"}},
		{"I'm back on decaf.", []string{"User is back on decaf"}},
		{"I'm back on track", nil},
		{"I'm back on my feet", nil},
		{"I'm back", nil},
	}
	for _, tc := range tests {
		if got := userFacts(t, tc.said); !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.said, got, tc.want)
		}
	}
}
