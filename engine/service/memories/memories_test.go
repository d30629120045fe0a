package memories_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
	"github.com/memsvc/memsvc/engine/service/memories"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// newMemories stores texts as memories m0, m1, … of user u in a real
// Badger store and returns the reads over it.
func newMemories(t *testing.T, texts ...string) *memories.Memories {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	k := kernel.New(engine.DefaultConfig(), st, llm.NewBuiltinEmbedder())
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	err = k.Write(context.Background(), "u", func(_ engine.Tx, p *kernel.Plan) error {
		for i, text := range texts {
			p.Put(&engine.Memory{ID: "m" + string(rune('0'+i)), UserID: "u", Text: text, State: engine.StateActive,
				MemoryType: engine.TypeSemantic, CreatedAt: now, UpdatedAt: now, ValidFrom: now}, nil)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return memories.New(st, k)
}

func TestDeleteReportsEachIDOnce(t *testing.T) {
	ctx := context.Background()
	m := newMemories(t, "Alice lives in Paris", "Bob likes tea")
	deleted, notFound, err := m.Delete(ctx, "u", []string{"m0", "m0", "nope"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(deleted, []string{"m0"}) || !slices.Equal(notFound, []string{"nope"}) {
		t.Fatalf("deleted %v, not found %v; want [m0] and [nope]", deleted, notFound)
	}
	if _, err := m.Get(ctx, "u", "m0"); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("get after delete: err %v, want not found", err)
	}
	if _, _, err := m.Delete(ctx, "u", nil); engine.ErrorCode(err) != engine.EInvalid {
		t.Errorf("delete of no ids: err %v, want invalid", err)
	}
}

// Load keeps the order asked for and skips ids that vanished, as search
// and the write side expect.
func TestLoadKeepsOrderAndSkipsMissing(t *testing.T) {
	ctx := context.Background()
	m := newMemories(t, "first", "second", "third")
	got, err := m.Load(ctx, "u", []string{"m2", "gone", "m0"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, mem := range got {
		ids = append(ids, mem.ID)
	}
	if !slices.Equal(ids, []string{"m2", "m0"}) {
		t.Errorf("loaded %v, want [m2 m0]", ids)
	}
	page, err := m.List(ctx, "u", engine.ListFilter{Page: 1, Size: 2})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 3 || len(page.Items) != 2 || page.Pages != 2 {
		t.Errorf("list: total %d, %d items, %d pages; want 3, 2, 2", page.Total, len(page.Items), page.Pages)
	}
}
