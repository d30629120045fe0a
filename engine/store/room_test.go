package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// TestWritesWaitForRoom: while the disk has less room than MinFree every
// kind of write is refused with EUnavailable and a message saying why,
// reads go on, and writes work again once space is freed. (A write on a
// full disk killed the server: Badger's mapped log faults.)
func TestWritesWaitForRoom(t *testing.T) {
	var free atomic.Uint64
	free.Store(1 << 30)
	s, err := Open(Options{Dir: t.TempDir(), NoSync: true, MinFree: 64 << 20,
		FreeSpace: func(string) (uint64, bool) { return free.Load(), true }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	put := func(tx engine.Tx) error { return tx.PutDoc("notes", "n1", map[string]string{"text": "kept"}) }
	if err := s.Update(ctx, "alice", put); err != nil {
		t.Fatal(err)
	}
	writes := map[string]func() error{
		"update":   func() error { return s.Update(ctx, "alice", put) },
		"put meta": func() error { return s.PutMeta(ctx, "k", "v") },
		"check":    func() error { return s.Check(ctx) },
		"enqueue":  func() error { return s.EnqueueJob(ctx, "q", "alice", "j1", nil) },
		"erase":    func() error { return s.EraseUser(ctx, "bob") },
	}
	free.Store(1 << 20)
	s.now = func() time.Time { return time.Now().Add(roomRecheck) } // the last reading has expired
	for name, write := range writes {
		err := write()
		if engine.ErrorCode(err) != engine.EUnavailable || !containsAll(engine.ErrorMessage(err), "disk is full", "reads still work") {
			t.Errorf("%s on a full disk: %v (code %q); want unavailable saying the disk is full", name, err, engine.ErrorCode(err))
		}
	}
	var got map[string]string
	if err := s.View(ctx, "alice", func(tx engine.Tx) error { return tx.GetDoc("notes", "n1", &got) }); err != nil || got["text"] != "kept" {
		t.Errorf("read on a full disk: %v, %v; want the stored document", got, err)
	}
	s.RunGC() // must not write (it would rewrite values) nor hang
	free.Store(1 << 30)
	for name, write := range writes {
		if err := write(); err != nil {
			t.Errorf("%s once space is freed: %v", name, err)
		}
	}
}

// roomStore opens a store whose disk reports free() bytes and whose clock
// reads *now, and counts the readings of its free space.
func roomStore(t *testing.T, minFree uint64, free func() uint64, now *time.Time) (*Store, *atomic.Int64) {
	t.Helper()
	var reads atomic.Int64
	s, err := Open(Options{Dir: t.TempDir(), NoSync: true, MinFree: minFree,
		FreeSpace: func(string) (uint64, bool) { reads.Add(1); return free(), true }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.db.Close() }) // whatever free() says by then
	s.now = func() time.Time { return *now }
	reads.Store(0) // Open's own reading
	return s, &reads
}

// TestRoomIsReadNowAndThen: with room to spare, a burst of writes reads
// the free space once, not at every write (a statfs per write was most of
// a small write's cost), and again once the reading is roomRecheck old, so
// a disk another process fills is still noticed.
func TestRoomIsReadNowAndThen(t *testing.T) {
	var free atomic.Uint64
	free.Store(100 << 30)
	now := time.Unix(1700000000, 0)
	s, reads := roomStore(t, 64<<20, free.Load, &now)
	ctx := context.Background()
	put := func(i int) error { return putNote(ctx, s, i) }
	for i := range 500 {
		if err := put(i); err != nil {
			t.Fatal(err)
		}
	}
	if n := reads.Load(); n != 1 {
		t.Errorf("500 writes with 100 GiB free read the free space %d times; want once", n)
	}
	free.Store(1 << 20) // another process fills the disk
	now = now.Add(roomRecheck)
	if err := put(500); engine.ErrorCode(err) != engine.EUnavailable {
		t.Errorf("a write %v after the disk filled: %v; want it refused", roomRecheck, err)
	}
}

// TestRoomRefusesBeforeOwnWritesFillIt: on a disk that loses, at every
// accepted write, the most a commit may write (MaxBatchSize), writes are
// refused once it is down to MinFree, however fast they come (the clock
// stands still), just as when every write read the free space; with room
// to spare (over roomWatch above MinFree) the free space is read now and
// then, below it at every write.
func TestRoomRefusesBeforeOwnWritesFillIt(t *testing.T) {
	const minFree = 64 << 20
	var accepted atomic.Uint64
	var batch, above uint64 // above: whole batches of room above MinFree at the start
	now := time.Unix(1700000000, 0)
	free := func() uint64 { return minFree + above*batch - accepted.Load()*batch }
	s, reads := roomStore(t, minFree, free, &now)
	batch = uint64(s.db.MaxBatchSize())
	above = roomWatch/batch + 40
	writes := int(above) + 60
	ctx := context.Background()
	for i := range writes {
		err := putNote(ctx, s, i)
		if err != nil {
			if engine.ErrorCode(err) != engine.EUnavailable {
				t.Fatalf("write %d: %v", i, err)
			}
			continue
		}
		accepted.Add(1)
	}
	if n := accepted.Load(); n != above+1 { // down to MinFree, then one more: the refusal is at free < MinFree
		t.Errorf("%d writes accepted with room for %d above MinFree; want %d", n, above, above+1)
	}
	// A reading with room over roomWatch stands until this store may have
	// written half of it (about above/2 writes, read once); below roomWatch
	// every write reads.
	if n, most := reads.Load(), int64(writes)-int64(above)/3; n > most {
		t.Errorf("free space read %d times for %d writes; want at most %d (at every write only below roomWatch)", n, writes, most)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestReadOnly: a store opened read-only reads what was written, refuses
// writes with a message saying why, and writes nothing in its directory
// (a read-only copy of a data directory can be exported).
func TestReadOnly(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s := open(t, dir)
	if err := s.Update(ctx, "alice", func(tx engine.Tx) error { return tx.PutDoc("notes", "n1", map[string]string{"text": "kept"}) }); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "LOCK"))
	before := listDir(t, dir)
	ro, err := Open(Options{Dir: dir, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]string
	if err := ro.View(ctx, "alice", func(tx engine.Tx) error { return tx.GetDoc("notes", "n1", &got) }); err != nil || got["text"] != "kept" {
		t.Errorf("read-only read: %v, %v", got, err)
	}
	err = ro.Update(ctx, "alice", func(tx engine.Tx) error { return tx.PutDoc("notes", "n2", map[string]string{}) })
	if engine.ErrorCode(err) != engine.EUnavailable || !strings.Contains(engine.ErrorMessage(err), "read-only") {
		t.Errorf("write to a read-only store: %v; want unavailable saying it is read-only", err)
	}
	if err := ro.Close(); err != nil {
		t.Fatal(err)
	}
	if after := listDir(t, dir); !slices.Equal(before, after) {
		t.Errorf("a read-only opening changed the directory: %v, then %v", before, after)
	}
}

// listDir lists the names and sizes in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %d", e.Name(), info.Size()))
	}
	return out
}

// TestCloseWaitsForRoom: Close on a disk without room leaves the store
// open with its writes in the write-ahead log, saying so (Badger's flush
// into a memory-mapped table faults on a full disk), and closes once
// space is freed.
func TestCloseWaitsForRoom(t *testing.T) {
	var free atomic.Uint64
	free.Store(1 << 30)
	now := time.Unix(1700000000, 0)
	s, _ := roomStore(t, 64<<20, free.Load, &now)
	if err := s.PutMeta(context.Background(), "k", "v"); err != nil {
		t.Fatal(err)
	}
	free.Store(1 << 20)
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "write-ahead log") || s.db.IsClosed() {
		t.Errorf("Close on a full disk: %v, closed %v; want it refused, saying the writes stay in the write-ahead log", err, s.db.IsClosed())
	}
	free.Store(1 << 30)
	if err := s.Close(); err != nil || !s.db.IsClosed() {
		t.Errorf("Close once space is freed: %v", err)
	}
}

// TestRoomNearlyFullIsReadAtEveryWrite: with less than roomWatch above
// MinFree, a disk another process fills is noticed at the very next write,
// however soon: the filled-disk e2e test's ballast (tmpfs) filled 36 MiB
// under a reading a few milliseconds old, and Badger died with SIGBUS.
func TestRoomNearlyFullIsReadAtEveryWrite(t *testing.T) {
	var free atomic.Uint64
	free.Store(100 << 20)
	now := time.Unix(1700000000, 0)
	s, _ := roomStore(t, 64<<20, free.Load, &now)
	ctx := context.Background()
	put := func(i int) error { return putNote(ctx, s, i) }
	if err := put(0); err != nil {
		t.Fatal(err)
	}
	free.Store(1 << 20) // another process fills the disk; the clock stands still
	if err := put(1); engine.ErrorCode(err) != engine.EUnavailable {
		t.Errorf("a write at once after the disk filled: %v; want it refused", err)
	}
}

// putNote writes the i-th small document of alice, one write of the store.
func putNote(ctx context.Context, s *Store, i int) error {
	return s.Update(ctx, "alice", func(tx engine.Tx) error { return tx.PutDoc("notes", fmt.Sprint(i), map[string]int{"i": i}) })
}
