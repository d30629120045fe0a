package index

import (
	"context"
	"sync"
)

// Loader fills a new shard from the durable store.
type Loader func(ctx context.Context, user string, s *Shard) error

// Registry hands out one shard per user, loading each on first use.
type Registry struct {
	dim  int
	load Loader

	mu     sync.Mutex
	shards map[string]*entry
}

type entry struct {
	once  sync.Once
	shard *Shard
	err   error
}

// NewRegistry returns a registry of shards of dimension dim.
func NewRegistry(dim int, load Loader) *Registry {
	return &Registry{dim: dim, load: load, shards: map[string]*entry{}}
}

// Shard returns the user's shard, loading it once. A failed load is not
// cached, so the next call retries.
func (r *Registry) Shard(ctx context.Context, user string) (*Shard, error) {
	r.mu.Lock()
	e, ok := r.shards[user]
	if !ok {
		e = &entry{}
		r.shards[user] = e
	}
	r.mu.Unlock()
	e.once.Do(func() {
		s := NewShard(r.dim)
		if err := r.load(ctx, user, s); err != nil {
			e.err = err
			return
		}
		e.shard = s
	})
	if e.err != nil {
		r.mu.Lock()
		if r.shards[user] == e {
			delete(r.shards, user)
		}
		r.mu.Unlock()
		return nil, e.err
	}
	return e.shard, nil
}
