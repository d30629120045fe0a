package storetest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
)

// Meanings (engine.MeaningTx, engine.MeaningStore): a memory's meaning
// vector round-trips, is scanned in id order and per user, and goes when
// the memory is deleted or erased or its text changes; a write that keeps
// the text keeps it.

// ScannedMeaning is one meaning as ScanMeanings streamed it.
type ScannedMeaning struct {
	ID string
	M  engine.Meaning
}

func meanings(t *testing.T, s engine.Store, user string) []ScannedMeaning {
	t.Helper()
	var out []ScannedMeaning
	err := s.(engine.MeaningStore).ScanMeanings(ctx, user, func(id string, m engine.Meaning) error {
		out = append(out, ScannedMeaning{id, m})
		return nil
	})
	if err != nil {
		t.Fatalf("ScanMeanings(%s): %v", user, err)
	}
	return out
}

func putMeaning(s engine.Store, user, id string, m engine.Meaning) error {
	return s.Update(ctx, user, func(tx engine.Tx) error { return tx.(engine.MeaningTx).PutMeaning(id, m) })
}

// gotMeaning is GetMeaning in a read transaction; nil when there is none.
func gotMeaning(t *testing.T, s engine.Store, user, id, text string) *engine.Meaning {
	t.Helper()
	var got *engine.Meaning
	err := s.View(ctx, user, func(tx engine.Tx) error {
		m, ok, err := tx.(engine.MeaningReader).GetMeaning(id, text)
		if ok {
			got = &m
		}
		return err
	})
	if err != nil {
		t.Fatalf("GetMeaning(%s, %s): %v", user, id, err)
	}
	return got
}

func meaningOf(seed int8) engine.Meaning {
	vec := make([]int8, 512)
	for i := range vec {
		vec[i] = int8(int(seed) * (i%255 - 127) / 127)
	}
	vec[0], vec[1] = 127, -127
	return engine.Meaning{Vec: vec, Scale: 0.0071 + float32(seed)*1e-4}
}

func testMeanings(t *testing.T, s engine.Store) {
	if _, ok := s.(engine.MeaningStore); !ok {
		t.Skip("the store keeps no meaning vectors")
	}
	for _, id := range []string{"m2", "m1", "m3"} {
		putMem(t, s, "u", Mem(id, "text of "+id), []float32{1}, "text")
	}
	putMem(t, s, "v", Mem("m1", "another user's"), nil, "other")
	a, b, c := meaningOf(3), meaningOf(-5), meaningOf(7)
	for _, put := range []struct {
		user, id string
		m        engine.Meaning
	}{{"u", "m2", b}, {"u", "m1", a}, {"u", "m3", c}, {"v", "m1", c}} {
		if err := putMeaning(s, put.user, put.id, put.m); err != nil {
			t.Fatalf("PutMeaning(%s, %s): %v", put.user, put.id, err)
		}
	}
	if err := putMeaning(s, "u", "absent", a); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("PutMeaning of an absent memory = %v, want not found", err)
	}
	want := []ScannedMeaning{{"m1", a}, {"m2", b}, {"m3", c}}
	if diff := cmp.Diff(want, meanings(t, s, "u")); diff != "" {
		t.Fatalf("ScanMeanings (-want +got):\n%s", diff)
	}
	for _, get := range []struct {
		user, id, text string
		want           *engine.Meaning
	}{{"u", "m2", "text of m2", &b}, {"v", "m1", "another user's", &c}, {"u", "absent", "", nil}} {
		if diff := cmp.Diff(get.want, gotMeaning(t, s, get.user, get.id, get.text)); diff != "" {
			t.Errorf("GetMeaning(%s, %s) (-want +got):\n%s", get.user, get.id, diff)
		}
	}

	// The same text (a state change, a supersede) keeps it; a new text
	// drops it; a deletion takes it.
	kept := Mem("m1", "text of m1")
	kept.State = engine.StateSuperseded
	putMem(t, s, "u", kept, nil, "text")
	putMem(t, s, "u", Mem("m2", "a new text"), nil, "new")
	update(t, s, "u", func(tx engine.Tx) error { return tx.DeleteMemory("m3") })
	if diff := cmp.Diff([]ScannedMeaning{{"m1", a}}, meanings(t, s, "u")); diff != "" {
		t.Errorf("ScanMeanings after a supersede, a new text and a delete (-want +got):\n%s", diff)
	}
	if got := gotMeaning(t, s, "u", "m2", "a new text"); got != nil {
		t.Errorf("GetMeaning of a memory whose text changed = %v, want none", got)
	}
	putMem(t, s, "u", Mem("m3", "text of m3"), nil, "text")
	if got := meanings(t, s, "u"); len(got) != 1 {
		t.Errorf("a deleted memory written again has its old meaning back: %v", got)
	}

	if e, ok := s.(engine.UserEraser); ok {
		if err := e.EraseUser(ctx, "u"); err != nil {
			t.Fatal(err)
		}
		if got := meanings(t, s, "u"); len(got) != 0 {
			t.Errorf("ScanMeanings after EraseUser = %v", got)
		}
	}
	if diff := cmp.Diff([]ScannedMeaning{{"m1", c}}, meanings(t, s, "v")); diff != "" {
		t.Errorf("another user's meanings (-want +got):\n%s", diff)
	}
}
