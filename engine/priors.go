package engine

import (
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
)

// withPriors adds the views of the query priors (recall.Priors: who said
// it, when) to the fusion of lists, with the engine's weights and clock.
func (e *Engine) withPriors(shard *index.Shard, q *Query, fused []recall.Ranked, lists [][]recall.Ranked, weights []float64) []recall.Ranked {
	ps := recall.Priors(shard, q.Text, e.now(), e.cfg.SpeakerWeight, e.cfg.TimeWeight)
	return recall.WithPriors(e.cfg.RRFK, shard, ps, e.depth(q), fused, lists, weights)
}
