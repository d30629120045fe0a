//go:build unix

package main

import (
	"errors"
	"io/fs"
	"path/filepath"
	"syscall"
)

// freeBytes reports the bytes an unprivileged writer may still use on the
// filesystem of dir, or of its nearest existing parent when dir is yet to
// be made; ok is false when it cannot be told.
func freeBytes(dir string) (free uint64, ok bool) {
	for {
		var st syscall.Statfs_t
		err := syscall.Statfs(dir, &st)
		if err == nil {
			return uint64(st.Bavail) * uint64(st.Bsize), true
		}
		parent := filepath.Dir(dir)
		if !errors.Is(err, fs.ErrNotExist) || parent == dir {
			return 0, false
		}
		dir = parent
	}
}
