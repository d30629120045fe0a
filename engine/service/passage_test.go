package service_test

import (
	"context"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// The answer to a question is often a turn that repeats none of its words:
// the topic was set by the turns before it. The passage view finds it; the
// same store searched without it (and without the neighbouring-turns views,
// which the passage view replaces) does not rank it near the top.
func TestPassageViewFindsTheAnswerAfterItsQuestion(t *testing.T) {
	turns := []engine.AddRequest{
		{Text: "Joanna: I took a road trip for research for my next screenplay last week.", SessionID: "1"},
		{Text: "Nate: Nice! Where did you end up?", SessionID: "1"},
		{Text: "Joanna: Woodhaven, a small town in the Midwest with lovely old buildings.", SessionID: "1"},
		{Text: "Nate: My tournament went well, I made it to the finals.", SessionID: "1"},
		{Text: "Joanna: My research on screenplay structure is going slowly.", SessionID: "2"},
		{Text: "Nate: The road to the finals was long and I went to bed late.", SessionID: "2"},
		{Text: "Joanna: We planned a trip to the coast but it rained all week.", SessionID: "3"},
		{Text: "Nate: Research says turtles live for decades, so mine will outlive me.", SessionID: "3"},
		{Text: "Joanna: Went to the cinema with my brother for a research screening.", SessionID: "4"},
	}
	target := turns[2].Text
	q := engine.Query{Text: "Where did Joanna go on her road trip for research?", TopK: 10}
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
