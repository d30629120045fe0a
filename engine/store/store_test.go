package store

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"
	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
)

func open(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// keysOf lists every key in the store that mentions user.
func keysOf(t *testing.T, s *Store, user string) []string {
	t.Helper()
	var out []string
	_ = s.db.View(func(btx *badger.Txn) error {
		it := btx.NewIterator(badger.IteratorOptions{})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			k := it.Item().KeyCopy(nil)
			if bytes.Contains(k, []byte(user)) {
				out = append(out, string(k))
			}
		}
		return nil
	})
	return out
}

// posting is one scanned posting, as the engine's index loads it.
type posting struct {
	ID         string
	TF, DocLen int
}

// postingsOf returns user's postings by term.
func postingsOf(t *testing.T, s *Store, user string) map[string][]posting {
	t.Helper()
	out := map[string][]posting{}
	err := s.ScanPostings(context.Background(), user, func(term, id string, tf, docLen int) error {
		out[term] = append(out[term], posting{id, tf, docLen})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mem(id, text string) *engine.Memory {
	return &engine.Memory{ID: id, Text: text, State: engine.StateActive, CreatedAt: time.Unix(1, 0).UTC()}
}

func TestDeleteRemovesEveryTrace(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	err := s.Update(ctx, "alice", func(tx engine.Tx) error {
		if err := tx.PutMemory(mem("m1", "cats and dogs"), []string{"cat", "dog"}); err != nil {
			return err
		}
		if err := tx.PutVector("m1", []float32{1, 0}); err != nil {
			return err
		}
		return tx.PutMemory(mem("m2", "cats"), []string{"cat"})
	})
	if err != nil {
		t.Fatal(err)
	}
	before := keysOf(t, s, "alice")
	if err := s.Update(ctx, "alice", func(tx engine.Tx) error { return tx.DeleteMemory("m1") }); err != nil {
		t.Fatal(err)
	}
	// Only the tombstone (id and version, no content) may name m1.
	tombstone := string(changeKey("alice", "m1"))
	for _, k := range keysOf(t, s, "alice") {
		if bytes.Contains([]byte(k), []byte("m1")) && k != tombstone {
			t.Errorf("key %q survives the delete of m1", k)
		}
	}
	if got := len(keysOf(t, s, "alice")); got >= len(before) {
		t.Errorf("delete removed no keys: %d before, %d after", len(before), got)
	}
	want := map[string][]posting{"cat": {{ID: "m2", TF: 1, DocLen: 1}}}
	if diff := cmp.Diff(want, postingsOf(t, s, "alice")); diff != "" {
		t.Errorf("postings (-want +got):\n%s", diff)
	}
}

func TestReplaceReindexes(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	put := func(terms ...string) {
		if err := s.Update(ctx, "u", func(tx engine.Tx) error { return tx.PutMemory(mem("m1", "x"), terms) }); err != nil {
			t.Fatal(err)
		}
	}
	put("old", "old", "word")
	put("new")
	want := map[string][]posting{"new": {{ID: "m1", TF: 1, DocLen: 1}}}
	if diff := cmp.Diff(want, postingsOf(t, s, "u")); diff != "" {
		t.Errorf("stale postings after replace (-want +got):\n%s", diff)
	}
}

func TestFailedUpdateWritesNothing(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	boom := errors.New("boom")
	err := s.Update(ctx, "u", func(tx engine.Tx) error {
		if err := tx.PutMemory(mem("m1", "x"), []string{"x"}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) && engine.ErrorCode(err) != engine.EInternal {
		t.Fatalf("err = %v", err)
	}
	if keys := keysOf(t, s, "u"); len(keys) != 0 {
		t.Errorf("failed transaction left keys: %q", keys)
	}
}

func TestUsersNeverSeeEachOther(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	// "al" is a prefix of "alice": the separator must keep them apart.
	for _, u := range []string{"alice", "al"} {
		u := u
		if err := s.Update(ctx, u, func(tx engine.Tx) error { return tx.PutMemory(mem("m-"+u, u), []string{"shared"}) }); err != nil {
			t.Fatal(err)
		}
	}
	var seen []string
	_ = s.ScanMemories(ctx, "al", func(m *engine.Memory, _ []float32) error { seen = append(seen, m.ID); return nil })
	if diff := cmp.Diff([]string{"m-al"}, seen); diff != "" {
		t.Errorf("scan of al (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string][]posting{"shared": {{ID: "m-al", TF: 1, DocLen: 1}}}, postingsOf(t, s, "al")); diff != "" {
		t.Errorf("al's postings include another user's (-want +got):\n%s", diff)
	}
	_ = s.View(ctx, "al", func(tx engine.Tx) error {
		if _, err := tx.GetMemory("m-alice"); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("al reads alice's memory: %v", err)
		}
		return nil
	})
}

func TestSecondOpenIsRefused(t *testing.T) {
	dir := t.TempDir()
	open(t, dir)
	_, err := Open(Options{Dir: dir})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second open err = %v, want ErrLocked", err)
	}
}

func TestDocsAndMeta(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	type doc struct{ N int }
	if err := s.Update(ctx, "u", func(tx engine.Tx) error {
		for i, id := range []string{"a1", "a2", "b1"} {
			if err := tx.PutDoc("jobs", id, doc{i}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var got []string
	_ = s.View(ctx, "u", func(tx engine.Tx) error {
		var d doc
		if err := tx.GetDoc("jobs", "a2", &d); err != nil || d.N != 1 {
			t.Errorf("GetDoc = %+v, %v", d, err)
		}
		if err := tx.GetDoc("jobs", "zz", &d); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("missing doc err = %v", err)
		}
		return tx.ScanDocs("jobs", "a", func(id string, _ []byte) error { got = append(got, id); return nil })
	})
	if diff := cmp.Diff([]string{"a1", "a2"}, got); diff != "" {
		t.Errorf("ScanDocs (-want +got):\n%s", diff)
	}
	users, _ := s.Users(ctx, "jobs")
	if diff := cmp.Diff([]string{"u"}, users); diff != "" {
		t.Errorf("Users (-want +got):\n%s", diff)
	}
	if err := s.PutMeta(ctx, "embedder", "m/8"); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.GetMeta(ctx, "embedder"); v != "m/8" {
		t.Errorf("meta = %q", v)
	}
	if err := s.Check(ctx); err != nil {
		t.Errorf("Check: %v", err)
	}
}

// TestLeaseOfAnEarlierOpeningIsFree: a job leased by a process that then
// stopped (or the server a backup was taken from) is claimed at once by the
// next opening of the directory, not after its lease runs out; within one
// opening a held lease still holds.
func TestLeaseOfAnEarlierOpeningIsFree(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.EnqueueJob(ctx, "capture", "alice", "m1", nil); err != nil {
		t.Fatal(err)
	}
	first, err := s.ClaimJob(ctx, "capture", "w1", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ClaimJob(ctx, "capture", "w2", time.Hour); engine.ErrorCode(err) != engine.ENotFound {
		t.Fatalf("second claim in one opening: %v, want ENotFound", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, dir)
	again, err := s.ClaimJob(ctx, "capture", "w3", time.Hour)
	if err != nil {
		t.Fatalf("claim after reopening: %v", err)
	}
	if again.ID != "m1" || again.Claim <= first.Claim {
		t.Fatalf("reclaimed %+v after %+v", again, first)
	}
	if err := s.CompleteJob(ctx, first); engine.ErrorCode(err) != engine.EConflict {
		t.Fatalf("the dead opening's claim completed: %v", err)
	}
	if err := s.CompleteJob(ctx, again); err != nil {
		t.Fatal(err)
	}
}
