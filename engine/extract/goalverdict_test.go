package extract

import "testing"

// TestLastingGoalsAndVerdicts checks that an effort the speaker keeps up ("I'm trying to cut
// down on carbs") is no passing mood, and that a verdict after a comma, with or without its
// article, is a statement of its own, inside a request too.
func TestLastingGoalsAndVerdicts(t *testing.T) {
	wantUserFacts(t, map[string][]string{
		"I am trying to cut down on carbs, doctor said my blood sugar is borderline. Can you suggest some lunches?": {
			"User is trying to cut down on carbs", "User's blood sugar is borderline"},
		"Can you suggest some lunches? I'm trying to eat less salt, my cardiologist said my blood pressure is borderline": {
			"User is trying to eat less salt", "User's blood pressure is borderline"},
		"I'm trying to learn Spanish":       {"User is trying to learn Spanish"},
		"I'm trying to get to 75 kg":        {"User is trying to get to 75 kg"},
		"I'm trying to get the build green": nil,
	})
}
