package extract

import "testing"

// TestPartyOfUs checks that a party counted with "us" is read as the household's size, as
// "we", or as a count of people, never as "The two of User".
func TestPartyOfUs(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"just the two of us, and I usually cook on sundays":      {"User's household is two people", "User usually cooks on sundays"},
		"it's just the two of us":                                {"User's household is two people"},
		"just the two of us and a very spoiled cat named Pepper": {"User's household is two people", "User has a very spoiled cat named Pepper"},
		"I cook for the three of us every night":                 {"User cooks for three people every night"},
		"the two of us love hiking":                              {"User loves hiking"},
	})
}
