package service_test

import "testing"

// supersedeUnstoredCorrections are corrections of someone else of whom nothing is
// stored ("oh wait he's a paramedic, not a firefighter"): they correct no fact, and
// must not be kept as the user's ("User meant paramedic, not firefighter"), nor touch
// the user's own fact of the same kind. The turn's episode keeps what was said.
var supersedeUnstoredCorrections = []scenario{
	{name: "his job with nothing stored of him", steps: []string{
		"I'm a nurse.", "oh wait he's a paramedic, not a firefighter"},
		facts: []string{"User is a nurse"}, never: []string{"User meant", "User is a paramedic"}},
	{name: "her city with nothing stored of her", steps: []string{
		"I live in York.", "sorry she lives in Hull, not Leeds"},
		facts: []string{"York"}, never: []string{"User meant", "User lives in Hull"}},
	{name: "her age with nothing stored of her", steps: []string{
		"I'm 30.", "my bad, she's 29, not 30"},
		facts: []string{"30"}, never: []string{"User meant", "User is 29"}},
}

// TestSupersedeUnstoredCorrections runs them on fresh engines.
func TestSupersedeUnstoredCorrections(t *testing.T) {
	runScenarios(t, supersedeUnstoredCorrections)
}
