package service_test

import (
	"fmt"
	"slices"
	"testing"
)

// sameSaid is one fact said in two requests, in other words: the second must
// add no fact (a NONE or an UPDATE of the stored one) and its turn's episode
// must link the fact it said again. known marks a pair the built-in pipeline
// still stores twice (see scenario.known): the test asserts it still does.
type sameSaid struct {
	name, first, second string
	known               string
}

// sameSaidPairs are restatements a user makes in chat: a preference pair by
// another verb and joiner in the same order, a diet said as a label and as a
// diet followed, a home said as lived in, based in or home, an allergy as
// "allergic to X" and "X allergy", a role with and without its workplace, a
// birthday said two ways, a count in words and in digits.
//
// "My favourite X is Y" and "I use Y as my X" are one fact here: both say Y
// fills the user's X, and a later "I switched to Z as my X" must end both,
// which it does only if no second copy of Y stays current beside the first.
var sameSaidPairs = []sameSaid{
	{name: "preference over and more than", first: "I prefer tea over coffee", second: "I like tea more than coffee"},
	{name: "preference to and better than", first: "I prefer cats to dogs", second: "I like cats better than dogs"},
	{name: "preference rather than and more than", first: "I prefer trains rather than planes", second: "I like trains more than planes"},
	{name: "preference enjoy more than", first: "I prefer running over cycling", second: "I enjoy running more than cycling"},
	{name: "preference said again with over", first: "I like chess more than checkers", second: "I prefer chess over checkers"},
	{name: "diet label and diet followed", first: "I'm vegetarian", second: "I follow a vegetarian diet"},
	{name: "diet followed and label", first: "I follow a pescatarian diet.", second: "I'm pescatarian."},
	{name: "diet label and what it leaves out", first: "I'm vegan.", second: "I never eat animal products."},
	{name: "diet on a diet and label", first: "I'm on a paleo diet", second: "I am paleo"},
	{name: "favourite and used as", first: "my favourite browser is Firefox", second: "I use Firefox as my browser", known: knownFavUse},
	{name: "used as and favourite", first: "I use Obsidian as my notes app", second: "my favourite notes app is Obsidian", known: knownFavUse},
	{name: "role with and without workplace", first: "I work as a data analyst at Acme Bank", second: "I'm a data analyst"},
	{name: "role without and with workplace", first: "I'm an accountant", second: "I work as an accountant at a law firm", known: knownUpdate},
	{name: "lives in and based in", first: "I live in Leipzig", second: "I'm based in Leipzig"},
	{name: "based in and lives in", first: "I'm based in Cork.", second: "I live in Cork."},
	{name: "lives in and home is", first: "I live in Tallinn", second: "home is Tallinn", known: knownHome},
	{name: "birthday and born on", first: "My birthday is on July 14th", second: "I was born on 14 July"},
	{name: "born on and birthday", first: "I was born on May 2nd", second: "my birthday is May 2"},
	{name: "allergic to and allergy", first: "I'm allergic to shellfish", second: "I have a shellfish allergy"},
	{name: "allergy and allergic to", first: "I have a peanut allergy", second: "I am allergic to peanuts"},
	{name: "count in words and digits", first: "I have three cats", second: "I have 3 cats"},
	{name: "count in digits and words", first: "I speak 4 languages", second: "I speak four languages"},
}

// Why the built-in pipeline still stores a pair of sameSaidPairs twice.
const (
	knownFavUse = "the extraction drops the role of a thing used \"as my X\" (\"User uses Firefox\"), so no reading " +
		"can tell it fills the favourite X (engine/extract)"
	knownUpdate = "an UPDATE of the stored fact by a fuller restatement does not link the turn's episode to it " +
		"(engine/service/write/pipeline.go links only a NONE)"
	knownHome = "\"home is X\" extracts no fact (engine/extract): nothing to deduplicate"
)

// TestSupersedeDedupe3SameSaid runs each pair on a fresh engine.
func TestSupersedeDedupe3SameSaid(t *testing.T) {
	for _, p := range sameSaidPairs {
		t.Run(p.name, func(t *testing.T) {
			problems := sameSaidProblems(t, p)
			if p.known != "" {
				if len(problems) == 0 {
					t.Errorf("known failure (%s) now passes: drop the mark", p.known)
				}
				return
			}
			for _, problem := range problems {
				t.Error(problem)
			}
		})
	}
}

