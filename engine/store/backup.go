package store

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// Backup writes a consistent snapshot of the whole store to w while it
// keeps serving: Badger's backup stream reads every key at one read
// timestamp, so writes committed during the backup are either wholly in it
// or wholly absent.
func (s *Store) Backup(ctx context.Context, w io.Writer) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if _, err := s.db.Backup(w, 0); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	return nil
}

// Restore loads a backup stream into dir, which must be empty or absent:
// a restore never merges into live data.
func Restore(dir string, r io.Reader) error {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("store: restore: %w", err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("store: restore: %s is not empty; restore into an empty directory", dir)
	}
	fr := &framedReader{r: bufio.NewReader(r)}
	if err := fr.checkStart(); err != nil {
		return err
	}
	s, err := Open(Options{Dir: dir})
	if err != nil {
		return err
	}
	if err := s.db.Load(fr, 256); err != nil {
		s.Close()
		return fmt.Errorf("store: restore: %w", err)
	}
	return s.Close()
}

// maxFrame bounds one record of a backup stream. Badger's Load allocates
// whatever length a record's header claims, so a stray or corrupt file
// would otherwise crash the process (or exhaust memory) instead of failing.
const maxFrame = 256 << 20

// framedReader passes a Badger backup stream (records of an 8-byte
// little-endian length and that many bytes) through to Load, refusing a
// record whose length is past maxFrame before Load sees it.
type framedReader struct {
	r    *bufio.Reader
	left uint64 // bytes of the current record still to pass
}

// checkStart refuses a stream whose first record cannot be one, before the
// store directory is created: the common case of the wrong file.
func (f *framedReader) checkStart() error {
	head, err := f.r.Peek(8)
	if err == io.EOF && len(head) == 0 {
		return nil // an empty backup: an empty store
	}
	if err != nil || binary.LittleEndian.Uint64(head) > maxFrame {
		return errNotBackup
	}
	return nil
}

var errNotBackup = errors.New("store: restore: not a memsvc backup (the stream's record lengths are impossible)")

func (f *framedReader) Read(p []byte) (int, error) {
	if f.left == 0 {
		head, err := f.r.Peek(8)
		if err != nil {
			if err == io.EOF && len(head) > 0 {
				err = errNotBackup // a torn length
			}
			return 0, err
		}
		n := binary.LittleEndian.Uint64(head)
		if n > maxFrame {
			return 0, errNotBackup
		}
		f.left = n + 8
	}
	if uint64(len(p)) > f.left {
		p = p[:f.left]
	}
	n, err := f.r.Read(p)
	f.left -= uint64(n)
	return n, err
}

// Size is the store's size on disk in bytes (LSM tree and value log), as
// Badger last measured it.
func (s *Store) Size() int64 {
	lsm, vlog := s.db.Size()
	return lsm + vlog
}
