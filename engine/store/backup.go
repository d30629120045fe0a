package store

import (
	"context"
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
	s, err := Open(Options{Dir: dir})
	if err != nil {
		return err
	}
	if err := s.db.Load(r, 256); err != nil {
		s.Close()
		return fmt.Errorf("store: restore: %w", err)
	}
	return s.Close()
}

// Size is the store's size on disk in bytes (LSM tree and value log), as
// Badger last measured it.
func (s *Store) Size() int64 {
	lsm, vlog := s.db.Size()
	return lsm + vlog
}
