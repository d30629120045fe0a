package ingest

import "testing"

// TestConfirms: a correction of a wrong restatement confirms a stored fact that already
// says the right value and not the wrong one; it confirms nothing when no candidate says
// the right value, when the candidate says both, or when the only match is another
// correction.
func TestConfirms(t *testing.T) {
	tests := []struct {
		name  string
		fact  string
		cands []string
		want  bool
	}{
		{"stored right day", "User meant Wednesdays, not Fridays", []string{"User has pottery class on Wednesdays"}, true},
		{"stored right time", "User meant 6:40, not 4:40", []string{"User's flight is at 6:40 on 2025-03-03"}, true},
		{"nothing says it", "User meant sesame, not peanuts", []string{"User likes hiking"}, false},
		{"a word inside another", "User meant Eva, not Ava", []string{"User's sister is Evangeline"}, false},
		{"both said", "User meant 6, not 5", []string{"User has 5 cats and 6 dogs"}, false},
		{"only another correction", "User meant Lyon, not Paris", []string{"User meant Lyon, not Nice"}, false},
		{"no correction", "User lives in Lyon", []string{"User lives in Lyon"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cands []Candidate
			for i, c := range tt.cands {
				cands = append(cands, Candidate{ID: string(rune('A' + i)), Text: c})
			}
			if got := Confirms(tt.fact, cands); got != tt.want {
				t.Errorf("Confirms(%q) = %v, want %v", tt.fact, got, tt.want)
			}
		})
	}
}
