package service_test

import "testing"

// supersedeTwentyfourth is the twenty-fourth round: what a hand probe over
// REST (from-conversation and add, fresh store) found. A plan given up ("after
// all", "changed my mind", "not … anymore") must end; a rule's number changed
// must supersede it; a value changed back is a change; two routines of one
// clause each stay their own slot, and "gets up" and "wakes up" are one.
var supersedeTwentyfourth = []scenario{
	// A plan given up ends.
	{name: "plan abandoned after all", steps: []string{
		"we are relocating to Hull in January", "we are staying in Derby after all"},
		gone: []string{"Hull"}, kept: true},
	{name: "plan abandoned changed my mind", steps: []string{
		"I'm moving to Cardiff in the spring", "I changed my mind about Cardiff"},
		gone: []string{"Cardiff"}, kept: true},
	{name: "plan abandoned not anymore", steps: []string{
		"I am planning to learn Italian this summer", "I'm not learning Italian anymore"},
		gone: []string{"learn Italian"}, kept: true},

	// A plan for a day ahead, ended before the day.
	{name: "event pulled out of", steps: []string{
		"I am training for a half marathon in April", "I pulled out of the marathon, my knee is bad"},
		gone: []string{"training for a half marathon"}, kept: true},

	// Look-alikes: a plan stays when something else is given up, or someone else stays.
	{name: "plan kept other mind changed", steps: []string{
		"I'm moving to Cardiff in the spring", "I changed my mind about the new sofa"},
		facts: []string{"Cardiff"}},
	{name: "plan kept other person stays", steps: []string{
		"we are relocating to Hull in January", "my sister is staying in Derby after all"},
		facts: []string{"Hull"}},

	// A rule's number changed.
	{name: "rule limit raised", steps: []string{
		"Keep functions under 50 lines", "function limit is 80 lines now, 50 was too strict"},
		facts: []string{"80"}, gone: []string{"50 lines"}, kept: true},

	// A value changed back.
	{name: "back on regular", steps: []string{
		"I switched to decaf", "I'm back on regular coffee"},
		facts: []string{"regular"}, gone: []string{"decaf"}, kept: true},
	{name: "back on the value", steps: []string{
		"I drink regular coffee", "I switched to decaf", "I'm back on regular coffee"},
		facts: []string{"regular"}, gone: []string{"decaf"}, kept: true},

	// Two routines in one clause; gets up and wakes up are one slot.
	{name: "wake time moved gets up", steps: []string{
		"I go to bed by 11pm and get up at 5am", "I get up at 8 now"},
		facts: []string{"8", "11pm"}, gone: []string{"5am"}, kept: true},
	{name: "wake time moved wakes up", steps: []string{
		"I go to bed by 11pm and get up at 5am", "I wake up at 8 now"},
		facts: []string{"8", "11pm"}, gone: []string{"5am"}, kept: true},
}

// TestSupersedeTwentyfourth runs the twenty-fourth round on fresh engines.
func TestSupersedeTwentyfourth(t *testing.T) {
	runScenarios(t, supersedeTwentyfourth)
}
