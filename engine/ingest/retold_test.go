package ingest

import (
	"testing"

	"github.com/memsvc/memsvc/engine/extract"
)

// TestRetold: a replacement is told in the words of the stored fact that held the
// replaced thing, as its value or its means, and a moved event as its holder's; a
// stored fact of another subject, another thing or another event is left alone.
func TestRetold(t *testing.T) {
	replaces := func(thing string) *extract.Slot {
		return &extract.Slot{Subject: "user", Predicate: "have", Value: "x", Replaces: thing}
	}
	tests := []struct {
		name, fact string
		slot       *extract.Slot
		stored     string
		want       string // "" when nothing is retold
	}{
		{"the value replaced", "User got a used Tesla Model 3 now", replaces("golf"),
			"User drives a 2015 Golf", "User drives a used Tesla Model 3 now"},
		{"the means replaced", "User is doing italki lessons instead", replaces("duolingo"),
			"User is learning Spanish on Duolingo, 200 day streak", "User is learning Spanish with italki lessons instead"},
		{"said in the progressive", "User bought a scooter", replaces("bike"),
			"User is riding a red bike", "User is riding a scooter now"},
		{"another subject's", "User got a used Tesla Model 3 now", replaces("golf"),
			"User's dad drives a 2015 Golf", ""},
		{"another thing", "User got a used Tesla Model 3 now", replaces("golf"),
			"User drives a 2015 Polo", ""},
		{"the thing is no value", "User got a new one now", replaces("golf"),
			"User is a golf coach", ""},
		{"an event moved", "The wedding got moved to September because of the venue", nil,
			"User's sister Lena is getting married in June 2027", "User's sister Lena's wedding got moved to September because of the venue"},
		{"a lead-in before the holder", "The wedding got moved to September", nil,
			"Quick one, User's sister Lena is getting married in June 2027", "User's sister Lena's wedding got moved to September"},
		{"a lead-in before the owner", "The graduation was pushed to July", nil,
			"Oh, User's cousin's graduation is in May 2027", "User's cousin's graduation was pushed to July"},
		{"an event named with its holder", "The graduation was pushed back to July", nil,
			"User's cousin's graduation is in May 2027", "User's cousin's graduation was pushed back to July"},
		{"the holder said", "User's sister's wedding got postponed to October", nil,
			"User's sister Lena is getting married in June 2027", "User's sister Lena's wedding got postponed to October"},
		{"another holder", "User's brother's wedding got postponed to October", nil,
			"User's sister Lena is getting married in June 2027", ""},
		{"another event", "The meeting got moved to Thursday", nil,
			"User's sister Lena is getting married in June 2027", ""},
		{"the event undated", "The wedding got moved to September", nil,
			"User is helping plan the wedding", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, target, ok := Retold(tt.fact, tt.slot, []Candidate{{ID: "old", Text: tt.stored}})
			if !ok {
				text, target = "", ""
			}
			if text != tt.want || ok && target != "old" {
				t.Errorf("Retold = %q (target %q), want %q", text, target, tt.want)
			}
		})
	}
}
