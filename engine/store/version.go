package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"sort"
	"sync"

	"github.com/dgraph-io/badger/v4"

	"github.com/memsvc/memsvc/engine"
)

// Versions (engine.VersionedStore). Badger has a single writer process, so
// its shards are never stale; it keeps versions and changes all the same so
// both backends honour one contract and the conformance suite covers both.

func (s *Store) userLock(user string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(user))
	return &s.locks[h.Sum32()%uint32(len(s.locks))]
}

// bumpVersion reads user's version and writes it plus one in btx.
func bumpVersion(btx *badger.Txn, user string) (int64, error) {
	v, err := readVersion(btx, user)
	if err != nil {
		return 0, err
	}
	v++
	if err := btx.Set(userPrefix(kindVersion, user), binary.AppendUvarint(nil, uint64(v))); err != nil {
		return 0, fmt.Errorf("store: bump version: %w", err)
	}
	return v, nil
}

func readVersion(btx *badger.Txn, user string) (int64, error) {
	item, err := btx.Get(userPrefix(kindVersion, user))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: read version: %w", err)
	}
	var v uint64
	err = item.Value(func(b []byte) error { v, _ = binary.Uvarint(b); return nil })
	return int64(v), err
}

// recordChange notes that id changed at this Update's version.
func (t *tx) recordChange(id string, deleted bool) error {
	val := binary.AppendUvarint(nil, uint64(t.version))
	if deleted {
		val = append(val, 1)
	} else {
		val = append(val, 0)
	}
	if err := t.btx.Set(changeKey(t.user, id), val); err != nil {
		return fmt.Errorf("store: record change: %w", err)
	}
	return nil
}

// Version is the version this Update commits (engine.VersionedTx).
func (t *tx) Version() int64 { return t.version }

// changedMemory fills c's record and vector as they are in btx.
func changedMemory(btx *badger.Txn, user string, c *engine.Change) error {
	t := &tx{btx: btx, user: user}
	m, err := t.GetMemory(c.ID)
	if err == nil {
		c.Memory = m
	} else if engine.ErrorCode(err) != engine.ENotFound {
		return err
	}
	item, err := btx.Get(vectorKey(user, c.ID))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: read vector: %w", err)
	}
	return item.Value(func(b []byte) error { c.Vector = DecodeVector(b); return nil })
}

// Version returns user's write version, 0 if never written.
func (s *Store) Version(ctx context.Context, user string) (int64, error) {
	var v int64
	err := s.db.View(func(btx *badger.Txn) error {
		var err error
		v, err = readVersion(btx, user)
		return err
	})
	return v, translate("version", err)
}

// Changes lists user's memories changed after since. It walks every change
// entry of the user: fine for a store that never needs it to catch up.
func (s *Store) Changes(ctx context.Context, user string, since int64, fn func(engine.Change) error) (int64, error) {
	var (
		upTo int64
		out  []engine.Change
	)
	err := s.db.View(func(btx *badger.Txn) error {
		var err error
		if upTo, err = readVersion(btx, user); err != nil {
			return err
		}
		prefix := userPrefix(kindChange, user)
		it := btx.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var c engine.Change
			_ = it.Item().Value(func(b []byte) error {
				v, w := binary.Uvarint(b)
				c.Version, c.Deleted = int64(v), w > 0 && len(b) > w && b[w] == 1
				return nil
			})
			if c.Version <= since {
				continue
			}
			c.ID = string(it.Item().Key()[len(prefix):])
			if !c.Deleted {
				if err := changedMemory(btx, user, &c); err != nil {
					return err
				}
			}
			out = append(out, c)
		}
		return nil
	})
	if err != nil {
		return 0, translate("changes", err)
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Version < out[j].Version || out[i].Version == out[j].Version && out[i].ID < out[j].ID
	})
	for _, c := range out {
		if err := fn(c); err != nil {
			return 0, err
		}
	}
	return upTo, nil
}
