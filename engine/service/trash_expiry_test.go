package service_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/service/memories"
	"github.com/memsvc/memsvc/llm"
)

// newTrashEngine is newClockedPipelineEngine that also hands back its
// store, so a test can count the kept copies themselves.
func newTrashEngine(t *testing.T) (*service.Engine, engine.Store, *time.Time) {
	t.Helper()
	clock := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	st := testStore(t)
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	return e, st, &clock
}

// trashDocs counts user's kept copies as stored, expired or not.
func trashDocs(t *testing.T, st engine.Store, user string) int {
	t.Helper()
	n := 0
	err := st.View(context.Background(), user, func(tx engine.Tx) error {
		return tx.ScanDocs(memories.TrashCollection, "", func(string, []byte) error { n++; return nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// deletedKept stores a memory for user and deletes it undoably.
func deletedKept(t *testing.T, e *service.Engine, user, text string) *engine.Deletion {
	t.Helper()
	id := add(t, e, user, engine.AddRequest{Text: text})[0].ID
	d, err := e.DeleteUndoable(context.Background(), user, []string{id})
	if err != nil || d.Undo == "" {
		t.Fatalf("DeleteUndoable = %+v, %v", d, err)
	}
	return d
}

// TestTrashExpiresOnAnyWrite: past the undo window, the user's next write
// of any kind (an add here, no delete) drops the kept copy from the store;
// within the window a write keeps it.
func TestTrashExpiresOnAnyWrite(t *testing.T) {
	e, st, clock := newTrashEngine(t)
	deletedKept(t, e, "u", "The alarm code for the workshop is 4417")
	deletedKept(t, e, "w", "The locker combination is 12 30 7")
	add(t, e, "u", engine.AddRequest{Text: "The kettle descaler is under the sink"})
	if n := trashDocs(t, st, "u"); n != 1 {
		t.Fatalf("a write within the window left %d kept copies, want 1", n)
	}
	*clock = clock.Add(engine.UndoWindow)
	add(t, e, "u", engine.AddRequest{Text: "The bike pump is in the hallway cupboard"})
	if n := trashDocs(t, st, "u"); n != 0 {
		t.Errorf("a write after the window left %d kept copies, want 0", n)
	}
	if n := trashDocs(t, st, "w"); n != 1 {
		t.Errorf("another user's write dropped this user's copy: %d left, want 1 (the sweep's work)", n)
	}
}

// TestTrashExpiresOnRead: a read of the trash that meets an expired copy
// drops it, whether it lists the deletions or tries to undo one.
func TestTrashExpiresOnRead(t *testing.T) {
	ctx := context.Background()
	e, st, clock := newTrashEngine(t)
	deletedKept(t, e, "u", "The spare card PIN is 9921")
	dv := deletedKept(t, e, "v", "The gate code is 5150")
	*clock = clock.Add(engine.UndoWindow + time.Second)
	if recent, err := e.RecentDeletions(ctx, "u"); err != nil || len(recent) != 0 {
		t.Fatalf("RecentDeletions = %+v, %v; want none", recent, err)
	}
	if n := trashDocs(t, st, "u"); n != 0 {
		t.Errorf("listing left %d expired copies, want 0", n)
	}
	if _, err := e.Undelete(ctx, "v", dv.Undo); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("undo past the window: %v, want not found", err)
	}
	if n := trashDocs(t, st, "v"); n != 0 {
		t.Errorf("a refused undo left %d expired copies, want 0", n)
	}
}

// TestTrashSweep: the periodic sweep alone drops every idle user's
// expired copies and keeps the ones still in their window.
func TestTrashSweep(t *testing.T) {
	ctx := context.Background()
	e, st, clock := newTrashEngine(t)
	deletedKept(t, e, "u", "The safe is behind the bookshelf")
	deletedKept(t, e, "v", "The router password is taped under it")
	*clock = clock.Add(engine.UndoWindow / 2)
	fresh := deletedKept(t, e, "v", "The backup drive sits in the drawer")
	*clock = clock.Add(engine.UndoWindow / 2)
	if err := e.SweepTrash(ctx); err != nil {
		t.Fatal(err)
	}
	if n := trashDocs(t, st, "u"); n != 0 {
		t.Errorf("after the sweep user u has %d kept copies, want 0", n)
	}
	if n := trashDocs(t, st, "v"); n != 1 {
		t.Errorf("after the sweep user v has %d kept copies, want the one in its window", n)
	}
	if _, err := e.Undelete(ctx, "v", fresh.Undo); err != nil {
		t.Errorf("the copy still in its window cannot be undone: %v", err)
	}
}

// TestTrashExpiresInOrder: copies of three deletions end one after the
// other; each write drops exactly the ones whose window has ended, also
// after an undo took away the copy that was to end first, and for a user
// whose copies were kept before writes recorded when the first one ends.
func TestTrashExpiresInOrder(t *testing.T) {
	ctx := context.Background()
	e, st, clock := newTrashEngine(t)
	start, w := *clock, engine.UndoWindow
	first := deletedKept(t, e, "u", "The shed key hangs by the back door")
	*clock = start.Add(w / 4)
	deletedKept(t, e, "u", "The boiler was serviced in March")
	*clock = start.Add(w / 2)
	deletedKept(t, e, "u", "The spare tyre is under the boot floor")
	if _, err := e.Undelete(ctx, "u", first.Undo); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		at   time.Duration
		want int
	}{{w + time.Second, 2}, {w + w/4, 1}, {w + w/2 - time.Second, 1}, {w + w/2, 0}} {
		*clock = start.Add(step.at)
		add(t, e, "u", engine.AddRequest{Text: fmt.Sprintf("The meter read %d this morning", step.at/time.Second)})
		if n := trashDocs(t, st, "u"); n != step.want {
			t.Fatalf("a write %v after the first delete left %d kept copies, want %d", step.at, n, step.want)
		}
	}
	// A copy kept with no record of when the first copy ends (as before
	// there was one) still goes with the first write past its window.
	deletedKept(t, e, "v", "The fuse box is behind the coats")
	if err := st.Update(ctx, "v", func(tx engine.Tx) error {
		return tx.DeleteDoc(memories.TrashDueCollection, "next")
	}); err != nil {
		t.Fatal(err)
	}
	*clock = clock.Add(w)
	add(t, e, "v", engine.AddRequest{Text: "The gutter was cleared on Sunday"})
	if n := trashDocs(t, st, "v"); n != 0 {
		t.Errorf("a write past the window left %d kept copies of a user with no due record, want 0", n)
	}
}
