// Package store persists memsvc's data in an embedded Badger database:
// memory records, their vectors, the per-user BM25 inverted index and JSON
// documents of other kinds. Every write of one engine operation happens in one
// Badger transaction, and every key carries the user id (see keys.go).
package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/log"
	"github.com/dgraph-io/badger/v4"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
)

// Options configure the store.
type Options struct {
	Dir string
	// SyncWrites fsyncs every commit, so an acknowledged write survives a
	// machine crash, not only a process crash. Default on.
	NoSync bool
	// InMemory runs without a directory (benchmarks only).
	InMemory bool
	// ReadOnly opens an existing store for reading only, sharing the
	// directory with other readers and writing nothing there (not even
	// its lock file): a read-only copy or mount can be exported.
	ReadOnly bool
	Logger   *log.Logger
	// FreeSpace, when set, reports the bytes still free on the disk of a
	// directory (ok false: unknown); writes are refused while fewer than
	// MinFree are (room.go).
	FreeSpace func(dir string) (free uint64, ok bool)
	MinFree   uint64
}

// Store is the Badger-backed engine.Store.
type Store struct {
	db *badger.DB
	// locks serialise one user's Updates (striped by hash), so concurrent
	// read-modify-write transactions of a user queue instead of failing
	// with a Badger conflict.
	locks [64]sync.Mutex
	// jobs serialises the job queue's read-modify-writes (jobs.go).
	jobs sync.Mutex
	// opening names this opening of the directory: a job lease recorded
	// under another opening was taken by a process that no longer runs.
	opening string
	// readOnly, dir, free and minFree guard writes (room.go).
	readOnly bool
	dir      string
	free     func(string) (uint64, bool)
	minFree  uint64
	room     room
	// now is the clock room readings are timed by (tests replace it).
	now func() time.Time
	log *log.Logger
	// scratch is the replayed copy of dir read in its place, removed at
	// Close ("" when dir itself is open).
	scratch string
	// files are the image files memories name (blobrefs.go), nil until
	// AttachBlobs; closing stops their sweep, sweeping waits for it.
	files     atomic.Pointer[media.BlobStore]
	closing   chan struct{}
	closeOnce sync.Once
	sweeping  sync.WaitGroup
}

var (
	_ engine.Store          = (*Store)(nil)
	_ engine.VersionedStore = (*Store)(nil)
	_ engine.JobQueue       = (*Store)(nil)
)

// ErrLocked is returned by Open when another process holds the directory.
var ErrLocked = errors.New("data directory is in use by another memsvc process")

// Open opens (creating if needed) the store in opts.Dir.
func Open(opts Options) (*Store, error) {
	if !opts.InMemory && !opts.ReadOnly {
		if err := os.MkdirAll(opts.Dir, 0o700); err != nil {
			return nil, fmt.Errorf("store: create data directory: %w", err)
		}
	}
	copyFirst, err := prepareDir(opts)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", opts.Dir, err)
	}
	var scratch string // a replayed copy read instead of opts.Dir (recover.go)
	var db *badger.DB
	if !copyFirst {
		db, err = openBadger(opts)
	}
	if copyFirst || err != nil && opts.ReadOnly && needsReplay(err) {
		// A crash left the write-ahead log unreplayed, which a read-only
		// opening cannot do: replay it in a copy, and read the copy.
		if scratch, err = replayCopy(opts); err != nil {
			return nil, fmt.Errorf("store: open %s: %w", opts.Dir, err)
		}
		inCopy := opts
		inCopy.Dir = scratch
		db, err = openBadger(inCopy)
	}
	if err != nil && scratch != "" {
		os.RemoveAll(scratch)
	}
	if err != nil {
		if strings.Contains(err.Error(), "Cannot acquire directory lock") {
			return nil, fmt.Errorf("store: open %s: %w", opts.Dir, ErrLocked)
		}
		return nil, fmt.Errorf("store: open %s: %w", opts.Dir, badgerFileErr(opts.Dir, err))
	}
	// A disk without room takes no marker now; a later opening records it.
	full := false
	if opts.FreeSpace != nil {
		free, ok := opts.FreeSpace(opts.Dir)
		full = ok && free < opts.MinFree
	}
	if err := checkFormat(db, opts.ReadOnly || full); err != nil {
		db.Close()
		if scratch != "" {
			os.RemoveAll(scratch)
		}
		return nil, fmt.Errorf("store: open %s: %w", opts.Dir, err)
	}
	return &Store{db: db, scratch: scratch, opening: newOpening(), readOnly: opts.ReadOnly, dir: opts.Dir, free: opts.FreeSpace, minFree: opts.MinFree, now: time.Now,
		log: opts.Logger, closing: make(chan struct{})}, nil
}

// prepareDir checks opts.Dir before Badger opens it (recover.go): it
// refuses an empty MANIFEST or KEYREGISTRY, and sets an empty newest log
// aside, or, opening read-only, which changes nothing, reports that the
// store must be read from a copy without it (copyFirst).
func prepareDir(opts Options) (copyFirst bool, err error) {
	if opts.InMemory {
		return false, nil
	}
	if err := checkBadgerFiles(opts.Dir); err != nil {
		return false, err
	}
	if opts.ReadOnly {
		return readOnlyNeedsCopy(opts.Dir)
	}
	return false, setAsideEmptyLogs(opts.Dir, opts.Logger)
}

// openBadger opens the Badger database with memsvc's settings.
func openBadger(opts Options) (*badger.DB, error) {
	bo := badger.DefaultOptions(opts.Dir).
		WithInMemory(opts.InMemory).
		WithReadOnly(opts.ReadOnly).
		WithSyncWrites(!opts.NoSync && !opts.InMemory && !opts.ReadOnly).
		WithMemTableSize(32 << 20).
		WithNumMemtables(3).
		WithBlockCacheSize(64 << 20).
		WithIndexCacheSize(32 << 20).
		WithValueThreshold(4 << 10).
		WithLogger(badgerLogger{opts.Logger})
	return badger.Open(bo)
}

