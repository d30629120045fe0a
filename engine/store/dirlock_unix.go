//go:build unix

package store

import (
	"os"
	"syscall"
)

// lockDir takes the lock Badger takes on its directory (an exclusive flock
// on the directory itself), so that the files of a store another process
// has open are never touched; ok is false when it cannot be had. Closing
// the directory (unlock) releases it before Badger takes it.
func lockDir(dir string) (unlock func(), ok bool) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, false
	}
	return func() { f.Close() }, true
}
