package kernel

import (
	"context"
	"errors"
	"sync"
	"weak"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// Replicas. Several memsvc processes may share one store (PostgreSQL), each
// keeping its own in-memory shards. The store counts each user's committed
// writes (engine.VersionedStore); ReplicaShards remembers which version each shard
// reflects, reads the store's version before handing a shard out, and
// replays the changes another replica committed since. So a request that
// starts after any replica acknowledged a write sees it, whatever the load
// balancer's routing. The version map lives beside index.Registry, not in
// it: the registry owns loading and eviction, this file owns staleness.

// errStaleShard aborts a write whose shard is behind the store: another
// replica committed between the catch-up and the transaction. write
// catches up and runs the transaction again.
var errStaleShard = &engine.Error{Code: engine.EConflict, Message: "another replica wrote concurrently, retry"}

// maxStaleRetries bounds the catch-up-and-retry loop of one write; each
// retry means another replica committed a write of the same user meanwhile.
const maxStaleRetries = 16

// ReplicaShards hands out the user's shard brought up to the store's
// version. With a store that has no versions it is the registry alone.
// Search and accounts use it through Shard and Drop; Write through the
// in-transaction check (current) and the commit (committed).
type ReplicaShards struct {
	reg      *index.Registry
	versions engine.VersionedStore // nil: only this process writes the store

	mu    sync.Mutex
	users map[string]*shardVersion

	// caughtUp is told the memories a catch-up rewrote, whose meaning
	// vectors it dropped (their text may have changed): the kernel queues
	// them for its filler (meanings.go).
	caughtUp func(user string, ids []string)
}

// shardVersion is the version of the store one loaded shard reflects. The
// shard is held weakly: a shard the registry evicts must not stay alive here.
type shardVersion struct {
	mu    sync.Mutex // serialises catch-ups and applied writes of the user
	shard weak.Pointer[index.Shard]
	at    int64
}

func newReplicaShards(dim int, st engine.Store, load index.Loader, budget int64) *ReplicaShards {
	r := &ReplicaShards{users: map[string]*shardVersion{}}
	r.versions, _ = st.(engine.VersionedStore)
	if r.versions == nil {
		r.reg = index.NewRegistry(dim, load, budget)
		return r
	}
	r.reg = index.NewRegistry(dim, func(ctx context.Context, user string, s *index.Shard) error {
		// The version is read before the scans: the shard then holds at
		// least that version, and replaying every change after it (upserts
		// and removals are idempotent) makes it exact.
		v, err := r.versions.Version(ctx, user)
		if err != nil {
			return err
		}
		if err := load(ctx, user, s); err != nil {
			return err
		}
		sv := r.state(user)
		sv.mu.Lock()
		sv.shard, sv.at = weak.Make(s), v
		sv.mu.Unlock()
		return nil
	}, budget)
	return r
}

// CacheStats returns the figures of the loaded shards (for /metrics).
func (r *ReplicaShards) CacheStats() index.CacheStats { return r.reg.CacheStats() }

func (r *ReplicaShards) state(user string) *shardVersion {
	r.mu.Lock()
	defer r.mu.Unlock()
	sv := r.users[user]
	if sv == nil {
		sv = &shardVersion{}
		r.users[user] = sv
	}
	return sv
}

// Shard returns user's shard holding at least every write the store had
// committed when the call began.
func (r *ReplicaShards) Shard(ctx context.Context, user string) (*index.Shard, error) {
	s, err := r.reg.Shard(ctx, user)
	if err != nil || r.versions == nil {
		return s, err
	}
	now, err := r.versions.Version(ctx, user)
	if err != nil {
		return nil, err
	}
	sv := r.state(user)
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.shard != weak.Make(s) { // evicted and reloaded under a racing Drop: replay everything
		sv.shard, sv.at = weak.Make(s), 0
	}
	if sv.at >= now {
		return s, nil
	}
	return s, r.catchUp(ctx, user, s, sv)
}

// catchUp replays the changes committed after sv.at into s, the shard sv
// is for; the caller holds sv.mu.
func (r *ReplicaShards) catchUp(ctx context.Context, user string, s *index.Shard, sv *shardVersion) error {
	var rewritten []string
	upTo, err := r.versions.Changes(ctx, user, sv.at, func(c engine.Change) error {
		switch {
		case c.Deleted:
			s.Remove(c.ID)
		case c.Memory != nil:
			s.Upsert(rowOf(c.Memory), c.Vector, text.Analyze(c.Memory.Text))
			s.DropMeaning(c.ID) // the change does not say whether the text is the one it read
			rewritten = append(rewritten, c.ID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if r.caughtUp != nil && len(rewritten) > 0 {
		r.caughtUp(user, rewritten)
	}
	if upTo > sv.at {
		sv.at = upTo
	}
	return nil
}

// Drop forgets user's shard and its version (after an erase or an import
// wrote to the store directly); the next Shard call reloads it.
func (r *ReplicaShards) Drop(user string) {
	r.mu.Lock()
	delete(r.users, user)
	r.mu.Unlock()
	r.reg.Drop(user)
}

// current fails with errStaleShard, inside a write transaction, unless
// shard reflects every write before the one tx commits; write then catches
// up and retries, so a write never decides on a stale shard.
func (r *ReplicaShards) current(tx engine.Tx, user string, shard *index.Shard) error {
	vtx, ok := tx.(engine.VersionedTx)
	if r.versions == nil || !ok {
		return nil
	}
	sv := r.state(user)
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.shard != weak.Make(shard) || sv.at != vtx.Version()-1 {
		return errStaleShard
	}
	return nil
}

// committed applies a committed write to shard with apply and records its
// version v (0: the store has no versions). A concurrent catch-up may have
// replayed the write already, and then it is not applied again over newer
// state.
func (r *ReplicaShards) committed(user string, shard *index.Shard, v int64, apply func()) {
	if r.versions == nil || v == 0 {
		apply()
		return
	}
	sv := r.state(user)
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.shard != weak.Make(shard) || sv.at >= v {
		return
	}
	apply()
	sv.at = v
}

// committedDerived applies to shard, with apply, derived data (meaning
// vectors) a transaction committed at version v without recording a
// change, and reports whether it did. Unlike committed, it applies when a
// catch-up reached v meanwhile, as a catch-up replays no derived data;
// not when one went past v, as it may have replayed a later text of a
// memory apply would give the old one's data (the caller queues it again).
func (r *ReplicaShards) committedDerived(user string, shard *index.Shard, v int64, apply func()) bool {
	if r.versions == nil || v == 0 {
		apply()
		return true
	}
	sv := r.state(user)
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.shard != weak.Make(shard) || sv.at > v {
		return false
	}
	apply()
	sv.at = v
	return true
}

// at is the version user's shard has caught up to, 0 when the store has
// none: derived data a read at or after it checked applies at it
// (committedDerived).
func (r *ReplicaShards) at(user string) int64 {
	if r.versions == nil {
		return 0
	}
	sv := r.state(user)
	sv.mu.Lock()
	defer sv.mu.Unlock()
	return sv.at
}

// versionOf is the version tx commits, 0 when the store has none.
func versionOf(tx engine.Tx) int64 {
	if vtx, ok := tx.(engine.VersionedTx); ok {
		return vtx.Version()
	}
	return 0
}

// isStale reports whether a write failed only because its shard was behind.
func isStale(err error) bool { return errors.Is(err, errStaleShard) }
