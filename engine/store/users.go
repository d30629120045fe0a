package store

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/dgraph-io/badger/v4"
)

// perUserKinds are the key kinds whose keys start with kind, user, 0.
var perUserKinds = []byte{kindMemory, kindVector, kindMeaning, kindForward, kindPosting, kindDoc, kindVersion, kindChange}

// AllUsers lists every user with any key, sorted. It seeks from one user
// to the next, so it reads one key per user and kind, not every key.
func (s *Store) AllUsers(ctx context.Context) ([]string, error) {
	seen := map[string]bool{}
	err := s.db.View(func(btx *badger.Txn) error {
		it := btx.NewIterator(badger.IteratorOptions{})
		defer it.Close()
		for _, kind := range perUserKinds {
			for it.Seek([]byte{kind}); it.Valid(); {
				if err := ctx.Err(); err != nil {
					return err
				}
				k := it.Item().Key()
				if k[0] != kind {
					break
				}
				sep := bytes.IndexByte(k[1:], 0)
				if sep < 0 {
					it.Next()
					continue
				}
				user := string(k[1 : 1+sep])
				seen[user] = true
				// The next user's keys start after user + 0x01.
				it.Seek(append(append([]byte{kind}, user...), 1))
			}
		}
		return nil
	})
	if err != nil {
		return nil, translate("list users", err)
	}
	users := make([]string, 0, len(seen))
	for u := range seen {
		users = append(users, u)
	}
	slices.Sort(users)
	return users, nil
}

// EraseUser deletes every key of user: records, vectors, forward lists,
// the write version and change log, leased jobs,
// postings, documents and the user's entries in the per-collection user
// lists. Other users' keys are never touched: every per-user prefix ends
// with the 0x00 separator user ids cannot contain.
func (s *Store) EraseUser(ctx context.Context, user string) error {
	keys, dropped, err := s.userKeys(ctx, user)
	if err != nil {
		return translate("erase user", err)
	}
	if err := s.writable(); err != nil { // deletions are written to the log too
		return err
	}
	wb := s.db.NewWriteBatch()
	defer wb.Cancel()
	for _, k := range keys {
		if err := wb.Delete(k); err != nil {
			return translate("erase user", fmt.Errorf("delete: %w", err))
		}
	}
	if err := wb.Flush(); err != nil {
		return translate("erase user", err)
	}
	s.settleBlobs(dropped) // the files no other user's memory names
	return nil
}

// userKeys lists every key that holds user's data, and the images whose
// references among them go with the user.
func (s *Store) userKeys(ctx context.Context, user string) (keys [][]byte, dropped blobChanges, err error) {
	err = s.db.View(func(btx *badger.Txn) error {
		it := btx.NewIterator(badger.IteratorOptions{})
		defer it.Close()
		for _, kind := range perUserKinds {
			p := userPrefix(kind, user)
			for it.Seek(p); it.ValidForPrefix(p); it.Next() {
				keys = append(keys, it.Item().KeyCopy(nil))
			}
		}
		// u <collection> 0 <user>: the user's marks in the collection lists.
		u := []byte{kindUsers}
		for it.Seek(u); it.ValidForPrefix(u); it.Next() {
			k := it.Item().Key()
			if sep := bytes.IndexByte(k, 0); sep >= 0 && string(k[sep+1:]) == user {
				keys = append(keys, it.Item().KeyCopy(nil))
			}
		}
		// j <queue> 0 <user> 0 <id>: the user's leased background jobs;
		// b <sha> 0 <user> 0 <id>: the user's image references.
		for _, kind := range []byte{kindJob, kindBlobRef} {
			p := []byte{kind}
			for it.Seek(p); it.ValidForPrefix(p); it.Next() {
				parts := bytes.SplitN(it.Item().Key()[1:], []byte{0}, 3)
				if len(parts) == 3 && string(parts[1]) == user {
					keys = append(keys, it.Item().KeyCopy(nil))
					if kind == kindBlobRef {
						dropped.note(&dropped.dropped, string(parts[0]))
					}
				}
			}
		}
		return ctx.Err()
	})
	return keys, dropped, err
}

// Keys lists every key of the store, for operators' checks and tests (an
// erased user must have none left).
func (s *Store) Keys(ctx context.Context) ([][]byte, error) {
	var keys [][]byte
	err := s.db.View(func(btx *badger.Txn) error {
		it := btx.NewIterator(badger.IteratorOptions{})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			keys = append(keys, it.Item().KeyCopy(nil))
		}
		return ctx.Err()
	})
	return keys, translate("list keys", err)
}
