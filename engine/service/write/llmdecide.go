package write

import (
	"context"
	"fmt"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/ingest"
)

// maxShownMemories caps how many stored memories one decision call shows.
const maxShownMemories = 30

// modelDecisions asks the configured decider about facts in one call,
// outside the write lock. It returns nil (the built-in Decide then rules)
// when there is no decider, when extraction already fell back, or when the
// model fails; a failure is logged and reported by /api/health.
func (e *Writer) modelDecisions(ctx context.Context, user string, shard *index.Shard, facts []extract.Fact, vecs [][]float32, extractor string) []*extract.Decision {
	if e.decider == nil || len(facts) == 0 || extractor == extract.BuiltinName {
		return nil
	}
	var shown []extract.Existing
	seen := map[string]bool{}
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		for i, f := range facts {
			cands, err := e.candidates(ctx, tx, &plan{}, shard, f.Text, vecs[i], nil, nil)
			if err != nil {
				return err
			}
			for _, c := range cands {
				if seen[c.ID] || len(shown) >= maxShownMemories {
					continue
				}
				seen[c.ID] = true
				m, err := tx.GetMemory(c.ID)
				if err != nil {
					return err
				}
				shown = append(shown, extract.Existing{ID: m.ID, Text: m.Text, ValidFrom: m.ValidFrom})
			}
		}
		return nil
	})
	if err != nil {
		return nil
	}
	decisions, err := e.decider.Decide(ctx, facts, shown)
	if err == nil && len(decisions) != len(facts) {
		err = fmt.Errorf("%d decisions for %d facts", len(decisions), len(facts))
	}
	if err != nil {
		e.log.Warn("decision model failed; using built-in decisions", "decider", e.decider.Name(), "err", err)
		e.llmHealth.fail(e.now(), fmt.Errorf("decisions fell back to built-in rules: %w", err))
		return nil
	}
	out := make([]*extract.Decision, len(decisions))
	for i := range decisions {
		out[i] = &decisions[i]
	}
	return out
}

// fromModel turns a model's decision into the engine's, checking that every
// memory it names is still active; ok is false when it cannot be used. The
// built-in decision is kept for a duplicate within the same request, which
// the model could not see.
func (e *Writer) fromModel(tx engine.Tx, p *plan, hint *extract.Decision, builtin ingest.Decision, batch map[string]*engine.Memory) (ingest.Decision, bool) {
	if builtin.Event == engine.EventNone && batch[builtin.Target] != nil {
		return builtin, true
	}
	for _, id := range hint.Targets {
		m, err := e.planned(tx, p, id)
		if err != nil || m.State != engine.StateActive {
			return ingest.Decision{}, false
		}
	}
	switch hint.Event {
	case extract.DecisionAdd:
		return ingest.Decision{Event: engine.EventAdd}, true
	case extract.DecisionUpdate:
		if len(hint.Targets) == 0 || hint.Text == "" {
			return ingest.Decision{}, false
		}
		return ingest.Decision{Event: engine.EventUpdate, Target: hint.Targets[0]}, true
	case extract.DecisionSupersede:
		return ingest.Decision{Event: engine.EventSupersede, Closes: hint.Targets}, len(hint.Targets) > 0
	case extract.DecisionNone:
		d := ingest.Decision{Event: engine.EventNone}
		if len(hint.Targets) > 0 {
			d.Target = hint.Targets[0]
		}
		return d, true
	}
	return ingest.Decision{}, false
}
