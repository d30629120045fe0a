package extract

import (
	"testing"
)

// TestOwnWeddingIsKept checks that the speaker's own wedding or engagement said in the
// progressive is a fact, not a passing mood like "I'm getting tired".
func TestOwnWeddingIsKept(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"we're getting married next september":   {"User is getting married in September 2027"},
		"I'm getting married in June":            {"User is getting married in June 2027"},
		"I'm getting tired of this":              nil,
		"my sister is getting married next june": {"User's sister is getting married in June 2027"},
	})
}
