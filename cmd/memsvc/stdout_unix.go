//go:build unix

package main

import (
	"os"
	"syscall"
)

// closedByShell reports a standard stream the shell closed (`>&-`): the
// Go runtime opens /dev/null read-write in its place before main runs, so
// writes to it succeed and what a command printed was lost while it
// reported success. A /dev/null the shell opened (`> /dev/null`) is
// write-only, and is left alone: discarding the output is then meant.
func closedByShell(f *os.File) bool {
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFL, 0)
	if errno != 0 || flags&syscall.O_ACCMODE != syscall.O_RDWR {
		return false
	}
	var st, null syscall.Stat_t
	if syscall.Fstat(int(f.Fd()), &st) != nil || syscall.Stat(os.DevNull, &null) != nil {
		return false
	}
	return st.Mode&syscall.S_IFMT == syscall.S_IFCHR && st.Rdev == null.Rdev
}
