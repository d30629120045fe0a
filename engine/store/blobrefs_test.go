package store

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/store/storetest"
)

// attached opens a store in dir with image files in dir/images, wired as
// the server wires them.
func attached(t *testing.T, dir string) (*Store, *media.BlobStore) {
	t.Helper()
	s := open(t, dir)
	files, err := media.NewBlobStore(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	s.AttachBlobs(files)
	return s, files
}

// TestBlobLifecycle runs the image removal suite on Badger with its files
// on disk.
func TestBlobLifecycle(t *testing.T) {
	storetest.RunBlobLifecycle(t, func(t *testing.T) storetest.BlobLife {
		s, files := attached(t, t.TempDir())
		return storetest.BlobLife{Store: s, Blobs: FileBlobs{Files: files}}
	})
}

// age makes a blob file look written long ago, as the sweep's grace
// expects of an orphan.
func age(t *testing.T, path string) {
	t.Helper()
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
}

// TestSweepReclaimsAFileLeftByACrash: the process died after the commit
// that dropped an image's last reference and before it removed the file
// (here: no blob store attached, as in a process that never got there).
// The next start's sweep removes it and keeps the files still named.
func TestSweepReclaimsAFileLeftByACrash(t *testing.T) {
	dir := t.TempDir()
	files, err := media.NewBlobStore(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	orphan, orphanPath, _ := files.Put([]byte("the image whose memory was deleted"))
	kept, keptPath, _ := files.Put([]byte("the image still named"))
	s := open(t, dir)
	for id, sha := range map[string]string{"gone": orphan, "stays": kept} {
		m := storetest.Mem(id, "photo")
		m.Source = &engine.Source{Kind: engine.SourceImage, BlobSHA256: sha}
		if err := s.Update(t.Context(), "u", func(tx engine.Tx) error { return tx.PutMemory(m, []string{"photo"}) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Update(t.Context(), "u", func(tx engine.Tx) error { return tx.DeleteMemory("gone") }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(orphanPath); err != nil {
		t.Fatalf("the crash left no file to sweep: %v", err)
	}
	s.Close()
	age(t, orphanPath)
	age(t, keptPath)

	// The restarted process: a fresh blob store (no pins survive) attached.
	s2 := open(t, dir)
	files2, err := media.NewBlobStore(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	s2.files.Store(files2) // attach without the background sweep, to count
	n, err := s2.SweepBlobs(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("SweepBlobs = %d, %v; want the one orphan removed", n, err)
	}
	if _, err := os.Stat(orphanPath); !os.IsNotExist(err) {
		t.Errorf("orphan still on disk: %v", err)
	}
	if _, err := os.Stat(keptPath); err != nil {
		t.Errorf("a named image was swept: %v", err)
	}
}

// TestSweepSparesAFreshUnnamedFile: a file just stored whose memory has not
// committed (by this process, pinned, or by another, young) survives.
func TestSweepSparesAFreshUnnamedFile(t *testing.T) {
	dir := t.TempDir()
	s, files := attached(t, dir)
	_, pinned, _ := files.Put([]byte("stored by a capture in flight"))
	age(t, pinned) // old file, but the pin holds it
	other, err := media.NewBlobStore(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	_, young, _ := other.Put([]byte("just written by another process"))
	if n, err := s.SweepBlobs(t.Context()); err != nil || n != 0 {
		t.Fatalf("SweepBlobs = %d, %v; want nothing removed", n, err)
	}
	for _, p := range []string{pinned, young} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("swept %s: %v", p, err)
		}
	}
}

// TestFormat1StoreGetsItsReferences: a store written before image
// references (format 1) has them indexed at the next opening, so deleting
// an old image memory removes its file, and a sweep keeps the files old
// memories name.
func TestFormat1StoreGetsItsReferences(t *testing.T) {
	dir := t.TempDir()
	files, err := media.NewBlobStore(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	sha, path, _ := files.Put([]byte("an image from before the upgrade"))
	s := open(t, dir)
	m := storetest.Mem("old", "photo")
	m.Source = &engine.Source{Kind: engine.SourceImage, BlobSHA256: sha}
	if err := s.Update(t.Context(), "u", func(tx engine.Tx) error { return tx.PutMemory(m, []string{"photo"}) }); err != nil {
		t.Fatal(err)
	}
	s.Close()
	asFormat1(t, dir)
	age(t, path)

	s2, files2 := attached(t, dir)
	if n, err := s2.SweepBlobs(t.Context()); err != nil || n != 0 {
		t.Fatalf("SweepBlobs after the upgrade = %d, %v; want the old memory's image kept", n, err)
	}
	if err := s2.Update(t.Context(), "u", func(tx engine.Tx) error { return tx.DeleteMemory("old") }); err != nil {
		t.Fatal(err)
	}
	if files2.Has(sha) {
		t.Error("deleting the upgraded store's image memory left its file")
	}
	if got, _ := s2.GetMeta(t.Context(), "store-format"); got != "2" {
		t.Errorf("format after the upgrade = %q; want 2", got)
	}
}

// asFormat1 rewrites the store in dir as a format 1 binary left it: no
// image references, format marker 1.
func asFormat1(t *testing.T, dir string) {
	t.Helper()
	db, err := badger.Open(badger.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.DropPrefix([]byte{kindBlobRef}); err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(btx *badger.Txn) error { return btx.Set(formatKey, []byte("1")) }); err != nil {
		t.Fatal(err)
	}
}
