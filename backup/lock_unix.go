//go:build unix

package backup

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockDir takes the lock a Badger store takes on its directory (an
// exclusive flock on the directory itself), so that while a restore runs,
// a server, an mcp session or another restore started on dir is refused
// as Badger refuses a second opening, instead of writing into the files
// the restore is about to move in. No file is left behind.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("restore: %s: %w", dir, ErrLocked)
		}
		return nil, fmt.Errorf("restore: lock %s: %w", dir, err)
	}
	return func() { f.Close() }, nil // closing releases the lock
}
