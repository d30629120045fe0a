package extract

import "testing"

// TestSinceAMonthPointsBack: "since <month>" names a month already begun,
// whatever the clause's tense. Said in November, "since March" is this
// year's March; the present tense ("I'm at Google since March") read it as
// the nearest March, next year's.
func TestSinceAMonthPointsBack(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"I'm vegetarian since March":           {"User is vegetarian since March 2026"},
		"I've been vegetarian since March":     {"User has been vegetarian since March 2026"},
		"I'm vegetarian since last March":      {"User is vegetarian since March 2026"},
		"I'm going vegetarian from next March": {"User is going vegetarian from March 2027"},
		"I had the thesis done by March":       {"User had the thesis done by March 2026"},
		"I'll be vegetarian by March":          {"User will be vegetarian by March 2027"},
	})
}