// sameSaidProblems sends the pair and says what went wrong: a fact added by
// the second request, or its turn linked to none of the facts then current.
func sameSaidProblems(t *testing.T, p sameSaid) []string {
	t.Helper()
	e := newIntentEngine(t)
	runScenario(t, e, []string{p.first})
	before := activeFacts(t, listMemories(t, e, false))
	last := runScenario(t, e, []string{p.second})
	active := listMemories(t, e, false)
	after := activeFacts(t, active)
	var problems []string
	if len(after) != len(before) {
		problems = append(problems, fmt.Sprintf("facts %q became %q", before, after))
	}
	current := map[string]bool{}
	for _, m := range active {
		current[m.ID] = !m.IsEpisode()
	}
	// A turn said again word for word but for a number's spelling writes no
	// new episode: the stored one already links the fact.
	linked, episode := false, false
	for _, m := range active {
		if last[m.ID] && m.IsEpisode() {
			episode = true
			linked = linked || slices.ContainsFunc(m.Facts, func(id string) bool { return current[id] })
		}
	}
	if episode && !linked {
		problems = append(problems, "the second turn links no current fact")
	}
	return problems
}

// supersedeDedupe3 are the near-restatements that say something else: the
// pair reversed is a change, a negation takes the fact back, another holder
// or another amount is another fact, "used to" ends the habit, and another
// diet, place or allergen is no repeat.
var supersedeDedupe3 = []scenario{
	{name: "dedupe3 preference reversed is a change", steps: []string{
		"I prefer tea over coffee", "I prefer coffee over tea"},
		facts: []string{"coffee over tea"}, gone: []string{"tea over coffee"}, kept: true,
		known: "a preference pair reversed is read as another preference beside the first (extract.TakesBack reads one value)"},
	{name: "dedupe3 preference reversed by another verb", steps: []string{
		"I prefer cats to dogs", "I like dogs more than cats"},
		facts: []string{"dogs more than cats"}, gone: []string{"cats to dogs"}, kept: true,
		known: "a preference pair reversed by another verb is read as another preference beside the first"},
	{name: "dedupe3 preference of another holder", steps: []string{
		"I prefer tea over coffee", "my wife prefers tea over coffee"},
		facts: []string{"User prefers tea", "wife prefers tea"}},
	{name: "dedupe3 preference used to", steps: []string{
		"I prefer tea over coffee", "I used to prefer tea over coffee"},
		gone: []string{"User prefers tea over coffee"}, kept: true},
	{name: "dedupe3 allergy taken back", steps: []string{
		"I'm allergic to shellfish", "I'm not allergic to shellfish"},
		facts: []string{"not allergic to shellfish"}, gone: []string{"User is allergic"}, kept: true},
	{name: "dedupe3 another allergen", steps: []string{
		"I'm allergic to shellfish", "I have a latex allergy"},
		facts: []string{"shellfish", "latex"}},
	{name: "dedupe3 another diet", steps: []string{
		"I'm vegetarian", "I follow a vegan diet"},
		facts: []string{"vegan"}, gone: []string{"User is vegetarian"}, kept: true,
		known: "a diet followed (follows a X diet) has another slot than a diet label (is Y), so it ends none"},
	{name: "dedupe3 another holder leaves out animal products", steps: []string{
		"I'm vegan.", "my son never eats animal products"},
		facts: []string{"User is vegan", "son"}},
	{name: "dedupe3 another holder based in", steps: []string{
		"I live in Leipzig", "my brother is based in Leipzig"},
		facts: []string{"User lives in Leipzig", "brother"}},
	{name: "dedupe3 another place based in", steps: []string{
		"I live in Leipzig", "I'm based in Dresden now"},
		facts: []string{"Dresden"}, gone: []string{"Leipzig"}, kept: true},
	{name: "dedupe3 another count", steps: []string{
		"I have 3 cats", "I have four cats now"},
		facts: []string{"four cats"}, gone: []string{"3 cats"}, kept: true},
	{name: "dedupe3 another birthday", steps: []string{
		"My birthday is on July 14th", "my birthday is July 15"},
		facts: []string{"July 15"}, gone: []string{"July 14"}, kept: true},
}

// TestSupersedeDedupe3 runs the near-restatements on fresh engines.
func TestSupersedeDedupe3(t *testing.T) {
	runScenarios(t, supersedeDedupe3)
}
