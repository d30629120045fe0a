package ingest

import "testing"

// TestCorrectedBareHour: a right time of day against a bare hour ("9:30, not 9")
// corrects the hour stored with its half of the day ("at 9am").
func TestCorrectedBareHour(t *testing.T) {
	cands := []Candidate{{ID: "a1", Text: "The project kickoff is at 9am"}}
	tests := []struct{ name, fact, want string }{
		{"minutes for a bare hour", "User meant 9:30, not 9", "The project kickoff is at 9:30"},
		{"another hour is no match", "User meant 9:30, not 10", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, _ := Corrected(tt.fact, "", cands)
			if got != tt.want {
				t.Errorf("Corrected(%q) = %q, want %q", tt.fact, got, tt.want)
			}
		})
	}
}

// TestMentioning: a correction of a named thing may fix only a fact that names it.
func TestMentioning(t *testing.T) {
	cands := []Candidate{{ID: "a1", Text: "User's team offsite is on the 21st"}, {ID: "a2", Text: "The retro is on the 21st"}}
	for _, tt := range []struct {
		topic string
		want  int
	}{{"offsite", 1}, {"", 2}, {"launch", 0}} {
		if got := Mentioning(cands, tt.topic); len(got) != tt.want {
			t.Errorf("Mentioning(%q) kept %d, want %d", tt.topic, len(got), tt.want)
		}
	}
}
