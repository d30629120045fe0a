package extract

import "testing"

// TestReplacedMeansPartNamed covers a switch said of a thing ("moved CI off Jenkins onto
// GitHub Actions") against the same thing said with a word more ("User's CI pipeline
// runs on Jenkins"): the replaced tool is gone from it. The controls are someone else's
// switch, another replaced tool, and a thing with two words more.
func TestReplacedMeansPartNamed(t *testing.T) {
	tests := []struct {
		old, fact string
		want      bool
	}{
		{"User's CI pipeline runs on Jenkins", "User moved CI off jenkins onto github actions", true},
		{"User's CI pipeline runs on Jenkins", "User's sister moved CI off jenkins onto github actions", false},
		{"User's CI pipeline runs on Jenkins", "User moved CI off travis onto github actions", false},
		{"User's CI release pipeline runs on Jenkins", "User moved CI off jenkins onto github actions", false},
	}
	for _, tc := range tests {
		n := SlotOf(tc.fact)
		if n == nil {
			t.Fatalf("SlotOf(%q) = nil", tc.fact)
		}
		if got := ReplacedMeans(tc.old, *n); got != tc.want {
			t.Errorf("ReplacedMeans(%q, %q) = %v, want %v", tc.old, tc.fact, got, tc.want)
		}
	}
}
