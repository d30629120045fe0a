package search

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// A turn may be shown as itself (no fact of it ranked, or none was
// distilled) and still say what a later memory changed: "she does ballet
// on tuesdays", then "she quit ballet, she is doing karate now on tuesdays
// instead", and "what does she do on tuesdays" found the ballet turn
// first, at 1.00, as if it held. A turn said is kept as said, so it is not
// dropped: it is read as a turn put in its fact's place is (said_more.go),
// against its facts still held (allCurrent) and what was said after it
// (changedLater), and a stale one is shown below the current findings,
// scored under the floor.

// staleTurnScore is the most a turn something later changed keeps: under
// the relevance floor, so a client reading relevance does not take it for
// what holds now.
const staleTurnScore = 0.3

// rankStaleTurns moves each turn shown as itself among the first limit
// places that something later changed below the other hits of those
// places, keeping their order, and scores it at most staleTurnScore. A turn
// it cannot read against what followed stays as it was.
func (e *Searcher) rankStaleTurns(ctx context.Context, rd *reads, shard *index.Shard, hits []engine.Scored, limit int) []engine.Scored {
	n := min(limit, len(hits))
	var current, stale []engine.Scored
	for _, h := range hits[:n] {
		if h.Memory != nil && h.IsEpisode() && e.staleTurn(ctx, rd, shard, h.Memory) {
			e.setScore(&h, min(h.Score, staleTurnScore))
			stale = append(stale, h)
			continue
		}
		current = append(current, h)
	}
	if len(stale) == 0 {
		return hits
	}
	out := append(current, stale...)
	return append(out, hits[n:]...)
}

// staleTurn reports whether a turn says what no longer holds: one of its
// facts was superseded or forgotten, or something said after it changed
// what it states (changedLater). A turn gone from the shard is left as it
// is.
func (e *Searcher) staleTurn(ctx context.Context, rd *reads, shard *index.Shard, ep *engine.Memory) bool {
	if !allCurrent(shard, ep.Facts) {
		return true
	}
	if _, ok := shard.Get(ep.ID); !ok {
		return false
	}
	return e.changedLater(ctx, rd, shard, ep)
}