// newOpening returns a name no other opening of a directory has.
func newOpening() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return time.Now().Format(time.RFC3339Nano) // never in practice
	}
	return hex.EncodeToString(b[:])
}

// Close flushes and closes the database.
//
// On a disk without room for that flush it closes nothing: Badger's close
// writes the memtables into a new table through a memory map, and a page
// the full disk cannot back kills the process (SIGBUS) mid-write. Every
// committed write is already in the write-ahead log, which the next
// opening replays, and the process exit releases the directory lock.
func (s *Store) Close() error {
	s.closeOnce.Do(func() { close(s.closing) })
	s.sweeping.Wait()
	if !s.readOnly && s.free != nil {
		need := s.flushNeed()
		if free, ok := s.free(s.dir); ok && free < need {
			return fmt.Errorf("store: close: %d KiB free on the data directory's disk, %d KiB needed to write "+
				"the last writes into a table: they stay in the write-ahead log, replayed at the next start once space is freed",
				free>>10, need>>10)
		}
	}
	err := s.db.Close()
	if s.scratch != "" {
		err = errors.Join(err, os.RemoveAll(s.scratch))
	}
	if err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// flushNeed is the room closing takes: the memtables' tables are no
// larger than their write-ahead logs (*.mem) hold, plus a margin for the
// manifest and the tables' own index.
func (s *Store) flushNeed() uint64 {
	need := uint64(1 << 20)
	logs, _ := filepath.Glob(filepath.Join(s.dir, "*.mem"))
	for _, l := range logs {
		if info, err := os.Stat(l); err == nil {
			need += allocated(info) + allocated(info)/8
		}
	}
	return need
}

// Update runs fn in one read-write transaction and commits it.
func (s *Store) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	mu := s.userLock(user)
	mu.Lock()
	defer mu.Unlock()
	var blobs blobChanges
	err := s.update(func(btx *badger.Txn) error {
		version, err := bumpVersion(btx, user)
		if err != nil {
			return err
		}
		blobs = blobChanges{}
		return fn(&tx{btx: btx, user: user, write: true, version: version, blobs: &blobs})
	})
	if err != nil {
		return translate("update", err)
	}
	s.settleBlobs(blobs)
	return nil
}

// View runs fn in a read-only snapshot.
func (s *Store) View(ctx context.Context, user string, fn func(engine.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.View(func(btx *badger.Txn) error {
		return fn(&tx{btx: btx, user: user})
	})
	return translate("view", err)
}

// translate keeps engine errors as they are and maps Badger's own errors to
// engine codes at this boundary.
func translate(op string, err error) error {
	switch {
	case Untranslated(err):
		return err
	case errors.Is(err, badger.ErrTxnTooBig):
		return &engine.Error{Code: engine.ETooLarge, Message: "request writes too much at once; split it", Err: err}
	case errors.Is(err, badger.ErrConflict):
		return &engine.Error{Code: engine.EConflict, Message: "concurrent update, retry", Err: err}
	default:
		return engine.Internal("store: "+op, err)
	}
}

// GetMeta returns a store-wide setting, "" when unset.
func (s *Store) GetMeta(ctx context.Context, key string) (string, error) {
	var val string
	err := s.db.View(func(btx *badger.Txn) error {
		it, err := btx.Get(globalKey(key))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		b, err := it.ValueCopy(nil)
		val = string(b)
		return err
	})
	return val, translate("get meta", err)
}

// PutMeta sets a store-wide setting.
func (s *Store) PutMeta(ctx context.Context, key, value string) error {
	err := s.update(func(btx *badger.Txn) error {
		return btx.Set(globalKey(key), []byte(value))
	})
	return translate("put meta", err)
}

// Check writes and reads back a probe key.
func (s *Store) Check(ctx context.Context) error {
	if s.db.IsClosed() {
		return errors.New("store is closed")
	}
	probe := globalKey("health-probe")
	now := []byte(time.Now().UTC().Format(time.RFC3339Nano))
	return s.update(func(btx *badger.Txn) error {
		if err := btx.Set(probe, now); err != nil {
			return err
		}
		_, err := btx.Get(probe)
		return err
	})
}

// Users lists the users that have documents in collection.
func (s *Store) Users(ctx context.Context, collection string) ([]string, error) {
	var users []string
	prefix := append(append([]byte{kindUsers}, collection...), 0)
	err := s.db.View(func(btx *badger.Txn) error {
		it := btx.NewIterator(badger.IteratorOptions{Prefix: prefix})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			users = append(users, string(it.Item().Key()[len(prefix):]))
		}
		return nil
	})
	return users, translate("users", err)
}

// RunGC reclaims value-log space; call it periodically from the server.
// It rewrites live values first, so it waits while the disk is full.
func (s *Store) RunGC() {
	for s.writable() == nil && s.db.RunValueLogGC(0.5) == nil {
	}
}

type badgerLogger struct{ l *log.Logger }

func (b badgerLogger) Errorf(f string, a ...any) {
	if b.l != nil {
		b.l.Errorf("badger: "+strings.TrimSpace(f), a...)
	}
}
func (b badgerLogger) Warningf(f string, a ...any) {
	if b.l != nil {
		b.l.Warnf("badger: "+strings.TrimSpace(f), a...)
	}
}
func (badgerLogger) Infof(string, ...any)  {}
func (badgerLogger) Debugf(string, ...any) {}
