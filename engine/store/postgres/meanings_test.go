package postgres_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store/postgres"
	"github.com/memsvc/memsvc/engine/store/storetest"
)

// meaningBatch is the meaning filler's batch (engine/service/kernel).
const meaningBatch = 32

// BenchmarkStoreMeaningBatch stores one filler batch of meanings in one
// Update, as the filler's storeMeanings does: each only if its memory
// still holds the text it was computed from.
func BenchmarkStoreMeaningBatch(b *testing.B) {
	ctx := context.Background()
	s := open(b, pg.NewDatabase(b))
	items := make([]engine.TextMeaning, meaningBatch)
	err := s.Update(ctx, "u", func(tx engine.Tx) error {
		for i := range items {
			id, text := fmt.Sprintf("m%02d", i), fmt.Sprintf("the text of memory %d", i)
			if err := tx.PutMemory(storetest.Mem(id, text), []string{"text"}); err != nil {
				return err
			}
			items[i] = engine.TextMeaning{ID: id, Text: text, Meaning: engine.Meaning{Vec: make([]int8, 512), Scale: 0.01}}
			items[i].Vec[i] = 100
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		err := s.Update(ctx, "u", func(tx engine.Tx) error {
			stored, err := tx.(engine.MeaningTx).PutMeanings(items)
			if err == nil && len(stored) != len(items) {
				err = fmt.Errorf("stored %d of %d", len(stored), len(items))
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// putMeaning stores m as the meaning of memory id computed from text,
// failing when the store skips it.
func putMeaning(tx engine.Tx, id, text string, m engine.Meaning) error {
	stored, err := tx.(engine.MeaningTx).PutMeanings([]engine.TextMeaning{{ID: id, Text: text, Meaning: m}})
	if err == nil && len(stored) != 1 {
		err = fmt.Errorf("meaning of %s not stored", id)
	}
	return err
}

// A replica older than the meanings table rewrites a memory's text without
// dropping its meaning: a shard's load (ScanMeanings) does not read that
// meaning for the new text, nor does PutMeanings store one for the old
// text. A record jsonb cannot read (a \u0000 escape) has no meaning, and
// fails neither.
func TestMeaningsCheckTheStoredText(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	s := open(t, url)
	m := engine.Meaning{Vec: []int8{1, 2}, Scale: 1}
	err := s.Update(ctx, "u", func(tx engine.Tx) error {
		for _, id := range []string{"m1", "m2", "nul"} {
			if err := tx.PutMemory(storetest.Mem(id, "cats"), []string{"cat"}); err != nil {
				return err
			}
			if err := putMeaning(tx, id, "cats", m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	olderReplicaWrites(t, url, "m1", storetest.Mem("m1", "dogs"))
	olderReplicaWrites(t, url, "nul", storetest.Mem("nul", "cats\x00"))
	if got := scanned(t, s); !slices.Equal(got, []string{"m2"}) {
		t.Errorf("ScanMeanings after an older replica's writes = %v, want [m2]", got)
	}
	var stored []string
	err = s.Update(ctx, "u", func(tx engine.Tx) error {
		stored, err = tx.(engine.MeaningTx).PutMeanings([]engine.TextMeaning{
			{ID: "m1", Text: "cats", Meaning: m}, {ID: "nul", Text: "cats\x00", Meaning: m}, {ID: "m2", Text: "cats", Meaning: m}})
		return err
	})
	if err != nil || !slices.Equal(stored, []string{"m2"}) {
		t.Errorf("PutMeanings for the old texts stored %v (%v), want [m2]", stored, err)
	}
}

// olderReplicaWrites rewrites memory id's record as a replica older than
// the meanings table does: its meaning stays.
func olderReplicaWrites(t *testing.T, url, id string, m *engine.Memory) {
	t.Helper()
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if n := ownerQuery(t, url, "WITH w AS (UPDATE memories SET record = $1 WHERE id = $2 RETURNING 1) SELECT count(*) FROM w", raw, id); n != 1 {
		t.Fatalf("older replica's write updated %d rows", n)
	}
}

// scanned lists the ids ScanMeanings streams for user u.
func scanned(t *testing.T, s *postgres.Store) []string {
	t.Helper()
	var ids []string
	err := s.ScanMeanings(context.Background(), "u", func(id string, _ engine.Meaning) error {
		ids = append(ids, id)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// BenchmarkScanMeanings reads the meanings of a user of 2,016 memories, as
// a shard's load does (each checked against its memory's stored text).
func BenchmarkScanMeanings(b *testing.B) {
	ctx := context.Background()
	s := open(b, pg.NewDatabase(b))
	const n = 63 * meaningBatch // 2,016
	for start := 0; start < n; start += meaningBatch {
		err := s.Update(ctx, "u", func(tx engine.Tx) error {
			items := make([]engine.TextMeaning, 0, meaningBatch)
			for i := start; i < start+meaningBatch; i++ {
				id, text := fmt.Sprintf("m%05d", i), fmt.Sprintf("User said something about topic number %d at some length", i)
				if err := tx.PutMemory(storetest.Mem(id, text), []string{"text"}); err != nil {
					return err
				}
				items = append(items, engine.TextMeaning{ID: id, Text: text, Meaning: engine.Meaning{Vec: make([]int8, 512), Scale: 0.01}})
			}
			_, err := tx.(engine.MeaningTx).PutMeanings(items)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		got := 0
		err := s.ScanMeanings(ctx, "u", func(string, engine.Meaning) error { got++; return nil })
		if err != nil || got != n {
			b.Fatalf("scanned %d of %d (%v)", got, n, err)
		}
	}
}
