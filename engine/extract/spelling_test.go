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
		// Number words past twelve, pounds of weight, a weight said as what one is.
		"I cycle twenty kilometers to work": "I cycle 20 km to work",
		"I run forty-two kilometres":        "I run 42 km",
		"we hiked thirty five miles":        "we hiked 35 miles",
		"I weigh 150 pounds":                "I weigh 150 lb",
		"I weigh 150 lbs":                   "I weigh 150 lb",
		"I'm 172 lbs these days":            "I weigh 172 lb these days",
		"I am 80 kilos":                     "I weigh 80 kg",
		"I'm 30":                            "I'm 30",                // an age
		"The fee is 20 pounds":              "The fee is 20 pounds",  // money
		"My son is 131 cm tall":             "My son is 131 cm tall", // a height
		"twentyfold":                        "twentyfold",
	} {
		if got := oneSpelling(said); got != want {
			t.Errorf("oneSpelling(%q) = %q, want %q", said, got, want)
		}
	}
}

// TestNumberWord checks the number words read, from one to ninety-nine, and that other
// words read as no number.
func TestNumberWord(t *testing.T) {
	for said, want := range map[string]int{
		"one": 1, "twelve": 12, "thirteen": 13, "nineteen": 19, "twenty": 20, "Twenty-One": 21,
		"ninety nine": 99, "forty": 40, "twenty ten": 0, "hundred": 0, "tw": 0, "": 0, "zero": 0,
	} {
		if got := numberWord(said); got != want {
			t.Errorf("numberWord(%q) = %d, want %d", said, got, want)
		}
	}
}

// TestAdverbTypoBeforeAChange: a misspelt adverb before a verb of change is read as
// the adverb, so the change fills its slot.
func TestAdverbTypoBeforeAChange(t *testing.T) {
	for said, want := range map[string]string{
		"we finnally moved to Ghent": "we finally moved to Ghent",
		"I jsut started at Initech":  "I just started at Initech",
		"Acutally I sold the car":    "actually I sold the car",
		"the finale aired recently":  "the finale aired recently",
	} {
		if got := oneSpelling(said); got != want {
			t.Errorf("oneSpelling(%q) = %q, want %q", said, got, want)
		}
	}
}
