package service_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// The answer to a question is often a turn that repeats none of its words:
// the topic was set by the turns before it. The passage view finds it; the
// same store searched without it (and without the neighbouring-turns views,
// which the passage view replaces) does not rank it near the top.
func TestPassageViewFindsTheAnswerAfterItsQuestion(t *testing.T) {
	turns := []engine.AddRequest{
		{Text: "Marisol: I took a road trip for research for my next screenplay last week.", SessionID: "1"},
		{Text: "Teodor: Nice! Where did you end up?", SessionID: "1"},
		{Text: "Marisol: Larchmere, a small town in the Midwest with lovely old buildings.", SessionID: "1"},
		{Text: "Teodor: My tournament went well, I made it to the finals.", SessionID: "1"},
		{Text: "Marisol: My research on screenplay structure is going slowly.", SessionID: "2"},
		{Text: "Teodor: The road to the finals was long and I went to bed late.", SessionID: "2"},
		{Text: "Marisol: We planned a trip to the coast but it rained all week.", SessionID: "3"},
		{Text: "Teodor: Research says turtles live for decades, so mine will outlive me.", SessionID: "3"},
		{Text: "Marisol: Went to the cinema with my brother for a research screening.", SessionID: "4"},
	}
	target := turns[2].Text
	q := engine.Query{Text: "Where did Marisol go on her road trip for research?", TopK: 10}
	ranks := map[string]int{}
	for name, cfg := range map[string]engine.Config{
		"passages":    {ContextWeight: -1},
		"no passages": {ContextWeight: -1, PassageWeight: -1},
	} {
		e, _, _ := newEngineWith(t, t.TempDir(), cfg)
		if _, err := e.Add(context.Background(), "u", turns); err != nil {
			t.Fatal(err)
		}
		ranks[name] = rankOf(t, e, q, target)
	}
	if r := ranks["passages"]; r < 1 || r > 3 {
		t.Errorf("with passages the answer ranks %d, want top 3", r)
	}
	if r := ranks["no passages"]; r >= 1 && r <= 3 {
		t.Errorf("without passages the answer ranks %d: the test no longer shows what passages add", r)
	}
}

// Memories stored without a session id are read as conversations when said
// close together, but only a dialogue is one: the same exchange as above
// without session ids still finds its answer through the passage view,
// while one user's unrelated notes stored together lend each other no
// words. Before, "User's manager is Priya" outranked the package-manager
// notes for a package-manager question: its passage held their "web repo".
func TestOnlyADialogueIsAnImplicitConversation(t *testing.T) {
	ctx := context.Background()
	e, _, _ := newEngineWith(t, t.TempDir(), engine.Config{})
	exchange := []engine.AddRequest{
		{Text: "Marisol: I took a road trip for research for my next screenplay last week."},
		{Text: "Teodor: Nice! Where did you end up?"},
		{Text: "Marisol: Larchmere, a small town in the Midwest with lovely old buildings."},
		{Text: "Teodor: My tournament went well, I made it to the finals."},
	}
	if _, err := e.Add(ctx, "u", exchange); err != nil {
		t.Fatal(err)
	}
	if r := rankOf(t, e, engine.Query{Text: "Where did Marisol go on her road trip for research?", TopK: 10}, exchange[2].Text); r < 1 || r > 3 {
		t.Errorf("the answer of a dialogue stored without session ids ranks %d, want top 3", r)
	}

	notes := []string{
		"I moved to Lisbon last year, before that I lived in Berlin.",
		"My daughter Maya is 7 and loves drawing horses.",
		"We use pnpm, not npm, in the web repo.",
		"Actually we switched the web repo to bun last week.",
		"I'm allergic to shellfish.",
		"My manager is Priya; she's based in Toronto.",
	}
	for _, n := range notes { // one request a note, as an agent stores them
		if _, err := e.Add(ctx, "notes", []engine.AddRequest{{Text: n}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, mode := range []string{engine.ModeHybrid, engine.ModeText} {
		res, err := e.Search(ctx, "notes", engine.Query{Text: "which package manager does the web repo use?", TopK: 3, Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) == 0 || !strings.Contains(res.Results[0].Text, "web repo") {
			t.Errorf("%s: results %v, want a web repo note first", mode, texts(res.Results))
		}
	}
}
