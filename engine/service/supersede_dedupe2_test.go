package service_test

import "testing"

// supersedeDedupe2 holds the restatements found by hand over REST (three
// plain from-conversation requests: a fact, the same fact in other words, a
// change), each written as a failing scenario before its fix, with more of the
// same kinds: a restatement by a synonym verb, another word form, another word
// order, a possessive for "has … called", "still …", an adverb for an
// adjective, must stay one current fact; a change must retire every copy of
// the old value; a job quit or left must end the job. The near-misses must not
// dedupe: another value, another holder, a negation, a changed amount.
var supersedeDedupe2 = []scenario{
	// The hand-found requests, as sent.
	{name: "dedupe restated by a synonym verb and preposition", steps: []string{
		"I drink oat milk in my coffee", "I take oat milk with coffee"},
		once: []string{"oat milk"}},
	{name: "dedupe possessive for has called", steps: []string{
		"I have a golden retriever called Biscuit", "my dog Biscuit is a golden retriever"},
		once: []string{"golden retriever"}},
	{name: "dedupe still and an adjective for an adverb", steps: []string{
		"I work remotely for a fintech startup", "still working remote at the fintech"},
		once: []string{"fintech"}},
	{name: "dedupe a switch retires every copy", steps: []string{
		"I drink oat milk in my coffee", "I take oat milk with coffee",
		"we switched to almond milk, oat was upsetting my stomach"},
		facts: []string{"almond milk"}, gone: []string{"drinks oat milk", "takes oat milk"}, never: []string{"oat milk with coffee"}, kept: true},
	{name: "dedupe a quit job retires every copy", steps: []string{
		"I work remotely for a fintech startup", "still working remote at the fintech",
		"I quit the fintech job, going freelance now"},
		gone: []string{"works remotely"}, never: []string{"working remote"}, kept: true},
	{name: "dedupe a restatement's turn retires with its fact", steps: []string{
		"I work remotely for a fintech startup", "still working remote at the fintech",
		"I quit the fintech job, going freelance now"},
		gone: []string{"working remote"},
		known: "the turn of a restatement stays current when the fact it restated is superseded: a NOOP does not " +
			"link its episode to that fact (engine/service/write/pipeline.go), and the supersede retires only the fact's own turn"},
	{name: "dedupe going freelance is kept", steps: []string{
		"I work remotely for a fintech startup", "I quit the fintech job, going freelance now"},
		facts: []string{"User is going freelance"}, gone: []string{"works remotely"}, kept: true},
	{name: "dedupe a pet's birthday gives its age", steps: []string{
		"I have a golden retriever called Biscuit", "Biscuit turned 5 today!"},
		facts: []string{"Biscuit is 5"}, once: []string{"golden retriever"}},
	{name: "dedupe the three requests together", steps: []string{
		"I drink oat milk in my coffee || I have a golden retriever called Biscuit || I work remotely for a fintech startup",
		"I take oat milk with coffee || my dog Biscuit is a golden retriever || still working remote at the fintech",
		"we switched to almond milk, oat was upsetting my stomach || Biscuit turned 5 today! || I quit the fintech job, going freelance now"},
		facts: []string{"almond milk"}, once: []string{"golden retriever"},
		gone: []string{"drinks oat milk", "works remotely"}, never: []string{"takes oat milk", "working remote"}, kept: true},

	// More restatements: one current fact.
	{name: "dedupe synonym verb own and have", steps: []string{
		"I own a red Vespa.", "I have a red Vespa"},
		once: []string{"Vespa"}},
	{name: "dedupe synonym verb have for drink", steps: []string{
		"I drink green tea every morning.", "I have green tea every morning"},
		once: []string{"green tea"}},
	{name: "dedupe adverb for adjective", steps: []string{
		"I speak fluent Portuguese.", "I speak Portuguese fluently"},
		once: []string{"Portuguese"}},
	{name: "dedupe named for called", steps: []string{
		"I have a parrot named Kiwi.", "my parrot is called Kiwi"},
		once: []string{"Kiwi"}},
	{name: "dedupe possessive for has called cat", steps: []string{
		"I have a tabby cat called Pixel.", "my cat Pixel is a tabby"},
		once: []string{"tabby"}},
	{name: "dedupe still with a word form", steps: []string{
		"I volunteer at the food bank on Saturdays.", "still volunteering at the food bank on saturdays"},
		once: []string{"food bank"}},
	{name: "dedupe really as filler", steps: []string{
		"I love hiking in the mountains.", "I really love hiking in the mountains"},
		once: []string{"hiking"}},
	{name: "dedupe word order with a possessive", steps: []string{
		"My sister Clara lives in Ghent.", "Clara, my sister, lives in Ghent"},
		once: []string{"Ghent"}},
	{name: "dedupe synonym verb cook and make", steps: []string{
		"I cook dinner for my family every evening.", "I make dinner for my family every evening"},
		once: []string{"dinner"}},

	// Near-misses: both stay, or the second replaces the first.
	{name: "near-miss another value in one frame", steps: []string{
		"I take oat milk in my coffee.", "I take oat milk in my tea"},
		facts: []string{"coffee", "tea"}},
	{name: "near-miss another holder of a pet", steps: []string{
		"I have a golden retriever called Biscuit.", "my sister has a golden retriever called Maple"},
		facts: []string{"Biscuit", "Maple"}},
	{name: "near-miss another holder of a job", steps: []string{
		"I work remotely for a fintech startup.", "my husband works remotely for a fintech startup"},
		facts: []string{"User works remotely", "husband works remotely"}},
	{name: "near-miss a negation with still", steps: []string{
		"I eat fish.", "I still don't eat fish"},
		facts: []string{"not eat fish"}, gone: []string{"User eats fish"}, kept: true},
	{name: "near-miss a changed amount with still", steps: []string{
		"I drink two cups of coffee a day.", "I still drink three cups of coffee a day"},
		facts: []string{"three cups"}, gone: []string{"two cups"}, kept: true},
	{name: "near-miss a synonym verb with another thing", steps: []string{
		"I own a Honda Civic.", "I have a Toyota Corolla"},
		facts: []string{"Civic", "Corolla"}},
	{name: "near-miss another pet named alike", steps: []string{
		"I have a parrot named Kiwi.", "my cat is called Kiwi"},
		facts: []string{"parrot", "cat"}},

	// A job left or quit ends it.
	{name: "left the agency ends the job", steps: []string{
		"I work at a design agency in Leeds.", "I left the design agency last month"},
		gone: []string{"works at a design agency"}, kept: true},
	{name: "quit my job at the bank ends it", steps: []string{
		"I work at a bank in Dublin.", "I quit my job at the bank, I'm a teacher now"},
		facts: []string{"teacher"}, gone: []string{"works at a bank"}, kept: true},
}

// TestSupersedeDedupe2 runs the restatement scenarios on fresh engines.
func TestSupersedeDedupe2(t *testing.T) {
	runScenarios(t, supersedeDedupe2)
}
