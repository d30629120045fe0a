package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/dgraph-io/badger/v4"

	"github.com/memsvc/memsvc/engine"
)

// tx implements engine.Tx over one Badger transaction and one user.
type tx struct {
	btx     *badger.Txn
	user    string
	write   bool
	version int64 // the version this Update commits (version.go)
	// blobs collects the image references this Update adds and drops
	// (blobrefs.go); nil in a View.
	blobs *blobChanges
}

func (t *tx) GetMemory(id string) (*engine.Memory, error) {
	var m engine.Memory
	if err := t.getJSON(memoryKey(t.user, id), &m); err != nil {
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil, engine.Errorf(engine.ENotFound, "memory %q not found", id)
		}
		return nil, fmt.Errorf("store: get memory: %w", err)
	}
	return &m, nil
}

func (t *tx) getJSON(key []byte, v any) error {
	item, err := t.btx.Get(key)
	if err != nil {
		return err
	}
	return item.Value(func(b []byte) error { return json.Unmarshal(b, v) })
}

func (t *tx) PutMemory(m *engine.Memory, terms []string) error {
	if !t.write {
		return ErrReadOnly
	}
	old, err := t.GetMemory(m.ID)
	if err == nil {
		if err := t.unindex(old.ID); err != nil {
			return err
		}
	} else if engine.ErrorCode(err) != engine.ENotFound {
		return err
	}
	if err := t.relinkBlob(m.ID, old, m); err != nil {
		return err
	}
	if old != nil && old.Text != m.Text {
		// The meaning vector read the old text (engine.Meaning).
		if err := t.btx.Delete(meaningKey(t.user, m.ID)); err != nil {
			return fmt.Errorf("store: drop meaning: %w", err)
		}
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("store: encode memory: %w", err)
	}
	if err := t.btx.Set(memoryKey(t.user, m.ID), raw); err != nil {
		return fmt.Errorf("store: put memory: %w", err)
	}
	if err := t.index(m.ID, terms); err != nil {
		return err
	}
	return t.recordChange(m.ID, false)
}

// index writes the postings and forward list of one memory.
func (t *tx) index(id string, terms []string) error {
	order, counts := TermCounts(terms)
	docLen := len(terms)
	var fwd []byte
	for _, term := range order {
		val := binary.AppendUvarint(nil, uint64(counts[term]))
		val = binary.AppendUvarint(val, uint64(docLen))
		if err := t.btx.Set(postingKey(t.user, term, id), val); err != nil {
			return fmt.Errorf("store: put posting: %w", err)
		}
		fwd = binary.AppendUvarint(fwd, uint64(len(term)))
		fwd = append(fwd, term...)
	}
	if err := t.btx.Set(forwardKey(t.user, id), fwd); err != nil {
		return fmt.Errorf("store: put forward index: %w", err)
	}
	return nil
}

// unindex removes the postings and forward list of a stored memory.
func (t *tx) unindex(id string) error {
	item, err := t.btx.Get(forwardKey(t.user, id))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: get forward index: %w", err)
	}
	fwd, err := item.ValueCopy(nil)
	if err != nil {
		return fmt.Errorf("store: read forward index: %w", err)
	}
	for len(fwd) > 0 {
		n, w := binary.Uvarint(fwd)
		if w <= 0 || int(n) > len(fwd)-w {
			return errors.New("store: corrupt forward index")
		}
		term := string(fwd[w : w+int(n)])
		fwd = fwd[w+int(n):]
		if err := t.btx.Delete(postingKey(t.user, term, id)); err != nil {
			return fmt.Errorf("store: delete posting: %w", err)
		}
	}
	if err := t.btx.Delete(forwardKey(t.user, id)); err != nil {
		return fmt.Errorf("store: delete forward index: %w", err)
	}
	return nil
}

func decodePosting(v []byte) (tf, docLen int) {
	a, w := binary.Uvarint(v)
	if w <= 0 {
		return 0, 0
	}
	b, _ := binary.Uvarint(v[w:])
	return int(a), int(b)
}

func (t *tx) PutVector(id string, vec []float32) error {
	if !t.write {
		return ErrReadOnly
	}
	if err := t.btx.Set(vectorKey(t.user, id), EncodeVector(vec)); err != nil {
		return err
	}
	return t.recordChange(id, false)
}

// PutMeanings stores the meanings of ms whose memories still hold the
// text each was computed from (engine.MeaningTx). They are derived data:
// no change is recorded, as other replicas need none to serve (they
// encode at query time what their shard lacks).
func (t *tx) PutMeanings(ms []engine.TextMeaning) ([]string, error) {
	if !t.write {
		return nil, ErrReadOnly
	}
	var stored []string
	for _, m := range ms {
		mem, err := t.GetMemory(m.ID)
		if engine.ErrorCode(err) == engine.ENotFound {
			continue
		}
		if err != nil {
			return nil, err
		}
		if mem.Text != m.Text {
			continue
		}
		if err := t.btx.Set(meaningKey(t.user, m.ID), EncodeMeaning(m.Meaning)); err != nil {
			return nil, fmt.Errorf("store: put meaning: %w", err)
		}
		stored = append(stored, m.ID)
	}
	return stored, nil
}

// GetMeaning returns the meaning stored for memory id
// (engine.MeaningReader); an unreadable one is none. It keeps no text
// sum: PutMemory drops the meaning whenever the text changes.
func (t *tx) GetMeaning(id, _ string) (engine.Meaning, bool, error) {
	item, err := t.btx.Get(meaningKey(t.user, id))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return engine.Meaning{}, false, nil
	}
	if err != nil {
		return engine.Meaning{}, false, fmt.Errorf("store: get meaning: %w", err)
	}
	var (
		m  engine.Meaning
		ok bool
	)
	if err := item.Value(func(b []byte) error { m, ok = DecodeMeaning(b); return nil }); err != nil {
		return engine.Meaning{}, false, fmt.Errorf("store: get meaning: %w", err)
	}
	return m, ok, nil
}

