package index

import (
	"container/list"
	"context"
	"sync"
)

// Loader fills a new shard from the durable store.
type Loader func(ctx context.Context, user string, s *Shard) error

// DefaultBudget is the byte budget of loaded shards when none is given.
const DefaultBudget int64 = 512 << 20

// Registry hands out one shard per user, loading each on first use, and
// keeps the loaded shards within a byte budget by evicting the least
// recently used ones; an evicted user's shard is reloaded on demand.
//
// A shard handed out stays usable after its eviction (a search running on
// it finishes), and a write applied to it is forwarded to the user's
// current shard (see forward), so no write is lost to an eviction or to a
// reload racing with it.
type Registry struct {
	dim    int
	load   Loader
	budget int64 // ≤ 0: unbounded

	mu     sync.Mutex
	shards map[string]*entry
	lru    list.List // of *entry, most recently used first; loaded entries only
	bytes  int64     // sum of the loaded entries' sizes
	loads  uint64
	evicts uint64
}

// entry is one user's slot: loading until ready is closed, then loaded.
type entry struct {
	user  string
	shard *Shard
	ready chan struct{}
	err   error
	// pending are writes that reached the registry while the shard was
	// loading, replayed on it before it is handed out (see forward).
	pending []func(*Shard)
	elem    *list.Element // in lru once loaded
	size    int64         // bytes accounted for it in Registry.bytes
}

// CacheStats are the registry's figures for monitoring.
type CacheStats struct {
	Shards           int   // loaded shards
	Bytes, Budget    int64 // their accounted size, and the budget (≤ 0: none)
	Loads, Evictions uint64
}

// NewRegistry returns a registry of shards of dimension dim that keeps
// loaded shards within budget bytes (0: DefaultBudget; negative: no limit).
func NewRegistry(dim int, load Loader, budget int64) *Registry {
	if budget == 0 {
		budget = DefaultBudget
	}
	return &Registry{dim: dim, load: load, budget: budget, shards: map[string]*entry{}}
}

// Shard returns the user's shard, loading it when it is not loaded. A failed
// load is not kept, so the next call retries.
func (r *Registry) Shard(ctx context.Context, user string) (*Shard, error) {
	r.mu.Lock()
	e, ok := r.shards[user]
	if !ok {
		e = &entry{user: user, shard: NewShard(r.dim), ready: make(chan struct{})}
		r.shards[user] = e
		r.mu.Unlock()
		r.fill(ctx, e)
	} else {
		r.mu.Unlock()
	}
	select {
	case <-e.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if e.err != nil {
		return nil, e.err
	}
	r.touch(e)
	return e.shard, nil
}

// fill loads e's shard, replays the writes that arrived meanwhile and
// publishes it. The loader's snapshot may or may not hold such a write;
// replaying it is harmless, as upserts and removes are idempotent.
func (r *Registry) fill(ctx context.Context, e *entry) {
	err := r.load(ctx, e.user, e.shard)
	for {
		r.mu.Lock()
		if err != nil || len(e.pending) == 0 {
			break
		}
		ops := e.pending
		e.pending = nil
		r.mu.Unlock()
		for _, op := range ops {
			op(e.shard)
		}
	}
	defer r.mu.Unlock()
	defer close(e.ready)
	if err != nil {
		e.err = err
		if r.shards[e.user] == e {
			delete(r.shards, e.user)
		}
		return
	}
	e.shard.adopt(r, e.user)
	r.loads++
	n := e.shard.Bytes()       // nobody else has the shard yet: no lock waits
	if r.shards[e.user] == e { // not dropped while loading
		e.elem = r.lru.PushFront(e)
		r.resize(e, n)
		r.evict(e)
	}
}

// touch marks e most recently used and refreshes its size.
func (r *Registry) touch(e *entry) {
	n := e.shard.Bytes() // outside r.mu: it may wait for a write
	r.mu.Lock()
	defer r.mu.Unlock()
	if e.elem == nil { // evicted or dropped since
		return
	}
	r.lru.MoveToFront(e.elem)
	r.resize(e, n)
	r.evict(e)
}

// resize sets e's size in the total to n. Callers hold r.mu.
func (r *Registry) resize(e *entry, n int64) {
	r.bytes += n - e.size
	e.size = n
}

// evict drops least recently used shards until the total fits the budget,
// sparing keep (the shard in use: one shard larger than the budget stays).
// Callers hold r.mu.
func (r *Registry) evict(keep *entry) {
	for r.budget > 0 && r.bytes > r.budget {
		back := r.lru.Back()
		if back == nil || back.Value.(*entry) == keep {
			return
		}
		r.unlink(back.Value.(*entry))
		r.evicts++
	}
}

// unlink forgets a loaded entry. Callers hold r.mu.
func (r *Registry) unlink(e *entry) {
	if e.elem != nil {
		r.lru.Remove(e.elem)
		e.elem = nil
		r.bytes -= e.size
		e.size = 0
	}
	if r.shards[e.user] == e {
		delete(r.shards, e.user)
	}
}

// written is called by a shard of this registry after each write applied to
// it. When the shard is still the user's current one, its size is
// refreshed; when it was evicted or dropped (the writer got it before
// that), op is forwarded to the user's current shard: applied when loaded,
// queued when loading (so a load whose snapshot missed the write still
// gets it), and skipped when none is loaded, as the next load reads the
// store, where the write was committed before it reached the shard.
func (r *Registry) written(s *Shard, user string, op func(*Shard)) {
	n := s.Bytes()
	r.mu.Lock()
	e, ok := r.shards[user]
	switch {
	case !ok:
		r.mu.Unlock()
	case e.shard == s:
		if e.elem != nil {
			r.resize(e, n)
			r.evict(e)
		}
		r.mu.Unlock()
	case e.elem == nil: // loading (a loaded entry is in the LRU)
		e.pending = append(e.pending, op)
		r.mu.Unlock()
	default:
		r.mu.Unlock()
		op(e.shard)
	}
}

// CacheStats returns the registry's current figures.
func (r *Registry) CacheStats() CacheStats {
	r.mu.Lock()
	defer r.mu.Unlock()
	return CacheStats{Shards: r.lru.Len(), Bytes: r.bytes, Budget: r.budget, Loads: r.loads, Evictions: r.evicts}
}
