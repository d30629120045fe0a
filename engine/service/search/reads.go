package search

import (
	"context"

	"github.com/memsvc/memsvc/engine"
)

// reads are one search's reads of a user's memories. A memory read once
// (the text view's feedback documents) is not read again for the results
// or the reranker: each store read decodes the memory's JSON, a sixth of
// a search's CPU at 15k memories (README, Memory and speed).
type reads struct {
	user string
	load func(ctx context.Context, user string, ids []string) ([]*engine.Memory, error)
	got  map[string]*engine.Memory // nil: vanished
}

func (e *Searcher) reads(user string) *reads {
	return &reads{user: user, load: e.load, got: map[string]*engine.Memory{}}
}

// Load returns the memories of ids in their order, skipping ids that
// vanished, reading from the store only those not read before.
func (r *reads) Load(ctx context.Context, ids []string) ([]*engine.Memory, error) {
	var missing []string
	for _, id := range ids {
		if _, ok := r.got[id]; !ok {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		mems, err := r.load(ctx, r.user, missing)
		if err != nil {
			return nil, err
		}
		for _, id := range missing {
			r.got[id] = nil
		}
		for _, m := range mems {
			r.got[m.ID] = m
		}
	}
	out := make([]*engine.Memory, 0, len(ids))
	for _, id := range ids {
		if m := r.got[id]; m != nil {
			out = append(out, m)
		}
	}
	return out, nil
}
