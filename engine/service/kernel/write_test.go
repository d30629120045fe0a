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
