package service_test

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestSearchStaleTurnNotFirst: a turn shown as itself whose activity a
// later turn of the same user explicitly ended ("quit pottery, … climbing
// instead") is not shown first, nor as relevant, for a question it matches
// word for word; the later turn is.
func TestSearchStaleTurnNotFirst(t *testing.T) {
	e := newPipelineEngine(t)
	sayTurns(t, e,
		"Sam does pottery on wednesdays.",
		"I repainted the hallway a pale green.",
		"Sam quit pottery, he is doing climbing now on wednesdays instead.",
	)
	hits := search(t, e, engine.Query{Text: "what does Sam do on wednesdays", TopK: 5})
	if len(hits) == 0 {
		t.Fatal("no hits")
	}
	for i, h := range hits {
		if strings.Contains(h.Memory.Text, "does pottery") && (i == 0 || h.Relevant) {
			t.Errorf("stale turn %q at place %d, %.2f relevant %v; want it below the current findings, not relevant",
				h.Memory.Text, i+1, h.Score, h.Relevant)
		}
	}
}
