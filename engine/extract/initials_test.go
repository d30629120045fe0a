package extract

import "testing"

// TestInitialsWithStops checks that initials closed by full stops ("D.C.", "U.S.") keep
// their last stop in the fact, end no sentence before a lowercase word, and are not read
// as chat's "u" for "you".
func TestInitialsWithStops(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"my brother loves Fontaines D.C.":                       {"User's brother loves Fontaines D.C."},
		"We're visiting Washington D.C. in April with the kids": {"User is visiting Washington D.C. in April 2027 with the kids"},
		"I live in the U.S. My wife is from Spain.":             {"User lives in the U.S.", "User's wife is from Spain"},
		"I'm from the U.S. originally":                          {"User is from the U.S. originally"},
		"I work at St. Mary's Hospital.":                        {"User works at St. Mary's Hospital"},
	})
}
