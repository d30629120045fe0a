package extract

import (
	"testing"
)

// TestNextOrLastMonthName checks that "next", "this" and "last" before a month's name go
// with the date written in its place, which the tense already dated.
func TestNextOrLastMonthName(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"I'm moving to Leeds next september": {"User is moving to Leeds in September 2027"},
		"I start the new job next March":     {"User starts the new job in March 2027"},
		"I moved here last september":        {"User moved here in September 2026"},
		"we went to Rome this march":         {"User went to Rome in March 2026"},
	})
}
