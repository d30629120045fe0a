package search

import (
	"testing"

	"github.com/memsvc/memsvc/llm"
)

// TestMoreAskedSlots: the category before its verb, a role by reporting
// to it and a food restriction ask a slot of a holder; the same words in
// a question about something else ask none.
func TestMoreAskedSlots(t *testing.T) {
	cases := []struct {
		name, query, holder, word string
		restriction               bool
	}{
		{"car before its verb", "what car does my brother drive these days", "user's brother", "car", false},
		{"kind of vehicle", "which type of vehicle do we own", "user", "vehicle", false},
		{"city, contracted", "tell me which town I'm based in", "user", "town", false},
		{"city, named holder", "Which city does Farid live in?", "farid", "city", false},
		{"team", "what team do I root for", "user", "team", false},
		{"city visited is no home", "which city did I visit in May", "", "", false},
		{"report to", "who does my wife report to at the bank", "user's wife", "manager", false},
		{"my supervisor", "who's my supervisor again", "user", "supervisor", false},
		{"commute", "how do I usually get to the office", "user", "commute", false},
		{"relationship", "am I still in a relationship?", "user", "partner", false},
		{"married", "is my brother married", "user's brother", "partner", false},
		{"can't eat", "is there anything I can't eat at the wedding", "user", "food", true},
		{"stay away from", "which foods do I need to stay away from", "user", "food", true},
		{"allergic", "what is my son allergic to", "user's son", "food", true},
		{"diet by a food", "does Priyanka eat fish", "priyanka", "food", true},
		{"allergies", "remind me of my food allergies", "user", "food", true},
		{"need to eat is no restriction", "I need to eat more protein", "", "", false},
		{"a recipe", "what should I eat tonight", "", "", false},
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
			if a == nil || a.holder != c.holder || a.word != c.word || a.restriction != c.restriction {
				t.Errorf("askedSlotOf(%q) = %+v; want holder %q, word %q, restriction %v", c.query, a, c.holder, c.word, c.restriction)
			}
		})
	}
}

// TestMoreSlotAnswers: the memories that answer the questions of
// TestMoreAskedSlots name only the value, and another's answer is none.
func TestMoreSlotAnswers(t *testing.T) {
	cases := []struct {
		name, query string
		texts       []string
		want        slotFill
	}{
		{"drives a make", "what car do I drive", []string{"User drives a 2019 Kia Ceed hatchback"}, slotMet},
		{"another's car", "what car do I drive", []string{"User's brother drives a Kia Ceed"}, slotOthers},
		{"rented home is where one lives", "which city am I based in", []string{"User rents a studio flat in Ghent"}, slotMet},
		{"lives in", "which city do I live in", []string{"User lives in Ghent"}, slotMet},
		{"a note's first person", "which city do I live in", []string{"I live in Ghent and work from home on Mondays"}, slotMet},
		{"a rented car is no home", "which city do I live in", []string{"User rents a car in Ghent"}, slotNone},
		{"supports a club", "what team do I cheer for", []string{"User supports Hibernian and goes to home games"}, slotMet},
		{"line manager", "who do I report to", []string{"User's line manager is Odile Marchand"}, slotMet},
		{"boss for a manager", "who is my boss", []string{"User's manager is Odile Marchand"}, slotMet},
		{"another's manager", "who do I report to", []string{"User's sister's manager is Odile"}, slotNone},
		{"not a manager", "who do I report to", []string{"User's dentist is Dr Okafor"}, slotNone},
		{"commute by its name", "how do I get to work", []string{"User's commute is 40 minutes on the 12 bus"}, slotMet},
		{"commute by its means", "how do I get to work", []string{"User cycles to work along the canal"}, slotMet},
		{"allergy", "what can't I eat", []string{"User is allergic to sesame"}, slotMet},
		{"diet label", "what can't I eat", []string{"User has been vegan since 2021"}, slotMet},
		{"dislike", "what can't I eat", []string{"User hates aubergine"}, slotMet},
		{"drink not taken", "what can't I drink", []string{"User doesn't drink coffee"}, slotMet},
		{"intolerance without a slot", "what can't I eat", []string{"User is lactose intolerant"}, slotMet},
		{"an activity disliked", "what can't I eat", []string{"User hates cycling in the rain"}, slotNone},
		{"another's allergy", "what can't I eat", []string{"User's son is allergic to peanuts"}, slotOthers},
		{"a liking", "what can't I eat", []string{"User loves aubergine"}, slotNone},
		{"a relative's allergy asked", "what is my son allergic to", []string{"User's son is allergic to peanuts"}, slotMet},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := askedSlotOf(c.query)
			if a == nil {
				t.Fatalf("askedSlotOf(%q) = nil", c.query)
			}
			if got := slotAnswer(a, nil, c.texts...); got != c.want {
				t.Errorf("slotAnswer(%q, %q) = %d; want %d", c.query, c.texts, got, c.want)
			}
		})
	}
}

// TestSameHolder: an asked relative meets the stored one of the same
// meaning ("my fiancée", "User's girlfriend"), not another relative.
func TestSameHolder(t *testing.T) {
	same, err := llm.NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		query, text string
		want        slotFill
	}{
		{"what does my fiancée do for work", "User's girlfriend Ines works as a pharmacist", slotMet},
		{"what does my fiancée do for work", "User's sister Ines works as a pharmacist", slotOthers},
	}
	for _, c := range cases {
		a := askedSlotOf(c.query)
		if a == nil {
			t.Fatalf("askedSlotOf(%q) = nil", c.query)
		}
		a.same = same
		if got := slotAnswer(a, nil, c.text); got != c.want {
			t.Errorf("slotAnswer(%q, %q) = %d; want %d", c.query, c.text, got, c.want)
		}
	}
}
