package service_test

import "testing"

// supersedeCorrectionAsides are bare corrections whose aside names what was meant
// ("my salary i mean") rather than whose it was ("the neighbour i mean"): the value is
// the speaker's own, so their own fact is corrected even when it does not use the
// word the aside does ("earns" for "salary"). The controls name a person, whose fact
// alone may be corrected.
var supersedeCorrectionAsides = []scenario{
	{name: "an aside naming the thing meant", steps: []string{
		"I earn 58,000 a year.", "oops 85,000 not 58,000, my salary i mean"},
		facts: []string{"85,000"}, gone: []string{"58,000"}, kept: true},
	{name: "an aside naming a measure meant", steps: []string{
		"I weigh 80 kg.", "sorry 85 not 80, my weight i mean"},
		facts: []string{"85 kg"}, gone: []string{"80 kg"}, kept: true},
	{name: "an aside naming a person", steps: []string{
		"I have 2 kids.", "wait 3 not 2, my sister i mean"},
		facts: []string{"2 kids"}, never: []string{"3 kids"}},
	{name: "an aside naming people", steps: []string{
		"I have 2 kids.", "oops 3 not 2, the neighbours i mean"},
		facts: []string{"2 kids"}, never: []string{"3 kids"}},
}

// TestSupersedeCorrectionAsides: an aside after a corrected value says whose it was
// only when it names a person.
func TestSupersedeCorrectionAsides(t *testing.T) {
	runScenarios(t, supersedeCorrectionAsides)
}
