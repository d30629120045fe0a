//go:build unix

package store

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// Whence values of lseek that find a file's data and holes.
const (
	seekData = 3
	seekHole = 4
)

// copyData copies from's data into to, leaving holes as holes: Badger
// maps its newest logs at their full size (up to 2 GiB for a value log)
// while only the start is written, so a byte-wise copy would write the
// whole size onto the disk. A file system without hole finding reports
// the whole file as data.
func copyData(to, from *os.File) error {
	var off int64
	for {
		data, err := from.Seek(off, seekData)
		if errors.Is(err, syscall.ENXIO) {
			return nil // only a hole follows
		}
		if err != nil {
			return err
		}
		hole, err := from.Seek(data, seekHole)
		if err != nil {
			return err
		}
		if _, err := from.Seek(data, io.SeekStart); err != nil {
			return err
		}
		if _, err := to.Seek(data, io.SeekStart); err != nil {
			return err
		}
		if _, err := io.CopyN(to, from, hole-data); err != nil {
			return err
		}
		off = hole
	}
}
