// Package storetest is the conformance suite of engine.Store: one set of
// tests every backend (Badger, PostgreSQL) must pass, so the engine can run
// on either without knowing which. Optional capabilities (VersionedStore,
// JobQueue) are tested when the store implements them.
package storetest

import (
	"context"
	"errors"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
)

// Opener returns a new, empty store for one test; the test's cleanup closes
// it.
type Opener func(t *testing.T) engine.Store

// Run runs the whole suite against stores made by open.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, engine.Store)
	}{
		{"MemoryRoundTrip", testMemoryRoundTrip},
		{"NotFound", testNotFound},
		{"FailedUpdateWritesNothing", testFailedUpdate},
		{"ViewIsReadOnly", testViewReadOnly},
		{"UsersIsolated", testUsersIsolated},
		{"DeleteRemovesEveryTrace", testDeleteEveryTrace},
		{"ScansInIDOrder", testScanOrder},
		{"PostingsMatchTerms", testPostings},
		{"Docs", testDocs},
		{"MetaAndCheck", testMeta},
		{"UpdatesOfOneUserSerialise", testSerialise},
		{"Versions", testVersions},
		{"Meanings", testMeanings},
		{"JobLeases", testJobLeases},
		{"HeldJob", testHeldJob},
		{"JobWorkers", testJobWorkers},
		{"JobIDsPerUser", testJobIDsPerUser},
		{"JobInUpdate", testJobInUpdate},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
}

var ctx = context.Background()

// Mem returns a memory with the fields a round trip must keep.
func Mem(id, text string) *engine.Memory {
	at := time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC)
	return &engine.Memory{ID: id, Text: text, UserID: "u", MemoryType: engine.TypeSemantic, State: engine.StateActive,
		Metadata: map[string]any{"k": "v"}, Tags: []string{"a", "b"}, CreatedAt: at, UpdatedAt: at, ValidFrom: at, RecordedAt: at,
		Source: &engine.Source{Kind: "api", MessageIDs: []string{"m"}, EmbeddingDim: 3}}
}

func update(t *testing.T, s engine.Store, user string, fn func(engine.Tx) error) {
	t.Helper()
	if err := s.Update(ctx, user, fn); err != nil {
		t.Fatalf("Update(%s): %v", user, err)
	}
}

func putMem(t *testing.T, s engine.Store, user string, m *engine.Memory, vec []float32, terms ...string) {
	t.Helper()
	update(t, s, user, func(tx engine.Tx) error {
		if err := tx.PutMemory(m, terms); err != nil {
			return err
		}
		if vec != nil {
			return tx.PutVector(m.ID, vec)
		}
		return nil
	})
}

// Scanned is one memory as ScanMemories streamed it.
type Scanned struct {
	ID  string
	Vec []float32
}

func scan(t *testing.T, s engine.Store, user string) []Scanned {
	t.Helper()
	var out []Scanned
	err := s.ScanMemories(ctx, user, func(m *engine.Memory, vec []float32) error {
		out = append(out, Scanned{m.ID, vec})
		return nil
	})
	if err != nil {
		t.Fatalf("ScanMemories(%s): %v", user, err)
	}
	return out
}

// Posting is one posting as ScanPostings streamed it.
type Posting struct {
	Term, ID   string
	TF, DocLen int
}

func postings(t *testing.T, s engine.Store, user string) []Posting {
	t.Helper()
	var out []Posting
	err := s.ScanPostings(ctx, user, func(term, id string, tf, docLen int) error {
		out = append(out, Posting{term, id, tf, docLen})
		return nil
	})
	if err != nil {
		t.Fatalf("ScanPostings(%s): %v", user, err)
	}
	return out
}

func getMem(s engine.Store, user, id string) (*engine.Memory, error) {
	var m *engine.Memory
	err := s.View(ctx, user, func(tx engine.Tx) error {
		var err error
		m, err = tx.GetMemory(id)
		return err
	})
	return m, err
}

