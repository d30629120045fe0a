//go:build unix

package main

import (
	"io/fs"
	"syscall"
)

// fileOwner is the uid that owns the file info describes.
func fileOwner(info fs.FileInfo) (int, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// processAlive reports whether a process with this pid exists (signal 0
// checks without sending; EPERM: it exists, owned by another user).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
