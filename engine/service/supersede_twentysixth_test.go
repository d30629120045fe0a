package service_test

import "testing"

// supersedeTwentysixth is the twenty-sixth round: a hand probe of a fresh
// server (REST from-conversation, one session each step) found stale facts
// that came back first. A second move supersedes the first home; a named
// person's new age supersedes the old one; a rescheduled event supersedes its
// earlier date; a diet label is one slot; quitting a thing ends what it was
// the means of; what one now has replaces what one sold; a commute said with the
// means first ("go by bike to work") is the commute slot; a break-up ends a fact
// that names the partner beside the role ("my partner Sam is a chef").
var supersedeTwentysixth = []scenario{
	{name: "moved again", steps: []string{
		"I moved to Berlin last year for work", "we just moved again, now in Hamburg since October"},
		facts: []string{"Hamburg"}, gone: []string{"Berlin"}, kept: true,
		query: "where do I live", top: "Hamburg"},
	{name: "named child's age", steps: []string{
		"my son Theo is 7", "Theo turned 8 last week!"},
		facts: []string{"8"}, gone: []string{"is 7"}, kept: true},
	{name: "listed child's age", steps: []string{
		"I have two kids, Ada (7) and Felix (4)", "Ada turned 8 last week!"},
		facts: []string{"Ada", "8", "Felix"}, gone: []string{"Ada (7)"}, kept: true},
	{name: "event rescheduled", steps: []string{
		"my brother Omar is getting married in June", "the wedding got moved to September because of the venue"},
		facts: []string{"Omar's wedding got moved to September"}, gone: []string{"June"}, kept: true},
	{name: "event pushed back", steps: []string{
		"my cousin's graduation is in May", "the graduation was pushed to July"},
		facts: []string{"cousin's graduation was pushed to July"}, gone: []string{"May"}, kept: true},
	{name: "diet label changed", steps: []string{
		"oh and I am vegetarian btw so the dinner thing is tricky",
		"also I started eating fish again, so pescatarian now I guess"},
		facts: []string{"pescatarian"}, gone: []string{"vegetarian btw"}, kept: true,
		query: "what is my diet", top: "pescatarian"},
	{name: "quit the means", steps: []string{
		"I am learning Portuguese on Babbel, 100 day streak",
		"I quit Babbel, doing Preply lessons instead"},
		facts: []string{"learning Portuguese with Preply lessons"}, gone: []string{"on Babbel"}, kept: true,
		query: "how am I learning Portuguese", top: "Preply"},
	{name: "quit the means alone", steps: []string{
		"I am learning Portuguese on Babbel, 100 day streak", "I stopped using Babbel"},
		gone: []string{"on Babbel"}, kept: true},
	{name: "moved again in two clauses", steps: []string{
		"I moved to Berlin last year for work", "we moved again, we are in Hamburg now"},
		facts: []string{"lives in Hamburg"}, gone: []string{"Berlin"}, kept: true},
	{name: "sold and got", steps: []string{
		"I drive a 2012 Civic", "sold the Civic, got a used Leaf now"},
		facts: []string{"drives a used Leaf"}, gone: []string{"drives a 2012 Civic"}, kept: true,
		query: "what car do I drive", top: "Leaf"},
	{name: "commute said with the means first", steps: []string{
		"I go by bike to work every day", "these days I take the train to work, the bike got stolen"},
		facts: []string{"train"}, gone: []string{"by bike"}, kept: true,
		query: "how do I get to work", top: "train"},
	{name: "broke up with a partner named beside a fact", steps: []string{
		"my partner Sam is a chef", "Sam and I broke up last month"},
		facts: []string{"broke up"}, gone: []string{"partner Sam"}, kept: true},

	// Look-alikes: someone else's event, someone else's age, a quit of something else.
	{name: "other event moved", steps: []string{
		"my brother Omar is getting married in June", "the meeting got moved to Thursday"},
		facts: []string{"June"}},
	{name: "other person's age", steps: []string{
		"my son Theo is 7", "my nephew turned 8 last week!"},
		facts: []string{"Theo is 7"}},
	{name: "someone else moved again", steps: []string{
		"I live in Lisbon", "my sister just moved again, now in Porto"},
		facts: []string{"User lives in Lisbon", "sister lives in Porto"}},
	{name: "sold without replacement", steps: []string{
		"I drive a 2012 Civic", "sold the Civic, got a new job offer too"},
		never: []string{"drives a new job"}},
	{name: "someone else broke up", steps: []string{
		"my partner Sam is a chef", "my sister and her boyfriend broke up last month"},
		facts: []string{"partner Sam"}},
	{name: "quit other thing", steps: []string{
		"I am learning Portuguese on Babbel, 100 day streak", "I quit smoking last month"},
		facts: []string{"Babbel"}},
}

// TestSupersedeTwentysixth runs the twenty-sixth round on fresh engines.
func TestSupersedeTwentysixth(t *testing.T) {
	runScenarios(t, supersedeTwentysixth)
}
