package storetest

import (
	"slices"
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

// putMeaning stores m as the meaning of id computed from text and reports
// whether the store kept it.
func putMeaning(s engine.Store, user, id, text string, m engine.Meaning) (bool, error) {
	var stored []string
	err := s.Update(ctx, user, func(tx engine.Tx) error {
		var err error
		stored, err = tx.(engine.MeaningTx).PutMeanings([]engine.TextMeaning{{ID: id, Text: text, Meaning: m}})
		return err
	})
	return len(stored) == 1 && stored[0] == id, err
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
		user, id, text string
		m              engine.Meaning
		want           bool
	}{
		{"u", "m2", "text of m2", b, true},
		{"u", "m1", "text of m1", a, true},
		{"u", "m3", "text of m3", c, true},
		{"v", "m1", "another user's", c, true},
		{"u", "absent", "text of absent", a, false},
		{"v", "m1", "text of m1", a, false}, // another user's text: not this memory's
	} {
		stored, err := putMeaning(s, put.user, put.id, put.text, put.m)
		if err != nil || stored != put.want {
			t.Fatalf("PutMeanings(%s, %s, %q) stored %v (%v), want %v", put.user, put.id, put.text, stored, err, put.want)
		}
	}
	// A batch stores those of its memories still holding their text, the
	// others skipped without failing it.
	var stored []string
	update(t, s, "u", func(tx engine.Tx) error {
		var err error
		stored, err = tx.(engine.MeaningTx).PutMeanings([]engine.TextMeaning{
			{ID: "m1", Text: "an older text of m1", Meaning: c},
			{ID: "m2", Text: "text of m2", Meaning: b},
			{ID: "gone", Text: "text of gone", Meaning: a},
		})
		return err
	})
	if !slices.Equal(stored, []string{"m2"}) {
		t.Errorf("PutMeanings of a batch stored %v, want [m2]", stored)
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
