//go:build !unix

package store

import "os"

// allocated is the disk space a file takes, at most its size.
func allocated(info os.FileInfo) uint64 { return uint64(info.Size()) }
