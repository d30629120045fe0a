package service_test

import "testing"

// supersedeExplicitAges: an age said as one ("turned 4", "is 3 years old") is an age
// whatever has it, a pet or a breed no word list names; only a bare "is N" needs a
// subject known to age ("my locker is 88" is a thing's number).
var supersedeExplicitAges = []scenario{
	{name: "a breed turned a year older", steps: []string{
		"My beagle is 3 years old.", "My beagle just turned 4."},
		facts: []string{"4 years old"}, gone: []string{"3 years old"}, kept: true},
	{name: "a pet no list names", steps: []string{
		"my ferret is 2 years old", "my ferret turned 3 last week"},
		facts: []string{"3 years old"}, gone: []string{"2 years old"}, kept: true},
}

// TestSupersedeExplicitAges: an age said as one supersedes the one before.
func TestSupersedeExplicitAges(t *testing.T) {
	runScenarios(t, supersedeExplicitAges)
}
