//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// closedAtStart reports whether f (stdin or stdout) was closed when the
// process started (`memsvc export >&-`). The Go runtime then opens
// /dev/null read-write on it (runtime.checkfds), so output written there
// vanished and the command said it was done (exit 0: an export, a backup
// to -, a minted key lost). A shell's redirection opens /dev/null for
// writing or for reading only, so `> /dev/null`, asked for, stays as it is.
func closedAtStart(f *os.File) bool {
	flags, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
	if err != nil || flags&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	var got, null unix.Stat_t
	if unix.Fstat(int(f.Fd()), &got) != nil || unix.Stat(os.DevNull, &null) != nil {
		return false
	}
	return got.Mode&unix.S_IFMT == unix.S_IFCHR && got.Rdev == null.Rdev
}
