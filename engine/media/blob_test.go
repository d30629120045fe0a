package media

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func TestBlobStorePutDedupes(t *testing.T) {
	dir := t.TempDir()
	bs, err := NewBlobStore(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	data := pngBytes(t, 16, 16)
	sum := sha256.Sum256(data)
	wantSHA := hex.EncodeToString(sum[:])

	sha1, path1, err := bs.Put(data)
	if err != nil {
		t.Fatalf("Put: %v", err)
	}
	sha2, path2, err := bs.Put(append([]byte{}, data...))
	if err != nil {
		t.Fatalf("second Put: %v", err)
	}
	if sha1 != wantSHA || sha2 != wantSHA || path1 != path2 || path1 != bs.Path(wantSHA) {
		t.Errorf("Put = (%s, %s) then (%s, %s); want both %s at %s", sha1, path1, sha2, path2, wantSHA, bs.Path(wantSHA))
	}
	if !bs.Has(wantSHA) {
		t.Error("Has = false after Put")
	}
	f, err := bs.Open(wantSHA)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer f.Close()
	got, err := io.ReadAll(f)
	if err != nil || string(got) != string(data) {
		t.Errorf("Open read %d bytes (err %v), want the stored %d bytes", len(got), err, len(data))
	}
	if n := countFiles(t, filepath.Join(dir, "blobs")); n != 1 {
		t.Errorf("store holds %d files, want 1 (no duplicates, no temp files)", n)
	}
}

func TestBlobStoreConcurrentPut(t *testing.T) {
	bs, err := NewBlobStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	data := gifBytes(t, 4, 4)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			if _, _, err := bs.Put(data); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent Put: %v", err)
	}
	if n := countFiles(t, bs.dir); n != 1 {
		t.Errorf("store holds %d files, want 1", n)
	}
}

func TestBlobStoreKeys(t *testing.T) {
	bs, err := NewBlobStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	missing := hex.EncodeToString(make([]byte, 32))
	tests := []struct {
		name     string
		sha      string
		wantPath bool
	}{
		{"valid but missing", missing, true},
		{"too short", "abc", false},
		{"path traversal", "../../../../etc/passwd", false},
		{"upper case", "AB" + missing[2:], false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := bs.Path(tt.sha) != ""; got != tt.wantPath {
				t.Errorf("Path(%q) = %q, want non-empty: %v", tt.sha, bs.Path(tt.sha), tt.wantPath)
			}
			if bs.Has(tt.sha) {
				t.Errorf("Has(%q) = true", tt.sha)
			}
			if _, err := bs.Open(tt.sha); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("Open(%q) error = %v, want fs.ErrNotExist", tt.sha, err)
			}
		})
	}
}

func TestNewBlobStoreEmptyDir(t *testing.T) {
	if _, err := NewBlobStore(""); err == nil {
		t.Error("NewBlobStore(\"\") succeeded, want error")
	}
}

func countFiles(t *testing.T, root string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(root, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			n++
		}
		return err
	})
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return n
}
