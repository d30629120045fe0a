// Package kernel is what every job of the engine that writes shares for one
// user's data: the store, the per-user write lock, the registry of loaded
// shards, the one write transaction with its plan and the write hooks
// (write.go), and embedding texts for storage or for a query.
package kernel

import (
	"context"
	"hash/fnv"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// Kernel runs writes for every user. It is safe for concurrent use.
type Kernel struct {
	cfg    engine.Config
	store  engine.Store
	embed  engine.Embedder
	shards *ReplicaShards    // the loaded shards kept at the store's version (replica.go)
	locks  [64]chan struct{} // per-user write serialisation, striped by hash; see LockUser
	// hooks derive records inside every write transaction (write.go).
	hooks []Hook
	// meanings fills the memories' meaning vectors in the background
	// (meanings.go); nil until FillMeanings.
	meanings *meaningFiller
}

// New returns a kernel over store; cfg must have its defaults filled in.
func New(cfg engine.Config, store engine.Store, embed engine.Embedder) *Kernel {
	k := &Kernel{cfg: cfg, store: store, embed: embed}
	for i := range k.locks {
		k.locks[i] = make(chan struct{}, 1)
	}
	k.shards = newReplicaShards(embed.Dim(), store, k.loadShard, cfg.ShardBudget)
	k.shards.caughtUp = k.needMeanings
	return k
}

// SetHooks registers the write hooks, run in order inside every write.
// Call it once, before the first write.
func (e *Kernel) SetHooks(hooks ...Hook) { e.hooks = hooks }

// Shards is the users' loaded shards, kept at the store's version.
func (e *Kernel) Shards() *ReplicaShards { return e.shards }

// LockUser takes user's write lock (writes of one user are serialised)
// and returns the function that releases it. It waits no longer than ctx
// lives: a write stuck in a hosted store must not hold every later write
// of that user, each waiting its own turn, for as long as their clients
// wait; the caller bounds the wait (Write: writeLockWait).
func (e *Kernel) LockUser(ctx context.Context, user string) (unlock func(), err error) {
	h := fnv.New32a()
	h.Write([]byte(user))
	stripe := e.locks[h.Sum32()%uint32(len(e.locks))]
	select {
	case stripe <- struct{}{}:
		return func() { <-stripe }, nil
	case <-ctx.Done():
		return nil, &engine.Error{Code: engine.EUnavailable, Message: "another write of this user is still in progress, retry",
			Err: context.Cause(ctx)}
	}
}

// writeLockWait bounds how long a write waits for its user's write lock
// before it is answered "unavailable, retry" (503 with Retry-After). A
// write on the embedded store takes milliseconds; a wait this long means
// one is stuck (a hosted store's lock held elsewhere).
const writeLockWait = 10 * time.Second
