//go:build unix

package store

import (
	"os"
	"syscall"
)

// allocated is the disk space a file takes: Badger's write-ahead logs
// are sparse files of twice the memtable size, of which only what was
// written takes space.
func allocated(info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Blocks) * 512
	}
	return uint64(info.Size())
}
