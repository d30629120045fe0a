package extract

import "testing"

func TestSubjectCorrection(t *testing.T) {
	tests := []struct {
		name, said, want, of, about string
	}{
		{"a day of a thing", "the retro is the 9th, not the 8th", "I meant 9th, not 8th", "retro", ""},
		{"an hour with an apology", "lunch's at 12:30 not 12, sorry", "I meant 12:30, not 12", "lunch", ""},
		{"an amount with actually", "the budget is 900 pounds a week actually, not 800", "I meant 900 pounds a week, not 800", "budget", ""},
		{"a date of a month", "the vet visit is april 2 not april 3, oops", "I meant april 2, not april 3", "vet visit", ""},
		{"a run-on after the value", "the demo is at 4:15 not 4:45 which nobody remembers", "I meant 4:15, not 4:45", "demo", ""},
		{"two words of a thing", "the current build is 3.1 not 3.0 because of the patch", "I meant 3.1, not 3.0", "current build", ""},
		{"it with the thing after", "it's 5 seats for the show, not 4", "I meant 5 seats, not 4", "show", ""},
		{"his thing is his", "his name is Biscuit not Cookie", "I meant Biscuit, not Cookie", "", "he"},
		{"a contrast of nothing named", "It's a hobby, not a job", "", "", ""},
		{"the speaker's own statement", "my favourite band is Radiohead, not Coldplay", "", "", ""},
		{"a person's correction", "he's 6, not 5", "", "", ""},
		{"a statement as the value", "the dog's name is Rex, not Max", "", "", ""},
		{"no rejected value", "the retro is on the 9th", "", "", ""},
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
		{"marked, right first", "sorry, redis not memcached, that was the old cache", "I meant redis, not memcached", ""},
		{"marked, rejected first", "oh not paris, it's Lyon, always mix those up", "I meant Lyon, not paris", ""},
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
