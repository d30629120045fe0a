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

// unwritable says why this process may not create files in dir (a
// read-only mount, no write permission), or nil. A dir yet to be made is
// checked at its nearest existing parent, where the store would make it.
func unwritable(dir string) error {
	const wOK = 2 // access(2)'s W_OK
	for {
		err := syscall.Access(dir, wOK)
		if errors.Is(err, syscall.EROFS) || errors.Is(err, fs.ErrPermission) {
			return err
		}
		parent := filepath.Dir(dir)
		if !errors.Is(err, fs.ErrNotExist) || parent == dir {
			return nil
		}
		dir = parent
	}
}

// fileSizeLimit reports this process's file size limit (RLIMIT_FSIZE,
// `ulimit -f`) in bytes, which is huge when there is none (RLIM_INFINITY);
// ok is false when it cannot be told.
func fileSizeLimit() (limit uint64, ok bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &rl); err != nil {
		return 0, false
	}
	return uint64(rl.Cur), true
}
