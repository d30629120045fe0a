package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dgraph-io/badger/v4"
)

// crashedCopy writes meta into a store, and copies its directory while it
// is still open (every write synced): the copy is a store as a crash
// leaves it, its writes in the write-ahead log only. edit, when set,
// changes the store directly before the copy.
func crashedCopy(t *testing.T, meta map[string]string, edit func(*badger.DB) error) string {
	t.Helper()
	live := t.TempDir()
	s, err := Open(Options{Dir: live})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for k, v := range meta {
		if err := s.PutMeta(context.Background(), k, v); err != nil {
			t.Fatal(err)
		}
	}
	if edit != nil {
		if err := edit(s.db); err != nil {
			t.Fatal(err)
		}
	}
	crashed := t.TempDir()
	entries, _ := os.ReadDir(live)
	for _, e := range entries {
		info, _ := e.Info()
		if info.Mode().IsRegular() {
			if err := copyFile(filepath.Join(crashed, e.Name()), filepath.Join(live, e.Name()), info); err != nil {
				t.Fatal(err)
			}
		}
	}
	return crashed
}

// listing names each file of dir with its size.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		info, _ := e.Info()
		out = append(out, fmt.Sprintf("%s %d", e.Name(), info.Size()))
	}
	return out
}

// replayCopies lists the temporary copies replays left in dir.
func replayCopies(t *testing.T, dir string) []string {
	t.Helper()
	copies, _ := filepath.Glob(filepath.Join(dir, "memsvc-replay-*"))
	return copies
}

