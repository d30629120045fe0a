package auth

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Revocations keeps the ids of revoked keys. The keyring holds the logic
// (what a key id is, how often to re-read); a Revocations only stores the
// list: FileRevocations for a single server, the PostgreSQL store for
// replicas (so a key revoked through one replica is refused by all).
type Revocations interface {
	// RevokeKey adds id to the list durably; adding it twice is no error.
	RevokeKey(ctx context.Context, id string) error
	// RevokedKeys returns every revoked id.
	RevokedKeys(ctx context.Context) ([]string, error)
}

// FileRevocations is the revocation list in a data directory: one key id a
// line in RevocationFile, appended to, so `memsvc keys revoke` can write it
// while a server holds the store.
type FileRevocations struct{ Dir string }

// RevokeKey appends id and syncs the file.
func (r FileRevocations) RevokeKey(_ context.Context, id string) error {
	if err := os.MkdirAll(r.Dir, 0o700); err != nil {
		return fmt.Errorf("auth: create data directory: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(r.Dir, RevocationFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("auth: open revocation list: %w", err)
	}
	defer f.Close()
	if _, err := f.WriteString(id + "\n"); err != nil {
		return fmt.Errorf("auth: write revocation: %w", err)
	}
	return f.Sync()
}

// RevokedKeys reads the file; no file is an empty list.
func (r FileRevocations) RevokedKeys(context.Context) ([]string, error) {
	f, err := os.Open(filepath.Join(r.Dir, RevocationFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("auth: open revocation list: %w", err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if id := strings.TrimSpace(sc.Text()); id != "" {
			ids = append(ids, id)
		}
	}
	return ids, sc.Err()
}
