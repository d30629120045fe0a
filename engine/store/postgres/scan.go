package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
)

// ScanMemories streams user's memories with their vectors in id order from
// one snapshot.
func (s *Store) ScanMemories(ctx context.Context, user string, fn func(*engine.Memory, []float32) error) error {
	err := s.view(ctx, user, func(ptx pgx.Tx) error {
		rows, err := ptx.Query(ctx, `SELECT m.id, m.record, v.vec FROM memories m
			LEFT JOIN vectors v ON v.user_id = m.user_id AND v.id = m.id
			WHERE m.user_id = $1 ORDER BY m.id`, user)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				id       string
				raw, vec []byte
			)
			if err := rows.Scan(&id, &raw, &vec); err != nil {
				return err
			}
			m, v, err := decodeMemory(id, raw, vec)
			if err != nil {
				return err
			}
			if err := fn(m, v); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	return translate("scan memories", err)
}

// decodeMemory decodes a record and its vector as stored; a nil record or
// vector (absent from an outer join) decodes to nil.
func decodeMemory(id string, raw, vec []byte) (*engine.Memory, []float32, error) {
	var m *engine.Memory
	if raw != nil {
		m = new(engine.Memory)
		if err := json.Unmarshal(raw, m); err != nil {
			return nil, nil, fmt.Errorf("decode memory %s: %w", id, err)
		}
	}
	var v []float32
	if vec != nil {
		v = store.DecodeVector(vec)
	}
	return m, v, nil
}

// ScanPostings streams user's postings by term, then id, as Badger does.
func (s *Store) ScanPostings(ctx context.Context, user string, fn func(term, id string, tf, docLen int) error) error {
	err := s.view(ctx, user, func(ptx pgx.Tx) error {
		rows, err := ptx.Query(ctx, "SELECT term, id, tf, doc_len FROM postings WHERE user_id = $1 ORDER BY term, id", user)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				term, id   string
				tf, docLen int32
			)
			if err := rows.Scan(&term, &id, &tf, &docLen); err != nil {
				return err
			}
			if err := fn(term, id, int(tf), int(docLen)); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	return translate("scan postings", err)
}

// ScanMeanings streams user's meaning vectors in id order
// (engine.MeaningStore), each only while its memory holds the text it was
// computed from (currentMeaning).
func (s *Store) ScanMeanings(ctx context.Context, user string, fn func(string, engine.Meaning) error) error {
	err := s.view(ctx, user, func(ptx pgx.Tx) error {
		rows, err := ptx.Query(ctx, "SELECT n.id, n.vec, n.text_sum, m.record FROM "+meaningsWithRecords+" ORDER BY n.id", user)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				id                   string
				vec, textSum, record []byte
			)
			if err := rows.Scan(&id, &vec, &textSum, &record); err != nil {
				return err
			}
			m, ok := currentMeaning(vec, textSum, record)
			if !ok {
				continue // unreadable: the engine refills what it lacks
			}
			if err := fn(id, m); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	return translate("scan meanings", err)
}
