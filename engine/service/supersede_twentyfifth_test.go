package service_test

import "testing"

// supersedeTwentyfifth is the twenty-fifth round: a switch to, or a return
// to, one kind of a thing ends the other kind held before ("switched to
// decaf" ends "drinks regular coffee"; "back on regular coffee" ends the
// switch to decaf), however the two are worded, and not a different thing
// or someone else's; and a setting said in chat's lower case, with no
// owner, still changes the setting.
var supersedeTwentyfifth = []scenario{
	// A switch between kinds of one thing.
	{name: "switched to a kind", steps: []string{
		"I drink regular coffee", "I switched to decaf"},
		facts: []string{"decaf"}, gone: []string{"regular coffee"}, kept: true},
	{name: "switched to a kind from the thing", steps: []string{
		"I drink coffee every morning", "I switched to espresso"},
		facts: []string{"espresso"}, gone: []string{"drinks coffee"}, kept: true},
	{name: "back on the kind", steps: []string{
		"I switched to decaf", "I'm back on regular coffee"},
		facts: []string{"regular coffee"}, gone: []string{"decaf"}, kept: true},

	// Look-alikes: another thing, or someone else, switched.
	{name: "switched to another thing", steps: []string{
		"I drink green tea", "I switched to decaf"},
		facts: []string{"green tea", "decaf"}},
	{name: "someone else switched", steps: []string{
		"I drink regular coffee", "my sister switched to decaf"},
		facts: []string{"regular coffee"}},

	// A setting said in lower case, without an owner.
	{name: "lower-case setting changed", steps: []string{
		"batch size is 32", "batch size is 64 now"},
		facts: []string{"64"}, gone: []string{"32"}, kept: true},
}

// TestSupersedeTwentyfifth runs the twenty-fifth round on fresh engines.
func TestSupersedeTwentyfifth(t *testing.T) {
	runScenarios(t, supersedeTwentyfifth)
}
