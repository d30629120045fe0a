package kernel

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// racingStore is a Badger store where "another replica" commits a memory
// just before this engine's first write transaction: after the engine's
// shard caught up, before its transaction took the user's version.
type racingStore struct {
	*store.Store
	once  sync.Once
	other *engine.Memory
}

func (s *racingStore) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	s.once.Do(func() {
		err := s.Store.Update(ctx, user, func(tx engine.Tx) error { return tx.PutMemory(s.other, text.Analyze(s.other.Text)) })
		if err != nil {
			panic(err)
		}
	})
	return s.Store.Update(ctx, user, fn)
}

// TestWriteCatchesUpWhenAnotherReplicaCommittedFirst: the write finds its
// shard a version behind inside the transaction, catches up and runs
// again, so the other replica's memory is in this replica's shard too.
func TestWriteCatchesUpWhenAnotherReplicaCommittedFirst(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	now := time.Now().UTC()
	other := &engine.Memory{ID: "01OTHERREPLICA", UserID: "u", Text: "Zanzibar ferry tickets are booked",
		MemoryType: engine.TypeSemantic, State: engine.StateActive, CreatedAt: now, UpdatedAt: now, ValidFrom: now}
	rs := &racingStore{Store: st, other: other}
	k := New(engine.DefaultConfig(), rs, llm.NewBuiltinEmbedder())
	ours := &engine.Memory{ID: "01OURS", UserID: "u", Text: "Alice keeps bees in Lyon",
		MemoryType: engine.TypeSemantic, State: engine.StateActive, CreatedAt: now, UpdatedAt: now, ValidFrom: now}
	err = k.Write(ctx, "u", func(tx engine.Tx, p *Plan) error { p.Put(ours, nil); return nil })
	if err != nil {
		t.Fatal(err)
	}
	shard, err := k.shards.reg.Shard(ctx, "u") // the shard as it is, no catch-up on the way
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := shard.Get(other.ID); !ok || shard.Len() != 2 {
		t.Errorf("shard after the write holds %d rows, the other replica's memory: %v; want both memories", shard.Len(), ok)
	}
	if !shard.MatchAll(text.Analyze("Zanzibar"))[other.ID] {
		t.Error("the other replica's memory is not in the shard's text index")
	}
}
