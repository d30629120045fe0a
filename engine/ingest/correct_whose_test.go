package ingest

import "testing"

// TestCorrectedWhose: a correction of someone else fixes their fact, never the
// speaker's own, and a correction that names one fixes only a fact naming them.
// A right value with a count against a bare thing replaces the count too, and a
// unit or noun the stored text already has after the wrong value is not doubled.
func TestCorrectedWhose(t *testing.T) {
	tests := []struct {
		name, fact, about string
		cands             []Candidate
		text, target      string
	}{
		{"a pronoun skips the speaker's own", "User meant doctor, not nurse", "he",
			[]Candidate{{ID: "1", Text: "User is a nurse in Leeds"}, {ID: "2", Text: "User's boyfriend Tom works nights"}}, "", ""},
		{"a pronoun fixes a partner's", "User meant paramedic, not nurse", "he",
			[]Candidate{{ID: "1", Text: "User is a nurse"}, {ID: "2", Text: "User's boyfriend Sam is a nurse too"}},
			"User's boyfriend Sam is a paramedic too", "2"},
		{"a pronoun fixes a pet had", "User meant ragdoll, not siamese", "she",
			[]Candidate{{ID: "1", Text: "User has a siamese cat named Miso"}}, "User has a ragdoll cat named Miso", "1"},
		{"a pronoun skips a count had", "User meant 3, not 2", "she",
			[]Candidate{{ID: "1", Text: "User has 2 kids"}}, "", ""},
		{"a pronoun fixes a named person's", "User meant 31, not 30", "she",
			[]Candidate{{ID: "1", Text: "User is 30 years old"}, {ID: "2", Text: "Ana is 30 years old"}}, "Ana is 31 years old", "2"},
		{"one named fixes only a fact naming them", "User meant 3, not 2", "neighbour",
			[]Candidate{{ID: "1", Text: "User has 2 kids"}}, "", ""},
		{"one named fixes theirs", "User meant 3, not 2", "neighbour",
			[]Candidate{{ID: "1", Text: "User has 2 kids"}, {ID: "2", Text: "User's neighbours have 2 kids"}}, "User's neighbours have 3 kids", "2"},
		{"the speaker's own still corrected", "User meant 3, not 2", "",
			[]Candidate{{ID: "1", Text: "User has 2 kids"}}, "User has 3 kids", "1"},
		{"a count against a bare thing", "User meant three cats, not kids", "",
			[]Candidate{{ID: "1", Text: "User has two kids"}}, "User has three cats", "1"},
		{"a unit already stored", "User meant 65 lbs, not 60", "he",
			[]Candidate{{ID: "1", Text: "User's dog weighs 60 lb"}}, "User's dog weighs 65 lb", "1"},
		{"a noun already stored", "User meant 4th grade, not 3rd", "she",
			[]Candidate{{ID: "1", Text: "User's daughter is in 3rd grade"}}, "User's daughter is in 4th grade", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, target, _ := Corrected(tt.fact, tt.about, tt.cands)
			if text != tt.text || target != tt.target {
				t.Errorf("Corrected(%q, %q) = %q, %q; want %q, %q", tt.fact, tt.about, text, target, tt.text, tt.target)
			}
		})
	}
}
