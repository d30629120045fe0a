package text

import "testing"

// TestCutPossessive checks both apostrophes, a bare ending, and words that only end in "s".
func TestCutPossessive(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"straight apostrophe", "Priya's", "Priya", true},
		{"curly apostrophe", "Priya’s", "Priya", true},
		{"no possessive", "Priya", "Priya", false},
		{"a plural", "parents", "parents", false},
		{"a plural's apostrophe is the caller's", "parents'", "parents'", false},
		{"the ending alone", "'s", "'s", false},
		{"empty", "", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := CutPossessive(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Errorf("CutPossessive(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}
