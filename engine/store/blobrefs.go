package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
)

// Image files live beside the store (FileBlobs), shared by content between
// memories and users. The store keeps one reference key per memory that
// names a blob (b <sha> 0 <user> 0 <id>), written in the same transaction
// as the memory, so "does anything still name this blob" is one prefix
// seek. After a commit that dropped a blob's last reference, the file is
// removed: reference first, file second, so a crash between the two leaves
// an orphan file (the sweep reclaims it), never a memory naming a missing
// file.

// sweepEvery is how often an attached blob store is swept for orphans.
const sweepEvery = time.Hour

func blobRefPrefix(sha string) []byte {
	return append(append([]byte{kindBlobRef}, sha...), 0)
}

func blobRefKey(sha, user, id string) []byte {
	return append(append(append(blobRefPrefix(sha), user...), 0), id...)
}

// blobOf is the blob a memory names, "" for none.
func blobOf(m *engine.Memory) string {
	if m == nil || m.Source == nil {
		return ""
	}
	return m.Source.BlobSHA256
}

// relinkBlob moves memory id's reference from the blob old names to the
// one m names (either may be nil or name none), noting what it added and
// dropped for the commit.
func (t *tx) relinkBlob(id string, old, m *engine.Memory) error {
	from, to := blobOf(old), blobOf(m)
	if to != "" {
		// A memory naming the blob commits: the pin of the Put before it
		// (a capture stores its image again on every attempt) is released.
		t.blobs.note(&t.blobs.added, to)
	}
	if from == to {
		return nil
	}
	if from != "" {
		if err := t.btx.Delete(blobRefKey(from, t.user, id)); err != nil {
			return fmt.Errorf("store: drop image reference: %w", err)
		}
		t.blobs.note(&t.blobs.dropped, from)
	}
	if to != "" {
		if err := t.btx.Set(blobRefKey(to, t.user, id), nil); err != nil {
			return fmt.Errorf("store: add image reference: %w", err)
		}
	}
	return nil
}

// blobChanges are the blobs the memories one transaction wrote name
// (added) and the references it dropped.
type blobChanges struct{ added, dropped map[string]bool }

func (c *blobChanges) note(set *map[string]bool, sha string) {
	if *set == nil {
		*set = map[string]bool{}
	}
	(*set)[sha] = true
}

// AttachBlobs gives the store the image files its memories name, so it
// removes a file once no memory names it, and sweeps the directory for
// orphans now (in the background) and every hour until Close.
func (s *Store) AttachBlobs(files *media.BlobStore) {
	s.files.Store(files)
	if s.readOnly {
		return
	}
	s.sweeping.Add(1)
	go s.sweepLoop(files)
}

func (s *Store) sweepLoop(files *media.BlobStore) {
	defer s.sweeping.Done()
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	for {
		if _, err := s.sweep(files); err != nil && s.log != nil {
			s.log.Warn("sweeping unused image files", "err", err)
		}
		select {
		case <-s.closing:
			return
		case <-tick.C:
		}
	}
}

// CollectsBlobs reports whether the store removes an image file itself once
// no memory names it: it does once AttachBlobs gave it the files.
func (s *Store) CollectsBlobs() bool { return s.files.Load() != nil }

// SweepBlobs removes the attached image files no memory names (and that
// no write in progress pinned), returning how many it removed.
func (s *Store) SweepBlobs(ctx context.Context) (int, error) {
	files := s.files.Load()
	if files == nil || s.readOnly {
		return 0, nil
	}
	return s.sweep(files)
}

func (s *Store) sweep(files *media.BlobStore) (int, error) {
	if s.db.IsClosed() {
		return 0, nil
	}
	return files.Sweep(s.blobUsed)
}

// settleBlobs runs after a commit: the blobs it referenced are no longer
// pinned, and those whose last reference it dropped are removed. A failure
// here is logged, not returned: the write itself committed, and the sweep
// retries the removal.
func (s *Store) settleBlobs(c blobChanges) {
	files := s.files.Load()
	if files == nil {
		return
	}
	for sha := range c.added {
		files.Unpin(sha)
	}
	for sha := range c.dropped {
		if _, err := files.Remove(sha, s.blobUsed); err != nil && s.log != nil {
			s.log.Warn("removing an unused image file; the sweep retries it", "sha256", sha, "err", err)
		}
	}
}

// blobUsed reports whether any memory of any user names sha.
func (s *Store) blobUsed(sha string) (bool, error) {
	used := false
	err := s.db.View(func(btx *badger.Txn) error {
		p := blobRefPrefix(sha)
		it := btx.NewIterator(badger.IteratorOptions{Prefix: p})
		defer it.Close()
		it.Rewind()
		used = it.ValidForPrefix(p)
		return nil
	})
	return used, err
}

// backfillBlobRefs writes the reference of every stored memory that names a
// blob: a store of format 1 has none. Writing them again is harmless, so a
// crash midway is redone at the next opening (the format is recorded after).
func backfillBlobRefs(db *badger.DB) error {
	wb := db.NewWriteBatch()
	defer wb.Cancel()
	err := db.View(func(btx *badger.Txn) error {
		p := []byte{kindMemory}
		it := btx.NewIterator(badger.IteratorOptions{Prefix: p, PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			key := it.Item().Key()
			sep := bytes.IndexByte(key, 0)
			if sep < 0 {
				return errors.New("corrupt memory key")
			}
			var m struct {
				Source *engine.Source `json:"source"`
			}
			if err := it.Item().Value(func(b []byte) error { return json.Unmarshal(b, &m) }); err != nil {
				return fmt.Errorf("decode memory %q: %w", key[1:], err)
			}
			if m.Source == nil || m.Source.BlobSHA256 == "" {
				continue
			}
			if err := wb.Set(blobRefKey(m.Source.BlobSHA256, string(key[1:sep]), string(key[sep+1:])), nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("index image references: %w", err)
	}
	return wb.Flush()
}
