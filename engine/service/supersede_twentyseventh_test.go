package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// supersedeTwentyseventh is the twenty-seventh round: a fresh hand probe (REST
// from-conversation) found stale facts. A list fact corrected item by item ends
// the item taken back; an event a plain "they" moved ("they pushed the party to
// May") supersedes its earlier date; "sold X and bought Y" with no second "I"
// says what one has now; a limit someone set for the user is a fact, and a new
// limit replaces it; an amount after a comma stays in its fact; a setting said
// with "only" is still the setting a later value replaces.
var supersedeTwentyseventh = []scenario{
	{name: "list fact corrected item by item", steps: []string{
		"my son is allergic to walnuts and kiwi", "its only walnuts actually, the kiwi test was negative"},
		facts: []string{"walnuts"}, gone: []string{"kiwi"}, kept: true},
	{name: "they pushed the event", steps: []string{
		"my cousin Rhea is having her graduation party in June", "they pushed the party to August"},
		facts: []string{"August"}, gone: []string{"June"}, kept: true},
	{name: "sold and bought without a second I", steps: []string{
		"I drive a 2011 Corolla", "sold my Corolla and bought a Rivian"},
		facts: []string{"drives a Rivian"}, gone: []string{"2011 Corolla"}, kept: true,
		query: "what car do I drive", top: "Rivian"},
	{name: "a limit someone set, then a new limit", steps: []string{
		"my cardiologist says I should cycle max 100km a week", "cardiologist now allows 150km a week"},
		facts: []string{"150km"}, gone: []string{"100km"}, kept: true},
	{name: "an amount after a comma, then a new amount", steps: []string{
		"the mortgage is pretty steep, 1900 pounds a month", "the mortgage is 2100 pounds a month now"},
		facts: []string{"2100 pounds"}, gone: []string{"1900 pounds"}, kept: true},
	{name: "a setting said with only", steps: []string{
		"the drive to the office is only 35 minutes", "the drive to the office is 50 minutes now"},
		facts: []string{"50 minutes"}, gone: []string{"35 minutes"}, kept: true},

	// Look-alikes: another item list, someone else's limit, another event.
	{name: "list fact, another list's test", steps: []string{
		"my son is allergic to walnuts and kiwi", "the pollen test was negative"},
		facts: []string{"walnuts", "kiwi"}},
	{name: "another limit of the same setter", steps: []string{
		"my cardiologist says I should cycle max 100km a week", "cardiologist now allows 2 coffees a day"},
		facts: []string{"100km", "2 coffees"}},
	{name: "they moved a thing, no event", steps: []string{
		"my cousin Rhea is having her graduation party in June", "they moved the piano to the garage"},
		facts: []string{"June"}},
	{name: "they pushed another event", steps: []string{
		"my cousin Rhea is having her graduation party in June", "they pushed the meeting to Friday"},
		facts: []string{"June"}},
}

// TestSupersedeTwentyseventh runs the twenty-seventh round on fresh engines.
func TestSupersedeTwentyseventh(t *testing.T) {
	runScenarios(t, supersedeTwentyseventh)
}

// TestSupersedeTwentyseventhReplacementKind checks that what one has now, told in the
// words of the fact it replaces, is as lasting as that fact: semantic, whatever the
// kind of the "bought" it came from.
func TestSupersedeTwentyseventhReplacementKind(t *testing.T) {
	e := newIntentEngine(t)
	runScenario(t, e, []string{"I drive a 2011 Corolla", "sold my Corolla and bought a Rivian"})
	for _, m := range listMemories(t, e, false) {
		if strings.Contains(m.Text, "drives a Rivian") {
			if m.MemoryType != engine.TypeSemantic {
				t.Errorf("%q is %s, want semantic", m.Text, m.MemoryType)
			}
			return
		}
	}
	t.Error("no active fact says what User drives now")
}

// TestSupersedeTwentyseventhMovedEventWithModel checks that an event moved, told as
// its holder's, supersedes its earlier date when a model decides too: the model saw
// "The wedding got pushed to August" without its holder and called it new.
func TestSupersedeTwentyseventhMovedEventWithModel(t *testing.T) {
	ctx := context.Background()
	chat := &scriptedChat{replies: []string{
		`{"facts":[{"text":"User's cousin Rhea is getting married in June 2026","subject":"User","memory_type":"semantic"}]}`,
		`{"facts":[{"text":"The wedding got pushed to August","subject":"User","memory_type":"semantic"}]}`,
		`{"decisions":[{"fact":0,"event":"ADD"}]}`,
		`{"decisions":[{"fact":0,"event":"ADD"}]}`,
	}}
	e := newModelEngine(t, chat)
	for _, said := range []string{"my cousin Rhea is getting married in June", "they pushed the wedding to August"} {
		req := engine.ConversationRequest{Messages: []engine.Message{{Role: "user", Content: said}}}
		if _, err := e.AddConversation(ctx, "u", req); err != nil {
			t.Fatal(err)
		}
	}
	var current []string
	for _, m := range listMemories(t, e, false) {
		if !m.IsEpisode() {
			current = append(current, m.Text)
		}
	}
	if !slices.Contains(current, "User's cousin Rhea's wedding got pushed to August") || slices.ContainsFunc(current, func(s string) bool {
		return strings.Contains(s, "June")
	}) {
		t.Errorf("current facts %q, want the wedding moved to August and no June", current)
	}
}
