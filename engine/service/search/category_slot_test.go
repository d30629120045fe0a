package search

import (
	"testing"
)

// TestAskedSlotOf: a question naming a slot by its category word asks it
// of a holder: the user ("my", "I"), someone of the user's ("my sister"),
// or someone by name.
func TestAskedSlotOf(t *testing.T) {
	cases := []struct {
		name, query, holder, word string
	}{
		{"my job", "what's my job", "user", "job"},
		{"my current job", "What is my current job?", "user", "job"},
		{"relative's job", "what's my sister's job", "user's sister", "job"},
		{"named holder", "What is Rhea's job?", "rhea", "job"},
		{"where do I work", "where do I work these days", "user", "work"},
		{"where does my sister live", "where does my sister live?", "user's sister", "live"},
		{"who do I work for", "who do I work for now?", "user", "work"},
		{"work with is no job", "Who did Priya work with on the fundraiser?", "", ""},
		{"for a living", "What does Rhea do for a living?", "rhea", "work"},
		{"how old", "how old am I", "user", "old"},
		{"my pet", "what's my pet called", "user", "pet"},
		{"curly apostrophe", "what’s my sister’s job", "user's sister", "job"},
		{"no category", "what's my favourite colour", "", ""},
		{"no holder", "what is a good job for a nurse", "", ""},
		{"question word is no name", "What's the job queue called", "", ""},
		{"coding prompt", "fix my build", "", ""},
		{"my work is no job", "commit my work and push it", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := askedSlotOf(c.query)
			if c.holder == "" {
				if a != nil {
					t.Errorf("askedSlotOf(%q) = %+v; want none", c.query, a)
				}
				return
			}
			if a == nil || a.holder != c.holder || a.word != c.word {
				t.Errorf("askedSlotOf(%q) = %+v; want holder %q, word %q", c.query, a, c.holder, c.word)
			}
		})
	}
}

// TestSlotAnswer: a memory meets an asked slot when it fills the slot of
// the category for the asked holder (the value alone is enough: "started
// as a nurse" is a job), and is another's answer when it fills it only
// for someone else.
func TestSlotAnswer(t *testing.T) {
	cases := []struct {
		name, query string
		texts       []string
		want        slotFill
	}{
		{"job taken up", "what's my job", []string{"User started as a pharmacist at the Riverside clinic back in 2018"}, slotMet},
		{"job title", "what's my job", []string{"User works as a nurse"}, slotMet},
		{"employer", "where do I work", []string{"User works at Google"}, slotMet},
		{"a friend's job", "what's my job", []string{"User's friend Priya works at a bakery in Hove"}, slotOthers},
		{"a named person's job", "what's my job", []string{"Priya works at a bakery in Hove"}, slotOthers},
		{"a relative's job asked", "what's my sister's job", []string{"User's sister Ana works at Google"}, slotMet},
		{"the user's job for a relative", "what's my sister's job", []string{"User works at Google"}, slotOthers},
		{"named holder", "What is Rhea's job?", []string{"Rhea works as a dentist"}, slotMet},
		{"a turn's facts", "what's my job", []string{"User likes hiking", "User is a nurse"}, slotMet},
		{"another category", "what's my job", []string{"User lives in Leeds"}, slotNone},
		{"no slot", "what's my job", []string{"User went hiking in the Peak District"}, slotNone},
		{"home", "where do I live", []string{"User lives in Leeds"}, slotMet},
		{"age", "how old am I", []string{"User is 34 years old"}, slotMet},
		{"pet of the kind", "what's my pet called", []string{"User has a cat named Luna"}, slotMet},
		{"car owned", "what's my car", []string{"User's car is a Honda Civic"}, slotMet},
		{"a person is no owned thing", "my wife needs a new sewing machine", []string{"User's wife Ana runs a tailoring shop"}, slotNone},
		{"another's pet", "what's my pet called", []string{"User's sister has a cat named Luna"}, slotOthers},
		{"started as, no job", "what's my job", []string{"User started as a joke"}, slotNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := askedSlotOf(c.query)
			if a == nil {
				t.Fatalf("askedSlotOf(%q) = nil", c.query)
			}
			var members []string
			if a.word == "pet" {
				members = []string{"dog", "cat"} // the WordForms' members of "pet"
			}
			if got := slotAnswer(a, members, c.texts...); got != c.want {
				t.Errorf("slotAnswer(%q, %q) = %d; want %d", c.query, c.texts, got, c.want)
			}
		})
	}
}
