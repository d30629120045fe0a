package extract

import "testing"

// TestWithDroppedSubjectCountNow covers a count said with "now" and nothing else after
// a change ("so three cats now"): it is the count the speaker has. The controls are
// counts of a measure ("3 weeks now", "5 miles now") and a count with a verb of its own.
func TestWithDroppedSubjectCountNow(t *testing.T) {
	tests := []struct{ clause, want string }{
		{"three cats now", "I have three cats now"},
		{"that makes 4 guitars now", "I have 4 guitars now"},
		{"3 weeks now", "3 weeks now"},
		{"5 miles now", "5 miles now"},
		{"three cats live here now", "three cats live here now"},
	}
	for _, tc := range tests {
		if got := withDroppedSubject(tc.clause); got != tc.want {
			t.Errorf("withDroppedSubject(%q) = %q, want %q", tc.clause, got, tc.want)
		}
	}
}
