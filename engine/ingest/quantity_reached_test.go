package ingest

import "testing"

// TestQuantityChangedReachedOrOwned covers a new amount said as where one is ("is at
// 4 books a month now") or by another verb of having ("owns 2 bikes now"): the count
// the stored fact gave by its own verb changed. The controls are someone else's amount,
// a time and an address said with "at", and an event in the past.
func TestQuantityChangedReachedOrOwned(t *testing.T) {
	tests := []struct {
		old, fact string
		want      bool
	}{
		{"User reads about 2 books a month", "User is at 4 books a month now", true},
		{"User runs 2 miles a day", "User is at three miles a day now", true},
		{"User has got 1 bike", "User owns 2 bikes now", true},
		{"User owns 3 guitars", "User has 4 guitars now", true},
		{"User runs 2 miles a day", "User's wife is at 3 miles a day now", false},
		{"User walked 2 miles a day", "User is at 3 miles a day now", false},
		{"User meets 2 friends a week", "User is at 5 pm a week", false},
		{"User lives at 10 Elm Street", "User is at 12 Elm Street", false},
	}
	for _, tc := range tests {
		if got := QuantityChanged(tc.old, tc.fact); got != tc.want {
			t.Errorf("QuantityChanged(%q, %q) = %v, want %v", tc.old, tc.fact, got, tc.want)
		}
	}
}
