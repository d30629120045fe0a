package store

import (
	"fmt"

	"github.com/dgraph-io/badger/v4"

	"github.com/memsvc/memsvc/engine"
)

// Badger maps its write-ahead log and value log into memory as sparse
// files: a commit that reaches a page the full disk cannot back kills the
// process with SIGBUS instead of failing. So every write first checks that
// the data directory's disk still has room for a whole write-ahead log
// (Options.MinFree) and is refused with EUnavailable when it has not:
// reads go on, and writes resume by themselves once space is freed.

// errDiskFull is the refusal of a write on a disk without room. Its
// message is safe for API clients; the cause, with the numbers, is logged.
func errDiskFull(free, need uint64) error {
	return &engine.Error{Code: engine.EUnavailable,
		Message: "the server's disk is full: writes are refused until space is freed (reads still work)",
		Err:     fmt.Errorf("store: %d KiB free on the data directory's disk, writes need %d KiB", free>>10, need>>10)}
}

// errReadOnly is the refusal of a write to a store opened read-only.
var errReadOnly = &engine.Error{Code: engine.EUnavailable, Message: "the store is open read-only: it takes no writes"}

// writable refuses a write to a store opened read-only, and one when
// Options.FreeSpace reports less than Options.MinFree on the data
// directory's disk.
func (s *Store) writable() error {
	if s.readOnly {
		return errReadOnly
	}
	if s.free == nil {
		return nil
	}
	if free, ok := s.free(s.dir); ok && free < s.minFree {
		return errDiskFull(free, s.minFree)
	}
	return nil
}

// update runs fn in one read-write Badger transaction once writable allows it.
// Every write of the store goes through here (or calls writable itself).
func (s *Store) update(fn func(*badger.Txn) error) error {
	if err := s.writable(); err != nil {
		return err
	}
	return s.db.Update(fn)
}
