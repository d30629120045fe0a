package service_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// interruptAfterFirstBatch runs a re-embedding of st with emb cut off once
// its first batch is written, and fails unless it reports the failure.
func interruptAfterFirstBatch(t *testing.T, st engine.Store, emb engine.Embedder) {
	t.Helper()
	cut, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := reembed.Run(cut, st, emb, reembed.Options{Batch: 2, Progress: func(done, total int) { cancel() }})
	if err == nil {
		t.Fatal("a cancelled re-embedding reported success")
	}
}

// provenanceCount counts the memories with a vector whose provenance
// names emb, and all those with a vector.
func provenanceCount(t *testing.T, st engine.Store, emb engine.Embedder, users ...string) (named, all int) {
	t.Helper()
	for _, u := range users {
		err := st.ScanMemories(context.Background(), u, func(m *engine.Memory, vec []float32) error {
			if vec == nil {
				return nil
			}
			all++
			if m.Source != nil && m.Source.EmbeddingModel == emb.Model() && m.Source.EmbeddingDim == emb.Dim() {
				named++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return named, all
}

// wantRefusedNaming checks that opening st with emb is refused as a
// conflict whose message holds every one of parts.
func wantRefusedNaming(t *testing.T, st engine.Store, emb engine.Embedder, parts ...string) {
	t.Helper()
	e, err := openEngine(context.Background(), st, emb, nil)
	if err == nil {
		e.Close()
		t.Fatalf("a half re-embedded store opened with %s", emb.Model())
	}
	msg := engine.ErrorMessage(err)
	if engine.ErrorCode(err) != engine.EConflict {
		t.Errorf("opening with %s: code %s, want conflict; %v", emb.Model(), engine.ErrorCode(err), err)
	}
	for _, p := range parts {
		if !strings.Contains(msg, p) {
			t.Errorf("opening with %s: the refusal does not name %q:\n%s", emb.Model(), p, msg)
		}
	}
}

// A re-embedding from the built-in model A to a remote B cut off half-way
// marks the store: opened with A or with B it is refused, naming the state
// and both ways out. Re-embedding back to A re-embeds exactly the memories
// whose provenance names B, and the store serves A's search again.
func TestHalfReembeddedStoreIsRefusedThenUndone(t *testing.T) {
	t.Run("badger", func(t *testing.T) { checkHalfReembeddedUndone(t, openStore(t)) })
	t.Run("postgres", func(t *testing.T) { pg.Get(t); checkHalfReembeddedUndone(t, openPostgres(t)) })
}

func checkHalfReembeddedUndone(t *testing.T, st engine.Store) {
	ctx := context.Background()
	a, b := llm.NewBuiltinEmbedder(), remoteStandIn{dim: 64}
	e, err := openEngine(ctx, st, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	fillStore(t, e)
	e.Close()
	before := storedVectors(t, st, "ann", "bob")

	interruptAfterFirstBatch(t, st, b)
	moved, all := provenanceCount(t, st, b, "ann", "bob")
	if moved == 0 || moved == all {
		t.Fatalf("%d of %d memories moved to B: the test needs a store half re-embedded", moved, all)
	}
	if got := reembed.ParseState(recorded(t, st)); got.Model != reembed.ID(a) || got.To != reembed.ID(b) {
		t.Errorf("the interrupted store records %+v, want a re-embedding from %s to %s", got, reembed.ID(a), reembed.ID(b))
	}
	for _, emb := range []engine.Embedder{a, b} {
		wantRefusedNaming(t, st, emb, "half re-embedded", reembed.ID(a), reembed.ID(b),
			"memsvc reembed --embed-provider builtin", "with the embedder "+reembed.ID(b))
	}

	stats, err := reembed.Run(ctx, st, a, reembed.Options{Batch: 3})
	if err != nil {
		t.Fatal(err)
	}
	if stats.Memories != moved || stats.Kept != all-moved {
		t.Errorf("undo re-embedded %d and kept %d, want exactly the %d moved to B and %d kept", stats.Memories, stats.Kept, moved, all-moved)
	}
	checkReembedded(t, before, storedVectors(t, st, "ann", "bob"), a)
	if got := recorded(t, st); got != reembed.ID(a) {
		t.Errorf("after the undo the store records %q, want %q", got, reembed.ID(a))
	}
	e, err = openEngine(ctx, st, a, nil)
	if err != nil {
		t.Fatalf("the undone store refused its model: %v", err)
	}
	defer e.Close()
	res, err := e.Search(ctx, "bob", engine.Query{Text: "which port does the staging database use", Mode: engine.ModeVector, TopK: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) == 0 || !strings.Contains(res.Results[0].Text, "port 5433") || !res.Results[0].Relevant {
		t.Errorf("vector search after the undo: %+v, want the staging database fact first and relevant", res.Results)
	}
	if again, err := reembed.Run(ctx, st, a, reembed.Options{}); err != nil || again.Memories != 0 {
		t.Errorf("a second run back to A re-embedded %d (err %v), want none", again.Memories, err)
	}
}

// recorded reads the store's MetaKey.
func recorded(t *testing.T, st engine.Store) string {
	t.Helper()
	got, err := st.GetMeta(context.Background(), reembed.MetaKey)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// The automatic re-embedding of an earlier built-in store, interrupted
// (a replica killed while it ran), resumes on the next open with the
// current built-in embedder; any other model is refused meanwhile.
func TestInterruptedAutomaticReembedResumesOnOpen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	before, _, _ := writeEarlierStore(t, dir)
	st := openStoreAt(t, dir)
	cur := llm.NewBuiltinEmbedder()
	interruptAfterFirstBatch(t, st, cur)
	wantRefusedNaming(t, st, remoteStandIn{dim: 64}, "half re-embedded", newEarlierBuiltin().Model(),
		"memsvc reembed --embed-provider builtin")
	e, err := openEngine(ctx, st, cur, nil)
	if err != nil {
		t.Fatalf("an interrupted automatic re-embedding did not resume on open: %v", err)
	}
	e.Close()
	checkReembedded(t, before, storedVectors(t, st, "ann", "bob"), cur)
	if got := recorded(t, st); got != reembed.ID(cur) {
		t.Errorf("after resuming the store records %q", got)
	}
}

// A store an earlier binary's interrupted run left recording A while some
// memories' provenance names B (no marker): re-embedding with A redoes
// exactly those, instead of saying there is nothing to do.
func TestStrayVectorsOfAnotherModelAreRedone(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	a, b := llm.NewBuiltinEmbedder(), remoteStandIn{dim: 64}
	e, err := openEngine(ctx, st, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	fillStore(t, e)
	e.Close()
	before := storedVectors(t, st, "ann", "bob")
	interruptAfterFirstBatch(t, st, b)
	if err := st.PutMeta(ctx, reembed.MetaKey, reembed.ID(a)); err != nil {
		t.Fatal(err)
	}
	moved, _ := provenanceCount(t, st, b, "ann", "bob")
	stats, err := reembed.Run(ctx, st, a, reembed.Options{})
	if err != nil || stats.Memories != moved || moved == 0 {
		t.Fatalf("run with A re-embedded %d (err %v), want the %d of B", stats.Memories, err, moved)
	}
	checkReembedded(t, before, storedVectors(t, st, "ann", "bob"), a)
}

// openStoreAt opens the Badger store in dir, closed at cleanup.
func openStoreAt(t *testing.T, dir string) engine.Store {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
