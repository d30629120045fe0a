package media

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Why pins: a writer stores an image (Put) before it commits the memory
// that names it, so for a moment a needed blob has no reference. A Put
// pins the blob until that memory commits (Unpin) or PinFor passes;
// Remove and Sweep never delete a pinned blob. Pins count, so two
// writers storing the same bytes each keep it until their own commit.

// PinFor is how long a blob stays pinned after a Put whose reference never
// committed (a capture that failed or a process that died mid-write); the
// sweep removes it after that if nothing names it. Every capture attempt
// stores its image again, so one attempt, not a capture with all its
// retries, must fit in it.
const PinFor = 10 * time.Minute

// sweepGrace spares files younger than this from the sweep even when
// unpinned: another process (an import, a restore) may have just written
// one whose reference it is about to commit.
const sweepGrace = time.Minute

type pin struct {
	n     int
	until time.Time
}

func (b *BlobStore) pin(sha string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := b.pins[sha]
	b.pins[sha] = pin{n: p.n + 1, until: b.now().Add(PinFor)}
}

// Unpin releases one Put's pin of sha: the memory naming it committed.
func (b *BlobStore) Unpin(sha string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p, ok := b.pins[sha]
	if !ok {
		return
	}
	if p.n <= 1 {
		delete(b.pins, sha)
		return
	}
	p.n--
	b.pins[sha] = p
}

// pinnedLocked reports whether sha is pinned (b.mu held); an expired pin
// is dropped.
func (b *BlobStore) pinnedLocked(sha string) bool {
	p, ok := b.pins[sha]
	if ok && b.now().After(p.until) {
		delete(b.pins, sha)
		return false
	}
	return ok
}

// Remove deletes the blob sha unless it is pinned or used reports a
// reference to it. used runs under the store's lock, so no Put of the same
// bytes slips between the check and the delete. It reports whether a file
// was removed.
func (b *BlobStore) Remove(sha string, used func(sha string) (bool, error)) (bool, error) {
	p := b.Path(sha)
	if p == "" {
		return false, fmt.Errorf("media: blob store: invalid key %q", sha)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pinnedLocked(sha) {
		return false, nil
	}
	if inUse, err := used(sha); err != nil || inUse {
		return false, err
	}
	err := os.Remove(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("media: blob store: remove %s: %w", sha, err)
	}
	return true, nil
}

// Sweep removes every blob nothing uses and nothing pins, and temporary
// files a crashed Put left; it is how a blob whose last reference went
// while the process died before removing it is reclaimed. Files younger
// than a minute are spared. It returns how many files it removed.
func (b *BlobStore) Sweep(used func(sha string) (bool, error)) (int, error) {
	removed := 0
	cutoff := b.now().Add(-sweepGrace)
	err := filepath.WalkDir(b.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil || info.ModTime().After(cutoff) {
			return nil // vanished meanwhile, or too young to judge
		}
		name := d.Name()
		if strings.HasPrefix(name, ".tmp-") {
			if info.ModTime().Before(b.now().Add(-PinFor)) && os.Remove(path) == nil {
				removed++
			}
			return nil
		}
		if !validSHA(name) || path != b.Path(name) {
			return nil // not ours: leave it
		}
		ok, err := b.Remove(name, used)
		if ok {
			removed++
		}
		return err
	})
	if err != nil {
		return removed, fmt.Errorf("media: blob store: sweep: %w", err)
	}
	return removed, nil
}
