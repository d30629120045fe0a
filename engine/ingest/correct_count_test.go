package ingest

import "testing"

// TestCorrectedCountInWords: a count meant in words ("User meant three kids")
// corrects the stored count of the same thing, in words or digits, and leaves a count
// of another thing alone.
func TestCorrectedCountInWords(t *testing.T) {
	cands := []Candidate{
		{ID: "01A", Text: "User has 2 dogs"},
		{ID: "01B", Text: "User has two kids"},
	}
	tests := []struct{ fact, text, target string }{
		{"User meant three kids", "User has three kids", "01B"},
		{"User meant 3 dogs", "User has 3 dogs", "01A"},
		{"User meant four cats", "", ""},
	}
	for _, tt := range tests {
		text, target, ok := Corrected(tt.fact, "", cands)
		if text != tt.text || target != tt.target || ok != (tt.target != "") {
			t.Errorf("Corrected(%q) = %q, %q, %v; want %q, %q", tt.fact, text, target, ok, tt.text, tt.target)
		}
	}
}
