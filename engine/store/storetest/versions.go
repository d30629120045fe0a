package storetest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
)

// version returns user's version, 0 when the store is not versioned.
func version(t *testing.T, s engine.Store, user string) int64 {
	t.Helper()
	vs, ok := s.(engine.VersionedStore)
	if !ok {
		return 0
	}
	v, err := vs.Version(ctx, user)
	if err != nil {
		t.Fatalf("Version(%s): %v", user, err)
	}
	return v
}

func changes(t *testing.T, vs engine.VersionedStore, user string, since int64) ([]engine.Change, int64) {
	t.Helper()
	var out []engine.Change
	upTo, err := vs.Changes(ctx, user, since, func(c engine.Change) error { out = append(out, c); return nil })
	if err != nil {
		t.Fatalf("Changes: %v", err)
	}
	return out, upTo
}

func testVersions(t *testing.T, s engine.Store) {
	vs, ok := s.(engine.VersionedStore)
	if !ok {
		t.Skip("store is not versioned")
	}
	if v := version(t, s, "u"); v != 0 {
		t.Fatalf("version of a new user = %d", v)
	}
	update(t, s, "u", func(tx engine.Tx) error { // 1
		vt, ok := tx.(engine.VersionedTx)
		if !ok {
			t.Error("the Update's tx of a VersionedStore is not a VersionedTx")
		} else if v := vt.Version(); v != 1 {
			t.Errorf("the first Update's tx commits version %d, want 1", v)
		}
		return nil
	})
	putMem(t, s, "u", Mem("m1", "x"), []float32{1}, "x") // 2
	putMem(t, s, "u", Mem("m2", "y"), nil, "y")          // 3
	update(t, s, "u", func(tx engine.Tx) error {         // 4: doc only
		return tx.PutDoc("skills", "s", 1)
	})
	update(t, s, "u", func(tx engine.Tx) error { return tx.DeleteMemory("m1") }) // 5
	update(t, s, "u", func(tx engine.Tx) error { return tx.PutVector("m2", []float32{2}) })
	putMem(t, s, "other", Mem("o1", "z"), nil, "z")
	if v := version(t, s, "u"); v != 6 {
		t.Errorf("version after 6 Updates = %d", v)
	}
	got, upTo := changes(t, vs, "u", 0)
	want := []engine.Change{{ID: "m1", Version: 5, Deleted: true}, {ID: "m2", Version: 6, Memory: Mem("m2", "y"), Vector: []float32{2}}}
	if diff := cmp.Diff(want, got); diff != "" || upTo != 6 {
		t.Errorf("Changes since 0 up to %d (-want +got):\n%s", upTo, diff)
	}
	got, _ = changes(t, vs, "u", 5)
	if len(got) != 1 || got[0].ID != "m2" {
		t.Errorf("Changes since 5 = %v, want m2 alone", got)
	}
	if got, upTo := changes(t, vs, "u", 6); len(got) != 0 || upTo != 6 {
		t.Errorf("Changes since the current version = %v up to %d", got, upTo)
	}
	if got, _ := changes(t, vs, "other", 0); len(got) != 1 || got[0].ID != "o1" {
		t.Errorf("Changes of another user = %v", got)
	}
}
