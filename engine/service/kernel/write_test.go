package kernel_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

func newKernel(t *testing.T) (*kernel.Kernel, *store.Store) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return kernel.New(engine.DefaultConfig(), st, llm.NewBuiltinEmbedder()), st
}

func memory(id, text string) *engine.Memory {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return &engine.Memory{ID: id, UserID: "u", Text: text, State: engine.StateActive,
		MemoryType: engine.TypeSemantic, CreatedAt: now, UpdatedAt: now, ValidFrom: now}
}

func TestPlanPutKeepsTheLastVersion(t *testing.T) {
	var p kernel.Plan
	p.Put(memory("a", "first"), nil)
	p.Put(memory("b", "other"), []float32{1})
	closed := memory("a", "first")
	closed.State = engine.StateSuperseded
	p.Put(closed, nil)
	if len(p.Puts) != 2 || p.Puts[0] != closed || p.Puts[1].ID != "b" {
		t.Fatalf("puts = %+v, want a (as last planned) then b", p.Puts)
	}
	if !p.Retired("a") || p.Retired("b") || p.Retired("c") {
		t.Errorf("retired a, b, c = %v %v %v, want true false false", p.Retired("a"), p.Retired("b"), p.Retired("c"))
	}
}

// Write runs the hooks in order inside the transaction, shows them what
// changed, and reaches the shard only after the commit; a failing hook
// rolls the whole write back.
func TestWriteRunsHooksInOrderAndRollsBack(t *testing.T) {
	ctx := context.Background()
	k, st := newKernel(t)
	var order []string
	var seen []string
	fail := false
	k.SetHooks(
		func(_ engine.Tx, _ *kernel.Plan, c *kernel.Change) error {
			order = append(order, "first")
			for _, m := range c.Changed {
				seen = append(seen, m.ID)
			}
			return nil
		},
		func(engine.Tx, *kernel.Plan, *kernel.Change) error {
			order = append(order, "second")
			if fail {
				return errors.New("hook failed")
			}
			return nil
		})
	put := func(m *engine.Memory) error {
		vecs, err := k.EmbedStored(ctx, []string{m.Text})
		if err != nil {
			t.Fatal(err)
		}
		return k.Write(ctx, "u", func(_ engine.Tx, p *kernel.Plan) error {
			p.Put(m, vecs[0])
			return nil
		})
	}
	if err := put(memory("a", "Alice lives in Bern")); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(order, []string{"first", "second"}) || !slices.Equal(seen, []string{"a"}) {
		t.Errorf("hooks ran %v and saw %v, want first, second and a", order, seen)
	}
	fail = true
	if err := put(memory("b", "Bob lives in Oslo")); err == nil {
		t.Fatal("a failing hook did not fail the write")
	}
	err := st.View(ctx, "u", func(tx engine.Tx) error {
		if _, err := tx.GetMemory("a"); err != nil {
			return err
		}
		if _, err := tx.GetMemory("b"); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("b after a failed hook: %v, want not found", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	shard, err := k.Shards().Shard(ctx, "u")
	if err != nil {
		t.Fatal(err)
	}
	if got := shard.Len(); got != 1 {
		t.Errorf("shard holds %d memories, want 1 (only the committed one)", got)
	}
}

// TestWriteGivesUpOnAStuckUserLock: a write that waits for its user's lock
// behind one that is stuck stops waiting when its request ends, answered
// "unavailable, retry" (503), writing nothing; it used to wait on a mutex
// for as long as the stuck write took. Other users are not held, and once
// the stuck write ends the user writes again.
func TestWriteGivesUpOnAStuckUserLock(t *testing.T) {
	k, st := newKernel(t)
	unlock, err := k.LockUser(context.Background(), "u") // the stuck write
	if err != nil {
		t.Fatal(err)
	}
	put := func(ctx context.Context, user, id string) error {
		return k.Write(ctx, user, func(_ engine.Tx, p *kernel.Plan) error {
			m := memory(id, "text of "+id)
			m.UserID = user
			p.Put(m, nil)
			return nil
		})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := put(ctx, "u", "waited"); engine.ErrorCode(err) != engine.EUnavailable {
		t.Fatalf("a write behind a stuck one: %v, want unavailable", err)
	}
	err = st.View(context.Background(), "u", func(tx engine.Tx) error {
		if _, err := tx.GetMemory("waited"); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("the write that gave up: %v, want not found", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A user on another stripe is not held (the 64 stripes: some of ten users).
	others := 0
	for i := range 10 {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		if put(ctx, "other"+string(rune('a'+i)), "o") == nil {
			others++
		}
		cancel()
	}
	if others == 0 {
		t.Error("no other user could write while one user's lock was held")
	}
	unlock()
	if err := put(context.Background(), "u", "after"); err != nil {
		t.Fatalf("after the stuck write ended: %v", err)
	}
}