func TestReadOnlyOpenReplaysACopyNotTheDirectory(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := crashedCopy(t, map[string]string{"a": "1", "b": "2"}, nil)
	if _, err := openBadger(Options{Dir: dir, ReadOnly: true}); !needsReplay(err) {
		t.Fatalf("the copy is not as a crash leaves a store: %v", err)
	}
	before := listing(t, dir)
	s, err := Open(Options{Dir: dir, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{"a": "1", "b": "2"} {
		if got, err := s.GetMeta(context.Background(), k); err != nil || got != want {
			t.Errorf("meta %s after the replay: %q %v, want %q", k, got, err, want)
		}
	}
	if len(replayCopies(t, tmp)) != 1 {
		t.Errorf("want the replayed copy in TMPDIR while open, found %v", replayCopies(t, tmp))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if after := listing(t, dir); !slices.Equal(before, after) {
		t.Errorf("a read-only opening wrote into the directory:\nbefore %v\nafter  %v", before, after)
	}
	if left := replayCopies(t, tmp); len(left) != 0 {
		t.Errorf("Close left the replayed copy behind: %v", left)
	}
}

func TestReplayRefusesWithoutRoomForTheCopy(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := crashedCopy(t, map[string]string{"a": "1"}, nil)
	full := func(string) (uint64, bool) { return 1 << 20, true }
	_, err := Open(Options{Dir: dir, ReadOnly: true, FreeSpace: full, MinFree: 64 << 20})
	var unreplayed *UnreplayedError
	if !errors.As(err, &unreplayed) || !strings.Contains(err.Error(), "TMPDIR") {
		t.Fatalf("got %v, want an UnreplayedError naming TMPDIR", err)
	}
	if left := replayCopies(t, tmp); len(left) != 0 {
		t.Errorf("a refused replay left a copy: %v", left)
	}
}

// A store a newer memsvc wrote is refused as such (ErrFormat, not a
// failed replay with advice to open it read-write), and left as it is.
func TestReadOnlyOpenOfNewerFormatAfterCrash(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := crashedCopy(t, map[string]string{"store-format": fmt.Sprint(storeFormat + 1)}, nil)
	before := listing(t, dir)
	_, err := Open(Options{Dir: dir, ReadOnly: true})
	var unreplayed *UnreplayedError
	if !errors.Is(err, ErrFormat) || errors.As(err, &unreplayed) || !strings.Contains(err.Error(), "newer memsvc") {
		t.Fatalf("got %v, want ErrFormat naming a newer memsvc, not an UnreplayedError", err)
	}
	if after := listing(t, dir); !slices.Equal(before, after) {
		t.Errorf("the refused directory was written:\nbefore %v\nafter  %v", before, after)
	}
	if left := replayCopies(t, tmp); len(left) != 0 {
		t.Errorf("a refused replay left a copy: %v", left)
	}
}

// A format 1 store (no marker) is read as it is by a read-only opening
// after a crash: not upgraded, nothing written.
func TestReadOnlyOpenDoesNotUpgradeFormat1AfterCrash(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := crashedCopy(t, map[string]string{"a": "1"}, func(db *badger.DB) error {
		return db.Update(func(btx *badger.Txn) error { return btx.Delete(formatKey) })
	})
	before := listing(t, dir)
	s, err := Open(Options{Dir: dir, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetMeta(context.Background(), "store-format"); got != "" {
		t.Errorf("the read copy records format %q, want none (format 1, not upgraded)", got)
	}
	s.Close()
	if after := listing(t, dir); !slices.Equal(before, after) {
		t.Errorf("a read-only opening wrote into a format 1 directory:\nbefore %v\nafter  %v", before, after)
	}
}

// emptyNext makes the empty file Badger would make next after the
// newest log with ext in dir, as a crash between creating and sizing it
// leaves it, and returns its name.
func emptyNext(t *testing.T, dir, ext string) string {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	files := numberedFiles(entries, ext)
	if len(files) == 0 {
		t.Fatalf("no %s file in %s", ext, dir)
	}
	newest := files[len(files)-1]
	var n int
	fmt.Sscanf(newest, "%d", &n)
	next := fmt.Sprintf("%0*d%s", len(newest)-len(ext), n+1, ext)
	if err := os.WriteFile(filepath.Join(dir, next), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return next
}

func TestEmptyNewestLogsAreSetAside(t *testing.T) {
	dir := crashedCopy(t, map[string]string{"a": "1"}, nil)
	var made []string
	for _, ext := range logExts {
		made = append(made, emptyNext(t, dir, ext))
	}
	s, err := Open(Options{Dir: dir})
	if err != nil {
		t.Fatalf("open with empty newest logs %v: %v", made, err)
	}
	defer s.Close()
	if got, _ := s.GetMeta(context.Background(), "a"); got != "1" {
		t.Errorf("meta a = %q after the set-aside, want 1", got)
	}
	for _, name := range made {
		if kept, _ := filepath.Glob(filepath.Join(dir, name+setAsideSuffix+"*")); len(kept) != 1 {
			t.Errorf("%s was not set aside (found %v)", name, kept)
		}
	}
}

func TestEmptyOlderLogIsRefused(t *testing.T) {
	dir := crashedCopy(t, map[string]string{"a": "1"}, nil)
	entries, _ := os.ReadDir(dir)
	older := numberedFiles(entries, ".mem")[0]
	if err := os.Truncate(filepath.Join(dir, older), 0); err != nil {
		t.Fatal(err)
	}
	// A newer, non-empty log follows the emptied one.
	newer := emptyNext(t, dir, ".mem")
	if err := os.WriteFile(filepath.Join(dir, newer), []byte("not empty"), 0o600); err != nil {
		t.Fatal(err)
	}
	before := listing(t, dir)
	_, err := Open(Options{Dir: dir})
	var empty *EmptyLogError
	if !errors.As(err, &empty) || empty.File != older || empty.Newer != newer {
		t.Fatalf("got %v, want an EmptyLogError naming %s before %s", err, older, newer)
	}
	if after := listing(t, dir); !slices.Equal(before, after) {
		t.Errorf("the refused directory was changed:\nbefore %v\nafter  %v", before, after)
	}
}

// A read-only opening (export, backup, stats) must not change the store
// it reads: an empty newest log is left where it is, and the store is
// read from a temporary copy without it.
func TestReadOnlyOpenLeavesEmptyNewestLogsInPlace(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := crashedCopy(t, map[string]string{"a": "1"}, nil)
	for _, ext := range logExts {
		emptyNext(t, dir, ext)
	}
	before := listing(t, dir)
	s, err := Open(Options{Dir: dir, ReadOnly: true})
	if err != nil {
		t.Fatalf("read-only open with empty newest logs: %v", err)
	}
	if got, err := s.GetMeta(context.Background(), "a"); err != nil || got != "1" {
		t.Errorf("meta a = %q %v, want 1", got, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if after := listing(t, dir); !slices.Equal(before, after) {
		t.Errorf("a read-only opening changed the directory:\nbefore %v\nafter  %v", before, after)
	}
	if left := replayCopies(t, tmp); len(left) != 0 {
		t.Errorf("Close left the copy behind: %v", left)
	}
}

// An empty or damaged MANIFEST or KEYREGISTRY is refused naming the file
// and what to do, not with Badger's own words; an empty one changes
// nothing (Badger itself writes before it reads a damaged one).
func TestEmptyOrDamagedBadgerFilesAreNamed(t *testing.T) {
	for _, name := range []string{"MANIFEST", "KEYREGISTRY"} {
		for _, damage := range []string{"", "garbage, not what Badger wrote"} {
			for _, ro := range []bool{false, true} {
				dir := crashedCopy(t, map[string]string{"a": "1"}, nil)
				if err := os.WriteFile(filepath.Join(dir, name), []byte(damage), 0o600); err != nil {
					t.Fatal(err)
				}
				before := listing(t, dir)
				_, err := Open(Options{Dir: dir, ReadOnly: ro})
				var named *BadgerFileError
				if !errors.As(err, &named) || named.File != name || !strings.Contains(err.Error(), filepath.Join(dir, name)) {
					t.Errorf("%s %q read-only %v: got %v, want a BadgerFileError naming the file", name, damage, ro, err)
				}
				if after := listing(t, dir); damage == "" && !slices.Equal(before, after) {
					t.Errorf("%s %q read-only %v: the refused directory changed:\nbefore %v\nafter  %v", name, damage, ro, before, after)
				}
			}
		}
	}
}