func (t *tx) DeleteMemory(id string) error {
	if !t.write {
		return ErrReadOnly
	}
	old, err := t.GetMemory(id)
	if err != nil {
		return err
	}
	if err := t.relinkBlob(id, old, nil); err != nil {
		return err
	}
	if err := t.unindex(id); err != nil {
		return err
	}
	for _, k := range [][]byte{memoryKey(t.user, id), vectorKey(t.user, id), meaningKey(t.user, id)} {
		if err := t.btx.Delete(k); err != nil {
			return fmt.Errorf("store: delete memory: %w", err)
		}
	}
	return t.recordChange(id, true)
}

func (t *tx) PutDoc(collection, id string, v any) error {
	if !t.write {
		return ErrReadOnly
	}
	raw, err := EncodeDoc(collection, v)
	if err != nil {
		return err
	}
	if err := t.btx.Set(docKey(t.user, collection, id), raw); err != nil {
		return fmt.Errorf("store: put %s: %w", collection, err)
	}
	return t.btx.Set(usersKey(collection, t.user), nil)
}

func (t *tx) GetDoc(collection, id string, v any) error {
	err := t.getJSON(docKey(t.user, collection, id), v)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return engine.Errorf(engine.ENotFound, "%s %q not found", collection, id)
	}
	if err != nil {
		return fmt.Errorf("store: get %s: %w", collection, err)
	}
	return nil
}

func (t *tx) DeleteDoc(collection, id string) error {
	if !t.write {
		return ErrReadOnly
	}
	return t.btx.Delete(docKey(t.user, collection, id))
}

func (t *tx) ScanDocs(collection, prefix string, fn func(id string, raw []byte) error) error {
	base := docPrefix(t.user, collection)
	it := t.btx.NewIterator(badger.IteratorOptions{Prefix: append(bytes.Clone(base), prefix...), PrefetchValues: true})
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		item := it.Item()
		raw, err := item.ValueCopy(nil)
		if err != nil {
			return fmt.Errorf("store: read %s: %w", collection, err)
		}
		if err := fn(string(item.Key()[len(base):]), raw); err != nil {
			return err
		}
	}
	return nil
}

// ScanMemories walks records and vectors side by side; both are keyed by id
// under the same user, so one ordered pass over each suffices.
func (s *Store) ScanMemories(ctx context.Context, user string, fn func(*engine.Memory, []float32) error) error {
	err := s.db.View(func(btx *badger.Txn) error {
		mp, vp := userPrefix(kindMemory, user), userPrefix(kindVector, user)
		mi := btx.NewIterator(badger.IteratorOptions{Prefix: mp, PrefetchValues: true, PrefetchSize: 256})
		defer mi.Close()
		vi := btx.NewIterator(badger.IteratorOptions{Prefix: vp, PrefetchValues: true, PrefetchSize: 256})
		defer vi.Close()
		vi.Rewind()
		for mi.Rewind(); mi.Valid(); mi.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			id := mi.Item().Key()[len(mp):]
			var m engine.Memory
			if err := mi.Item().Value(func(b []byte) error { return json.Unmarshal(b, &m) }); err != nil {
				return fmt.Errorf("decode memory %s: %w", id, err)
			}
			for vi.Valid() && bytes.Compare(vi.Item().Key()[len(vp):], id) < 0 {
				vi.Next()
			}
			var vec []float32
			if vi.Valid() && bytes.Equal(vi.Item().Key()[len(vp):], id) {
				if err := vi.Item().Value(func(b []byte) error { vec = DecodeVector(b); return nil }); err != nil {
					return err
				}
			}
			if err := fn(&m, vec); err != nil {
				return err
			}
		}
		return nil
	})
	return translate("scan memories", err)
}

// ScanPostings walks user's postings in key order: by term, then id.
func (s *Store) ScanPostings(ctx context.Context, user string, fn func(term, id string, tf, docLen int) error) error {
	err := s.db.View(func(btx *badger.Txn) error {
		prefix := userPrefix(kindPosting, user)
		it := btx.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true, PrefetchSize: 512})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			rest := it.Item().Key()[len(prefix):]
			sep := bytes.IndexByte(rest, 0)
			if sep < 0 {
				return errors.New("store: corrupt posting key")
			}
			var tf, docLen int
			_ = it.Item().Value(func(v []byte) error { tf, docLen = decodePosting(v); return nil })
			if err := fn(string(rest[:sep]), string(rest[sep+1:]), tf, docLen); err != nil {
				return err
			}
		}
		return nil
	})
	return translate("scan postings", err)
}

// ScanMeanings streams user's meaning vectors in id order
// (engine.MeaningStore).
func (s *Store) ScanMeanings(ctx context.Context, user string, fn func(string, engine.Meaning) error) error {
	err := s.db.View(func(btx *badger.Txn) error {
		prefix := userPrefix(kindMeaning, user)
		it := btx.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true, PrefetchSize: 256})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			var (
				m  engine.Meaning
				ok bool
			)
			if err := it.Item().Value(func(b []byte) error { m, ok = DecodeMeaning(b); return nil }); err != nil {
				return err
			}
			if !ok {
				continue // unreadable: the engine refills what it lacks
			}
			if err := fn(string(it.Item().Key()[len(prefix):]), m); err != nil {
				return err
			}
		}
		return nil
	})
	return translate("scan meanings", err)
}
