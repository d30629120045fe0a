package extract

import "testing"

// TestSharedSubjectSplits checks two facts sharing one subject: a second verb after "and"
// ("…and sleep until 2pm"), and an age with an attribute sharing its "is" ("he's 9 and
// allergic to peanuts"), each kept on its own; and a day after a month's short name with
// its stop ("Dec. 12"), which ended the sentence.
func TestSharedSubjectSplits(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"I work nights at the hospital and sleep until about 2pm": {"User works nights at the hospital", "User sleeps until about 2pm"},
		"my son is 9 and allergic to peanuts":                     {"User's son is 9 years old", "User's son is allergic to peanuts"},
		"I'm 34 and married":                                      {"User is 34 years old", "User is married"},
		"I have a cleaning on Dec. 12":                            {"User has a cleaning on 2026-12-12"},
	})
}