func testMemoryRoundTrip(t *testing.T, s engine.Store) {
	want := Mem("m1", "Alice lives in Paris")
	putMem(t, s, "u", want, []float32{0.5, -1.25, 3e-7}, "alice", "live", "paris")
	putMem(t, s, "u", Mem("m2", "no vector"), nil, "vector")
	got, err := getMem(s, "u", "m1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("GetMemory (-want +got):\n%s", diff)
	}
	wantScan := []Scanned{{"m1", []float32{0.5, -1.25, 3e-7}}, {"m2", nil}}
	if diff := cmp.Diff(wantScan, scan(t, s, "u")); diff != "" {
		t.Errorf("ScanMemories (-want +got):\n%s", diff)
	}
	// A replaced vector of another dimension: no dimension is baked in.
	update(t, s, "u", func(tx engine.Tx) error { return tx.PutVector("m1", []float32{1, 2, 3, 4, 5}) })
	if got := scan(t, s, "u"); len(got[0].Vec) != 5 {
		t.Errorf("vector after replace = %v, want 5 floats", got[0].Vec)
	}
}

func testNotFound(t *testing.T, s engine.Store) {
	err := s.Update(ctx, "u", func(tx engine.Tx) error {
		if _, err := tx.GetMemory("nope"); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("GetMemory of a missing id: %v, want %s", err, engine.ENotFound)
		}
		if err := tx.DeleteMemory("nope"); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("DeleteMemory of a missing id: %v, want %s", err, engine.ENotFound)
		}
		var v map[string]any
		if err := tx.GetDoc("skills", "nope", &v); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("GetDoc of a missing id: %v, want %s", err, engine.ENotFound)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A not-found error returned from fn comes back as itself.
	err = s.Update(ctx, "u", func(tx engine.Tx) error { return tx.DeleteMemory("nope") })
	if engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("Update returning ENotFound: %v", err)
	}
}

