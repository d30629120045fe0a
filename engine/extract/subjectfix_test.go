package extract

import "testing"

func TestSubjectCorrection(t *testing.T) {
	tests := []struct {
		name, said, want, of, about string
	}{
		{"a day of a thing", "the offsite is the 22nd, not the 21st", "I meant 22nd, not 21st", "offsite", ""},
		{"an hour with an apology", "kickoff's at 9:30 not 9, sorry", "I meant 9:30, not 9", "kickoff", ""},
		{"an amount with actually", "rent is 1350 euros a month actually, not 1200", "I meant 1350 euros a month, not 1200", "rent", ""},
		{"a date of a month", "dentist is march 19 not march 18, my bad", "I meant march 19, not march 18", "dentist", ""},
		{"a run-on after the value", "the standup is at 9:45 not 9:15 which i keep forgetting", "I meant 9:45, not 9:15", "standup", ""},
		{"two words of a thing", "the latest release is 2.4 not 2.3 because of the hotfix", "I meant 2.4, not 2.3", "latest release", ""},
		{"it with the thing after", "it's 8 people for the dinner, not 6", "I meant 8 people, not 6", "dinner", ""},
		{"her thing is hers", "her name is Paprika not Pepper", "I meant Paprika, not Pepper", "", "she"},
		{"a contrast of nothing named", "It's a hobby, not a job", "", "", ""},
		{"the speaker's own statement", "my favourite band is Radiohead, not Coldplay", "", "", ""},
		{"a person's correction", "he's 6, not 5", "", "", ""},
		{"a statement as the value", "the dog's name is Rex, not Max", "", "", ""},
		{"no rejected value", "the offsite is on the 22nd", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, of, about := subjectCorrection(tt.said)
			if got != tt.want || of != tt.of || about != tt.about {
				t.Errorf("subjectCorrection(%q) = %q, %q, %q; want %q, %q, %q", tt.said, got, of, about, tt.want, tt.of, tt.about)
			}
		})
	}
}

func TestWordCorrection(t *testing.T) {
	tests := []struct {
		name, said, want, of string
	}{
		{"marked, right first", "sorry, postgres not mongodb, mongo was the old one", "I meant postgres, not mongodb", ""},
		{"marked, rejected first", "oh not rome, it's Milan, I always mix them up", "I meant Milan, not rome", ""},
		{"rejected first without a marker", "not Tuesday, it's Wednesday", "I meant Wednesday, not Tuesday", "Tuesday"},
		{"two words without a marker", "tea not coffee", "", ""},
		{"an aside naming someone else", "sorry, 3 not 2, the neighbour i mean", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, of := wordCorrection(tt.said)
			if got != tt.want || of != tt.of {
				t.Errorf("wordCorrection(%q) = %q, %q; want %q, %q", tt.said, got, of, tt.want, tt.of)
			}
		})
	}
}
