package extract

import (
	"slices"
	"testing"
	"time"
)

// TestDroppedSubjectOfProgressiveAndBeen checks the subjects chat leaves out before an -ing
// verb, "been", "born" and a dated appointment, and the clauses that only look so: a gerund that is the subject,
// nouns in -ing, words about the listener.
func TestDroppedSubjectOfProgressiveAndBeen(t *testing.T) {
	for clause, want := range map[string]string{
		"training for my first half marathon in march": "I am training for my first half marathon in march",
		"refactoring the auth module":                  "refactoring the auth module", // what the task is doing: no date, no "currently"
		"currently reading Project Hail Mary":          "I am currently reading Project Hail Mary",
		"been learning portuguese for a year":          "I have been learning portuguese for a year",
		"been vegan for 3 years now":                   "been vegan for 3 years now", // could be "it's been"
		"been a busy week":                             "been a busy week",
		"just checking out some new places":            "just checking out some new places", // this minute, no date
		"having a dog brightens my days":               "having a dog brightens my days",
		"born and raised in Cork":                      "I was born and raised in Cork",
		"running is my favourite thing":                "running is my favourite thing", // a gerund as subject
		"painting relaxes me":                          "painting relaxes me",
		"wedding on saturday":                          "wedding on saturday", // a noun
		"nothing much today":                           "nothing much today",
		"thinking of you":                              "thinking of you",  // about the listener
		"going to the gym":                             "going to the gym", // too short a form to read alone
		"dentist appointment on thursday":              "I have a dentist appointment on thursday",
		"my physio on monday at 9":                     "I have my physio on monday at 9",
		"flight got cancelled yesterday":               "flight got cancelled yesterday", // a verb of its own
		"my flight is at 7am tomorrow":                 "my flight is at 7am tomorrow",
	} {
		if got := withDroppedSubject(clause); got != want {
			t.Errorf("withDroppedSubject(%q) = %q, want %q", clause, got, want)
		}
	}
}

// TestBornAndRaisedIsOneStatement checks that "born and raised" keeps its "was", while two
// events joined by "and" are still two facts.
func TestBornAndRaisedIsOneStatement(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"I was born and raised in Cork":             {"User was born and raised in Cork"},
		"born and raised in Cork":                   {"User was born and raised in Cork"},
		"been learning portuguese for about a year": {"User has been learning portuguese for about a year"},
	})
}

// TestHabitAsideIsItsOwnStatement checks that a habit said after a comma without its "I"
// is a fact of its own, while a noun phrase after the adverb stays with its clause.
func TestHabitAsideIsItsOwnStatement(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"i drive a 2019 honda civic, usually park in the garage": {"User drives a 2019 honda civic", "User usually parks in the garage"},
		"I'm vegan, mostly cook at home":                         {"User is vegan", "User mostly cooks at home"},
		"I live in Leeds, usually the north side":                {"User lives in Leeds, usually the north side"},
		"we have a dog, also two cats":                           {"User has a dog, also two cats"},
	})
}

// TestOwnAttributeWithoutMy checks that a thing of one's own said without "my" is the
// speaker's, and that other bare nouns are not.
func TestOwnAttributeWithoutMy(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"we've been married for 12 years, anniversary is june 3rd": {"User has been married for 12 years", "User's anniversary is june 3"},
		"rent's 1200 now":            {"User's rent is 1200 now"},
		"commute is 40 min by train": {"User's commute is 40 min by train"},
		"traffic is terrible today":  nil,
	})
}

// wantUserFacts checks the facts the built-in extractor distils from each user turn, said on
// 2026-11-28.
func wantUserFacts(t *testing.T, cases map[string][]string) {
	t.Helper()
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	for said, want := range cases {
		if got := userFactTexts(t, NewBuiltin(), at, said); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}
