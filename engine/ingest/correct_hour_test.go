package ingest

import "testing"

// TestCorrectedBareHour: a right time of day against a bare hour ("12:30, not 12")
// corrects the hour stored with its half of the day ("at 12pm").
func TestCorrectedBareHour(t *testing.T) {
	cands := []Candidate{{ID: "a1", Text: "The team lunch is at 12pm"}}
	tests := []struct{ name, fact, want string }{
		{"minutes for a bare hour", "User meant 12:30, not 12", "The team lunch is at 12:30"},
		{"another hour is no match", "User meant 12:30, not 11", ""},
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
	cands := []Candidate{{ID: "a1", Text: "User's team retro is on the 8th"}, {ID: "a2", Text: "The demo is on the 8th"}}
	for _, tt := range []struct {
		topic string
		want  int
	}{{"retro", 1}, {"", 2}, {"launch", 0}} {
		if got := Mentioning(cands, tt.topic); len(got) != tt.want {
			t.Errorf("Mentioning(%q) kept %d, want %d", tt.topic, len(got), tt.want)
		}
	}
}
