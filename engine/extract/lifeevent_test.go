package extract

import (
	"slices"
	"testing"
	"time"
)

// TestOwnWeddingIsKept checks that the speaker's own wedding or engagement said in the
// progressive is a fact, not a passing mood like "I'm getting tired".
func TestOwnWeddingIsKept(t *testing.T) {
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	for said, want := range map[string][]string{
		"we're getting married next september":   {"User is getting married in September 2027"},
		"I'm getting married in June":            {"User is getting married in June 2027"},
		"I'm getting tired of this":              nil,
		"my sister is getting married next june": {"User's sister is getting married in June 2027"},
	} {
		if got := userFactTexts(t, NewBuiltin(), at, said); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}
