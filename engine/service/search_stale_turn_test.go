package service_test

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestSearchStaleTurnNotFirst: a turn shown as itself whose activity a
// later turn ended ("quit judo, … instead") is not shown first, nor as
// relevant, for a question it matches word for word.
func TestSearchStaleTurnNotFirst(t *testing.T) {
	e := newPipelineEngine(t)
	sayTurns(t, e,
		"Leo does judo on thursdays.",
		"I repainted the hallway a pale green.",
		"Leo quit judo, he is doing chess club now on thursdays instead.",
	)
	hits := search(t, e, engine.Query{Text: "what does Leo do on thursdays", TopK: 5})
	if len(hits) == 0 {
		t.Fatal("no hits")
	}
	for i, h := range hits {
		if h.Memory.Text != "" && strings.Contains(h.Memory.Text, "does judo") && (i == 0 || h.Relevant) {
			t.Errorf("stale turn %q at place %d, %.2f relevant %v; want it below the current findings, not relevant",
				h.Memory.Text, i+1, h.Score, h.Relevant)
		}
	}
}
