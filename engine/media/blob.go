package media

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// BlobStore keeps image files on disk under the hex SHA-256 of their bytes,
// so the same image shared twice is stored once. Layout: <dir>/ab/abcdef…
// (a two-character fan-out keeps directories small). Files are never
// modified after they appear; a crash leaves at most a ".tmp-*" file behind,
// never a partial blob under a real name. Safe for concurrent use, including
// by several processes sharing the directory.
type BlobStore struct {
	dir string
	// mu orders pins against Remove (blobgc.go); pins counts the Puts
	// whose referencing memory has not committed yet.
	mu   sync.Mutex
	pins map[string]pin
	now  func() time.Time
}

// NewBlobStore opens (creating if needed) a blob store rooted at dir.
func NewBlobStore(dir string) (*BlobStore, error) {
	if dir == "" {
		return nil, errors.New("media: blob store: empty directory")
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("media: blob store: %w", err)
	}
	return &BlobStore{dir: dir, pins: map[string]pin{}, now: time.Now}, nil
}

// Put stores data and returns its SHA-256 and path. Storing bytes that are
// already present is a cheap no-op returning the same answer. The bytes are
// written to a temporary file, fsynced and renamed into place, and the
// directory is fsynced, so after Put returns the blob survives a crash.
// The blob stays pinned (kept by Remove and Sweep) until Unpin or PinFor.
func (b *BlobStore) Put(data []byte) (sha, path string, err error) {
	sum := sha256.Sum256(data)
	sha = hex.EncodeToString(sum[:])
	path = b.Path(sha)
	b.pin(sha) // before Has: a Remove that runs after it sees the pin
	if b.Has(sha) {
		return sha, path, nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", "", fmt.Errorf("media: blob store: put %s: %w", sha, err)
	}
	if err := writeAtomic(dir, path, data); err != nil {
		return "", "", fmt.Errorf("media: blob store: put %s: %w", sha, err)
	}
	return sha, path, nil
}

func writeAtomic(dir, path string, data []byte) (err error) {
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(0o640); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	// Rename is atomic: a concurrent Put of the same bytes renames an
	// identical file over this one, which is harmless.
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir makes the rename itself durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Path returns where the blob with this SHA-256 lives (or would live). It
// returns "" for a string that is not 64 lowercase hex digits, so a crafted
// key can never name a file outside the store.
func (b *BlobStore) Path(sha string) string {
	if !validSHA(sha) {
		return ""
	}
	return filepath.Join(b.dir, sha[:2], sha)
}

// Has reports whether the blob is stored.
func (b *BlobStore) Has(sha string) bool {
	p := b.Path(sha)
	if p == "" {
		return false
	}
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// Open opens a stored blob for reading. A missing blob gives an error that
// matches fs.ErrNotExist.
func (b *BlobStore) Open(sha string) (*os.File, error) {
	p := b.Path(sha)
	if p == "" {
		return nil, fmt.Errorf("media: blob store: invalid key %q: %w", sha, fs.ErrNotExist)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("media: blob store: open %s: %w", sha, err)
	}
	return f, nil
}

func validSHA(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
