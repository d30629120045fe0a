package extract

import "testing"

// TestChatFillers checks that fillers at a turn's start or end, or before the next clause's
// "so", leave the fact: "Quick question,", "fwiw", "btw so…", "now I guess,".
func TestChatFillers(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"I'm vegetarian btw so no meat in the plan please":            {"User is vegetarian"},
		"User is vegetarian btw so no meat please":                    {"User is vegetarian"},
		"quick one - my sister is a nurse":                            {"User's sister is a nurse"},
		"Quick question, my sister is a nurse":                        {"User's sister is a nurse"},
		"fwiw I take home about 2,800 a month after tax":              {"User takes home about 2,800 a month after tax"},
		"I've been at the same company for 12 years fwiw":             {"User has been at the same company for 12 years"},
		"so I'm doing keto now I guess, my trainer talked me into it": {"User is doing keto now", "User's trainer talked User into it"},
	})
}
