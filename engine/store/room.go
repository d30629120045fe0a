package store

import (
	"fmt"
	"sync"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/memsvc/memsvc/engine"
)

// Badger maps its write-ahead log and value log into memory as sparse
// files: a commit that reaches a page the full disk cannot back kills the
// process with SIGBUS instead of failing. So every write first checks that
// the data directory's disk still has room for a whole write-ahead log
// (Options.MinFree), from a recent reading (see room), and is refused with
// EUnavailable when it has not: reads go on, and writes resume by
// themselves once space is freed.

// errDiskFull is the refusal of a write on a disk without room. Its
// message is safe for API clients; the cause, with the numbers, is logged.
func errDiskFull(free, need uint64) error {
	return &engine.Error{Code: engine.EUnavailable,
		Message: "the server's disk is full: writes are refused until space is freed (reads still work)",
		Err:     fmt.Errorf("store: %d KiB free on the data directory's disk, writes need %d KiB", free>>10, need>>10)}
}

// errReadOnly is the refusal of a write to a store opened read-only.
var errReadOnly = &engine.Error{Code: engine.EUnavailable, Message: "the store is open read-only: it takes no writes"}

// roomRecheck is the longest a reading of the free space stands before it
// is taken again, whatever was written since: other processes fill the
// disk too. Below roomWatch of room above MinFree a reading stands for no
// write at all: a fast local writer (tmpfs, an NVMe disk) fills a few
// hundred MiB in milliseconds, as the filled-disk test's own ballast did
// (ci12: SIGBUS under a reading 30 ms old), and a statfs costs far less
// than the write it guards.
const (
	roomRecheck = 500 * time.Millisecond
	roomWatch   = 1 << 30
)

// room caches the last reading of the data directory's free space, so a
// write costs a statfs only now and then instead of every time (bulk
// imports and busy servers write thousands of times a second). A reading
// stands until roomRecheck is up or this store may have written half
// of the room it left above MinFree, counting every commit as Badger's
// largest (MaxBatchSize): an over-estimate, so the store still refuses
// before its own writes reach MinFree; the other half covers compaction
// and what other processes write. Below roomWatch above MinFree it stands
// for no write at all.
type room struct {
	mu      sync.Mutex
	at      time.Time // when free was read; zero: never
	free    uint64
	known   bool   // free was read (FreeSpace said ok)
	written uint64 // bytes this store may have written since
}

// writable refuses a write to a store opened read-only, and one when
// Options.FreeSpace reports (or last reported, see room) less than
// Options.MinFree on the data directory's disk.
func (s *Store) writable() error {
	if s.readOnly {
		return errReadOnly
	}
	if s.free == nil {
		return nil
	}
	r := &s.room
	r.mu.Lock()
	defer r.mu.Unlock()
	batch := uint64(s.db.MaxBatchSize())
	now := s.now()
	stale := r.at.IsZero() || now.Sub(r.at) >= roomRecheck
	if r.known && !stale { // at or below MinFree: read at every write
		margin := r.free - s.minFree
		stale = r.free <= s.minFree || r.written+batch > margin/2 || margin < roomWatch
	}
	if stale {
		r.free, r.known = s.free(s.dir)
		r.at, r.written = now, 0
	}
	if r.known && r.free < s.minFree {
		return errDiskFull(r.free, s.minFree)
	}
	r.written += batch
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
