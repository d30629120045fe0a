// Package kernel is what every job of the engine that writes shares for one
// user's data: the store, the per-user write lock, the registry of loaded
// shards, the one write transaction with its plan and the write hooks
// (write.go), and embedding texts for storage or for a query.
package kernel

import (
	"hash/fnv"
	"sync"

	"github.com/memsvc/memsvc/engine"
)

// Kernel runs writes for every user. It is safe for concurrent use.
type Kernel struct {
	cfg    engine.Config
	store  engine.Store
	embed  engine.Embedder
	shards *ReplicaShards // the loaded shards kept at the store's version (replica.go)
	locks  [64]sync.Mutex // per-user write serialisation, striped by hash
	// hooks derive records inside every write transaction (write.go).
	hooks []Hook
}

// New returns a kernel over store; cfg must have its defaults filled in.
func New(cfg engine.Config, store engine.Store, embed engine.Embedder) *Kernel {
	k := &Kernel{cfg: cfg, store: store, embed: embed}
	k.shards = newReplicaShards(embed.Dim(), store, k.loadShard, cfg.ShardBudget)
	return k
}

// SetHooks registers the write hooks, run in order inside every write.
// Call it once, before the first write.
func (e *Kernel) SetHooks(hooks ...Hook) { e.hooks = hooks }

// Shards is the users' loaded shards, kept at the store's version.
func (e *Kernel) Shards() *ReplicaShards { return e.shards }

// UserLock is user's write lock: writes of one user are serialised.
func (e *Kernel) UserLock(user string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(user))
	return &e.locks[h.Sum32()%uint32(len(e.locks))]
}