func testFailedUpdate(t *testing.T, s engine.Store) {
	before := version(t, s, "u")
	boom := errors.New("boom")
	err := s.Update(ctx, "u", func(tx engine.Tx) error {
		if err := tx.PutMemory(Mem("m1", "x"), []string{"x"}); err != nil {
			return err
		}
		if err := tx.PutVector("m1", []float32{1}); err != nil {
			return err
		}
		if err := tx.PutDoc("skills", "s1", map[string]int{"n": 1}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update err = %v, want the callback's error", err)
	}
	if _, err := getMem(s, "u", "m1"); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("memory of a failed Update: %v", err)
	}
	if got := scan(t, s, "u"); len(got) != 0 {
		t.Errorf("failed Update left memories %v", got)
	}
	if got := postings(t, s, "u"); len(got) != 0 {
		t.Errorf("failed Update left postings %v", got)
	}
	if got := docIDs(t, s, "u", "skills", ""); len(got) != 0 {
		t.Errorf("failed Update left docs %v", got)
	}
	if after := version(t, s, "u"); after != before {
		t.Errorf("failed Update moved the version from %d to %d", before, after)
	}
}

func testViewReadOnly(t *testing.T, s engine.Store) {
	writes := map[string]func(engine.Tx) error{
		"PutMemory":    func(tx engine.Tx) error { return tx.PutMemory(Mem("m1", "x"), []string{"x"}) },
		"PutVector":    func(tx engine.Tx) error { return tx.PutVector("m1", []float32{1}) },
		"DeleteMemory": func(tx engine.Tx) error { return tx.DeleteMemory("m1") },
		"PutDoc":       func(tx engine.Tx) error { return tx.PutDoc("c", "d", 1) },
		"DeleteDoc":    func(tx engine.Tx) error { return tx.DeleteDoc("c", "d") },
	}
	putMem(t, s, "u", Mem("m1", "x"), nil, "x")
	for name, w := range writes {
		err := s.View(ctx, "u", func(tx engine.Tx) error { return w(tx) })
		if err == nil {
			t.Errorf("%s in a View succeeded", name)
		}
	}
	if _, err := getMem(s, "u", "m1"); err != nil {
		t.Errorf("memory after refused View writes: %v", err)
	}
}

func testUsersIsolated(t *testing.T, s engine.Store) {
	// "al" is a prefix of "alice": nothing may leak between them.
	for _, u := range []string{"alice", "al"} {
		putMem(t, s, u, Mem("m-"+u, u), []float32{1}, "shared", u)
		update(t, s, u, func(tx engine.Tx) error { return tx.PutDoc("skills", "s-"+u, u) })
	}
	if diff := cmp.Diff([]Scanned{{"m-al", []float32{1}}}, scan(t, s, "al")); diff != "" {
		t.Errorf("scan of al (-want +got):\n%s", diff)
	}
	want := []Posting{{"al", "m-al", 1, 2}, {"shared", "m-al", 1, 2}}
	if diff := cmp.Diff(want, postings(t, s, "al")); diff != "" {
		t.Errorf("al's postings (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"s-al"}, docIDs(t, s, "al", "skills", "")); diff != "" {
		t.Errorf("al's docs (-want +got):\n%s", diff)
	}
	err := s.Update(ctx, "al", func(tx engine.Tx) error {
		if _, err := tx.GetMemory("m-alice"); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("al reads alice's memory: %v", err)
		}
		var v string
		if err := tx.GetDoc("skills", "s-alice", &v); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("al reads alice's doc: %v", err)
		}
		if err := tx.DeleteMemory("m-alice"); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("al deletes alice's memory: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := getMem(s, "alice", "m-alice"); err != nil {
		t.Errorf("alice's memory after al's attempts: %v", err)
	}
}

func testDeleteEveryTrace(t *testing.T, s engine.Store) {
	putMem(t, s, "u", Mem("m1", "cats and dogs"), []float32{1, 0}, "cat", "dog")
	putMem(t, s, "u", Mem("m2", "cats"), []float32{0, 1}, "cat")
	update(t, s, "u", func(tx engine.Tx) error { return tx.DeleteMemory("m1") })
	if _, err := getMem(s, "u", "m1"); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("GetMemory after delete: %v", err)
	}
	if diff := cmp.Diff([]Scanned{{"m2", []float32{0, 1}}}, scan(t, s, "u")); diff != "" {
		t.Errorf("scan after delete (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Posting{{"cat", "m2", 1, 1}}, postings(t, s, "u")); diff != "" {
		t.Errorf("postings after delete (-want +got):\n%s", diff)
	}
	// Written again without a vector, the old vector must not come back.
	putMem(t, s, "u", Mem("m1", "again"), nil, "again")
	if diff := cmp.Diff([]Scanned{{"m1", nil}, {"m2", []float32{0, 1}}}, scan(t, s, "u")); diff != "" {
		t.Errorf("scan after re-put (-want +got):\n%s", diff)
	}
}

func testScanOrder(t *testing.T, s engine.Store) {
	ids := []string{"b", "a2", "a10", "A", "a", "a\u00e9", "z"}
	update(t, s, "u", func(tx engine.Tx) error {
		for _, id := range ids {
			if err := tx.PutMemory(Mem(id, id), []string{"t" + id, "common"}); err != nil {
				return err
			}
		}
		return nil
	})
	sorted := append([]string(nil), ids...)
	sort.Strings(sorted) // byte order
	var got []string
	for _, sc := range scan(t, s, "u") {
		got = append(got, sc.ID)
	}
	if diff := cmp.Diff(sorted, got); diff != "" {
		t.Errorf("ScanMemories order (-want +got):\n%s", diff)
	}
	ps := postings(t, s, "u")
	if !sort.SliceIsSorted(ps, func(i, j int) bool {
		return ps[i].Term < ps[j].Term || ps[i].Term == ps[j].Term && ps[i].ID < ps[j].ID
	}) {
		t.Errorf("ScanPostings not in (term, id) order: %v", ps)
	}
}

func testPostings(t *testing.T, s engine.Store) {
	putMem(t, s, "u", Mem("m1", "x"), nil, "cat", "dog", "cat")
	putMem(t, s, "u", Mem("m2", "x"), nil, "cat")
	want := []Posting{{"cat", "m1", 2, 3}, {"cat", "m2", 1, 1}, {"dog", "m1", 1, 3}}
	if diff := cmp.Diff(want, postings(t, s, "u")); diff != "" {
		t.Errorf("postings (-want +got):\n%s", diff)
	}
	// Replacing a memory replaces its postings.
	putMem(t, s, "u", Mem("m1", "x"), nil, "new")
	want = []Posting{{"cat", "m2", 1, 1}, {"new", "m1", 1, 1}}
	if diff := cmp.Diff(want, postings(t, s, "u")); diff != "" {
		t.Errorf("postings after replace (-want +got):\n%s", diff)
	}
	// A memory with no terms has no postings but is still scanned.
	putMem(t, s, "u", Mem("m3", ""), nil)
	if got := len(scan(t, s, "u")); got != 3 {
		t.Errorf("scan after a termless memory: %d memories, want 3", got)
	}
}

func docIDs(t *testing.T, s engine.Store, user, collection, prefix string) []string {
	t.Helper()
	var out []string
	err := s.View(ctx, user, func(tx engine.Tx) error {
		return tx.ScanDocs(collection, prefix, func(id string, _ []byte) error { out = append(out, id); return nil })
	})
	if err != nil {
		t.Fatalf("ScanDocs: %v", err)
	}
	return out
}

func testDocs(t *testing.T, s engine.Store) {
	type doc struct{ N int }
	// Entity links use 0x00 as a separator inside ids; 0xff tests the
	// prefix's upper bound.
	ids := []string{"a1", "a2", "b1", "e\x00x", "e\x00y", "e1", "\xff\xff"}
	update(t, s, "u", func(tx engine.Tx) error {
		for i, id := range ids {
			if err := tx.PutDoc("jobs", id, doc{i}); err != nil {
				return err
			}
		}
		return tx.PutDoc("other", "a3", doc{9})
	})
	update(t, s, "v", func(tx engine.Tx) error { return tx.PutDoc("jobs", "a9", doc{0}) })
	cases := map[string][]string{
		"":         {"a1", "a2", "b1", "e\x00x", "e\x00y", "e1", "\xff\xff"},
		"a":        {"a1", "a2"},
		"e\x00":    {"e\x00x", "e\x00y"},
		"\xff":     {"\xff\xff"},
		"nothing":  nil,
		"a1":       {"a1"},
		"a1-extra": nil,
	}
	for prefix, want := range cases {
		if diff := cmp.Diff(want, docIDs(t, s, "u", "jobs", prefix)); diff != "" {
			t.Errorf("ScanDocs(%q) (-want +got):\n%s", prefix, diff)
		}
	}
	err := s.View(ctx, "u", func(tx engine.Tx) error {
		var d doc
		if err := tx.GetDoc("jobs", "a2", &d); err != nil || d.N != 1 {
			t.Errorf("GetDoc = %+v, %v", d, err)
		}
		return tx.ScanDocs("jobs", "b", func(id string, raw []byte) error {
			if string(raw) != `{"N":2}` {
				t.Errorf("ScanDocs raw = %s, want the JSON as stored", raw)
			}
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	update(t, s, "u", func(tx engine.Tx) error { return tx.DeleteDoc("jobs", "a1") })
	if diff := cmp.Diff([]string{"a2"}, docIDs(t, s, "u", "jobs", "a")); diff != "" {
		t.Errorf("ScanDocs after delete (-want +got):\n%s", diff)
	}
	users, err := s.Users(ctx, "jobs")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"u", "v"}, users); diff != "" {
		t.Errorf("Users (-want +got):\n%s", diff)
	}
	if users, _ := s.Users(ctx, "none"); len(users) != 0 {
		t.Errorf("Users of an unused collection = %v", users)
	}
}

func testMeta(t *testing.T, s engine.Store) {
	if v, err := s.GetMeta(ctx, "embedder"); err != nil || v != "" {
		t.Errorf("unset meta = %q, %v", v, err)
	}
	for _, v := range []string{"m/8", "m/16"} {
		if err := s.PutMeta(ctx, "embedder", v); err != nil {
			t.Fatal(err)
		}
		if got, err := s.GetMeta(ctx, "embedder"); err != nil || got != v {
			t.Errorf("meta = %q, %v; want %q", got, err, v)
		}
	}
	if err := s.Check(ctx); err != nil {
		t.Errorf("Check: %v", err)
	}
}

// testSerialise runs read-modify-write Updates of one user at once: the
// store must serialise them, so none is lost or refused.
func testSerialise(t *testing.T, s engine.Store) {
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- s.Update(ctx, "u", func(tx engine.Tx) error {
				var c int
				if err := tx.GetDoc("counter", "c", &c); err != nil && engine.ErrorCode(err) != engine.ENotFound {
					return err
				}
				return tx.PutDoc("counter", "c", c+1)
			})
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent Update: %v", err)
		}
	}
	var c int
	_ = s.View(ctx, "u", func(tx engine.Tx) error { return tx.GetDoc("counter", "c", &c) })
	if c != n {
		t.Errorf("counter = %d after %d concurrent increments", c, n)
	}
}
