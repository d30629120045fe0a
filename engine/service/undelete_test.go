package service_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// newClockedPipelineEngine is a real engine (Badger, or PostgreSQL under
// onPostgres) with the built-in
// extractor (so conversations leave episodes and facts) and a clock the
// test moves.
func newClockedPipelineEngine(t *testing.T) (*service.Engine, *time.Time) {
	t.Helper()
	clock := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: testStore(t), Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	return e, &clock
}

// TestUndeleteOnPostgres: the undo trash works the same on the hosted
// store.
func TestUndeleteOnPostgres(t *testing.T) {
	onPostgres(t, func() {
		t.Run("restores exactly", TestUndeleteRestoresExactly)
		t.Run("window", TestUndeleteWindow)
		t.Run("expires on any write", TestTrashExpiresOnAnyWrite)
		t.Run("expires on read", TestTrashExpiresOnRead)
		t.Run("sweep", TestTrashSweep)
		t.Run("expires in order", TestTrashExpiresInOrder)
		t.Run("meets a newer value", TestUndeleteMeetsNewerValue)
		t.Run("said after the newer value", TestUndeleteSaidAfterNewerValue)
		t.Run("supersede chain", TestDeleteInSupersedeChain)
		t.Run("restores a skill", TestUndeleteRestoresSkill)
	})
}

// ignoreDerived leaves out what a write derives again from the text
// (entity links are re-extracted on restore, as on any new text).
var ignoreDerived = cmpopts.IgnoreFields(engine.Memory{}, "Entities")

// TestUndeleteRestoresExactly: an undoable delete of a fact, then of its
// episode, then of a plain memory with metadata, is undone in any order:
// every memory comes back with its id, text, metadata, tags and windows,
// the fact and its episode name each other again, and search finds them.
func TestUndeleteRestoresExactly(t *testing.T) {
	ctx := context.Background()
	e, _ := newClockedPipelineEngine(t)
	res, err := e.AddConversation(ctx, "u", engine.ConversationRequest{SessionID: "s1", Project: "garden",
		Messages: []engine.Message{{Role: "user", Name: "Mara", Content: "I keep three beehives behind the orchard.", CreatedAt: t0}}})
	if err != nil {
		t.Fatal(err)
	}
	ep := episodesOf(res.Results)
	if len(ep) != 1 || len(mustGet(t, e, ep[0].ID).Facts) == 0 {
		t.Fatalf("want one episode with facts, got %+v", res.Results)
	}
	fact := mustGet(t, e, ep[0].ID).Facts[0]
	plain := add(t, e, "u", engine.AddRequest{Text: "The spare key hangs in the shed", Tags: []string{"house"},
		Metadata: map[string]any{"room": "shed", "priority": 2.0}, Timestamp: t0})[0].ID
	before := map[string]*engine.Memory{}
	for _, id := range []string{fact, ep[0].ID, plain} {
		before[id] = mustGet(t, e, id)
	}

	var undos []string
	for _, ids := range [][]string{{fact}, {ep[0].ID, "no-such-id"}, {plain}} {
		d, err := e.DeleteUndoable(ctx, "u", ids)
		if err != nil || d.Undo == "" || !slices.Equal(d.Deleted, ids[:1]) {
			t.Fatalf("DeleteUndoable(%v) = %+v, %v", ids, d, err)
		}
		undos = append(undos, d.Undo)
	}
	for _, id := range []string{fact, ep[0].ID, plain} {
		if _, err := e.Get(ctx, "u", id); engine.ErrorCode(err) != engine.ENotFound {
			t.Fatalf("Get(%s) after delete: %v, want not found", id, err)
		}
	}
	for _, i := range []int{1, 2, 0} { // the episode before its fact: links mend either way
		got, err := e.Undelete(ctx, "u", undos[i])
		if err != nil || len(got) != 1 {
			t.Fatalf("Undelete(%s) = %v, %v", undos[i], got, err)
		}
	}
	for id, was := range before {
		if diff := cmp.Diff(was, mustGet(t, e, id), ignoreDerived); diff != "" {
			t.Errorf("memory %s restored differently (-before +after):\n%s", id, diff)
		}
	}
	if hits := search(t, e, engine.Query{Text: "spare key shed"}); len(hits) == 0 || hits[0].ID != plain {
		t.Errorf("restored memory not found first by search: %v", ids(hits))
	}
	if _, err := e.Undelete(ctx, "u", undos[0]); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("undoing twice: %v, want not found", err)
	}
}

// TestUndeleteWindow: past the undo window the kept copy is gone, and the
// next undoable delete drops expired copies; another user cannot undo.
func TestUndeleteWindow(t *testing.T) {
	ctx := context.Background()
	e, clock := newClockedPipelineEngine(t)
	id := add(t, e, "u", engine.AddRequest{Text: "The boat is moored at pier four"})[0].ID
	d, err := e.DeleteUndoable(ctx, "u", []string{id})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Until.Equal(clock.Add(engine.UndoWindow)) {
		t.Errorf("until %v, want now + %v", d.Until, engine.UndoWindow)
	}
	if _, err := e.Undelete(ctx, "v", d.Undo); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("another user's undo: %v, want not found", err)
	}
	for _, bad := range []string{"", string(make([]byte, engine.MaxIDBytes+1))} {
		if _, err := e.Undelete(ctx, "u", bad); engine.ErrorCode(err) != engine.EInvalid {
			t.Errorf("Undelete(%q): %v, want invalid", bad, err)
		}
	}
	*clock = clock.Add(time.Minute)
	later := add(t, e, "u", engine.AddRequest{Text: "The sail is drying in the loft"})[0].ID
	d2, err := e.DeleteUndoable(ctx, "u", []string{later})
	if err != nil {
		t.Fatal(err)
	}
	recent, err := e.RecentDeletions(ctx, "u")
	if err != nil || len(recent) != 2 || recent[0].Undo != d2.Undo || recent[1].Undo != d.Undo ||
		recent[1].Memories[0].Text != "The boat is moored at pier four" {
		t.Fatalf("RecentDeletions = %+v, %v; want both, newest first", recent, err)
	}
	if other, err := e.RecentDeletions(ctx, "v"); err != nil || len(other) != 0 {
		t.Errorf("another user sees %d deletions (%v)", len(other), err)
	}
	*clock = clock.Add(engine.UndoWindow - time.Minute)
	if recent, _ := e.RecentDeletions(ctx, "u"); len(recent) != 1 || recent[0].Undo != d2.Undo {
		t.Errorf("after the first window, RecentDeletions = %+v; want only the later one", recent)
	}
	if _, err := e.Undelete(ctx, "u", d.Undo); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("undo at the window's end: %v, want not found", err)
	}
	if _, err := e.Get(ctx, "u", id); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("a memory came back after its window: %v", err)
	}
	// The next undoable delete drops the expired copy: even a clock set
	// back into the window finds nothing to undo.
	other := add(t, e, "u", engine.AddRequest{Text: "The oars are in the boathouse"})[0].ID
	if _, err := e.DeleteUndoable(ctx, "u", []string{other}); err != nil {
		t.Fatal(err)
	}
	*clock = clock.Add(-time.Minute)
	if _, err := e.Undelete(ctx, "u", d.Undo); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("an expired copy outlived the next delete: %v", err)
	}
}
