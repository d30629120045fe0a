package kernel

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// pairingStore is a Badger store that looks, the moment each write has
// committed, at whether the user's loaded shard still holds memory id's
// meaning: a search reading the store's text then would pair it with
// that vector.
type pairingStore struct {
	*store.Store
	k      atomic.Pointer[Kernel]
	id     string
	paired atomic.Bool
}

func (s *pairingStore) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	if err := s.Store.Update(ctx, user, fn); err != nil {
		return err
	}
	if k := s.k.Load(); k != nil {
		if shard, err := k.shards.reg.Resident(ctx, user); err == nil && shard != nil && shard.HasMeaning(s.id) {
			s.paired.Store(true)
		}
	}
	return nil
}

// A write that changes a memory's text takes the old text's meaning out
// of the shard before the new text is in the store, so no search can pair
// them; the filler then stores the new text's.
func TestWriteDropsTheOldMeaningBeforeTheNewText(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ps := &pairingStore{Store: st, id: "a"}
	k := New(engine.DefaultConfig(), ps, llm.NewBuiltinEmbedder())
	k.FillMeanings(unitEncoder{})
	defer k.Close()
	write := func(text string) {
		t.Helper()
		now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		m := &engine.Memory{ID: "a", UserID: "u", Text: text, State: engine.StateActive,
			MemoryType: engine.TypeSemantic, CreatedAt: now, UpdatedAt: now, ValidFrom: now}
		if err := k.Write(ctx, "u", func(_ engine.Tx, p *Plan) error { p.Put(m, nil); return nil }); err != nil {
			t.Fatal(err)
		}
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := k.WaitMeanings(wctx); err != nil {
			t.Fatal(err)
		}
	}
	write("User has a parrot")
	shard, err := k.shards.Shard(ctx, "u")
	if err != nil {
		t.Fatal(err)
	}
	if !shard.HasMeaning("a") {
		t.Fatal("the filler stored no meaning for the first text")
	}
	ps.k.Store(k)
	write("User has a cat")
	ps.k.Store(nil)
	if ps.paired.Load() {
		t.Error("the store held the new text while the shard still held the old text's meaning")
	}
	if !shard.HasMeaning("a") {
		t.Error("the new text got no meaning")
	}
}
