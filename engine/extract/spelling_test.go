package extract

import "testing"

// TestOneSpelling checks that amounts, month days and "'s" for "is" are written one way,
// and that look-alikes with another sense are left as said.
func TestOneSpelling(t *testing.T) {
	for said, want := range map[string]string{
		"I weigh 80 kilograms":           "I weigh 80 kg",
		"I weigh 80 kgs":                 "I weigh 80 kg",
		"I'm six feet tall":              "I'm 6 ft tall",
		"a 6-foot fence":                 "a 6 ft fence",
		"I run twelve kilometres a week": "I run 12 km a week",
		"my commute is twelve miles":     "my commute is 12 miles",
		"My birthday's on July 9th":      "My birthday is on July 9",
		"our son's in college":           "our son is in college",
		"my dad's a nurse":               "my dad is a nurse",
		"My dad's car is red":            "My dad's car is red",           // a possessive
		"I hurt one foot":                "I hurt one foot",               // the body part
		"My rent is 900 pounds a month":  "My rent is 900 pounds a month", // money too
		"I was born on the 4th":          "I was born on the 4th",         // no month
		// The first part of a compound: a possessive ("is" made "User's wife is on-call schedule is brutal").
		"My wife's on-call schedule is brutal":    "My wife's on-call schedule is brutal",
		"My brother's in-house lawyer quit":       "My brother's in-house lawyer quit",
		"My mom's at-home bakery sells 40 loaves": "My mom's at-home bakery sells 40 loaves",
		"my sister's a-list friends":              "my sister's a-list friends",
		"my dad's a nurse.":                       "my dad is a nurse.",
		"my dad's not":                            "my dad is not",
	} {
		if got := oneSpelling(said); got != want {
			t.Errorf("oneSpelling(%q) = %q, want %q", said, got, want)
		}
	}
}
