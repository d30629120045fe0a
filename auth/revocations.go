package auth

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Revocations keeps what was revoked: the ids of revoked keys, and the
// dashboard sessions signed out before they expired. The keyring holds the
// logic (what a key id is, how often to re-read); a Revocations only stores
// the lists: FileRevocations for a single server, the PostgreSQL store for
// replicas (so a key revoked, or a session signed out, through one replica
// is refused by all, and still after a restart).
type Revocations interface {
	// RevokeKey adds id to the list durably; adding it twice is no error.
	RevokeKey(ctx context.Context, id string) error
	// RevokedKeys returns every revoked id.
	RevokedKeys(ctx context.Context) ([]string, error)
	// EndSession records durably that session id was signed out; the
	// record is kept until expires (when the session would have expired
	// anyway) and may be pruned after. Ending a session twice is no error.
	EndSession(ctx context.Context, id string, expires time.Time) error
	// SessionEnded reports whether session id was signed out and its
	// record has not expired.
	SessionEnded(ctx context.Context, id string) (bool, error)
}

// KeyChecker is a Revocations that answers whether one key id is revoked
// in one cheap look-up (the PostgreSQL store: an indexed query). A keyring
// over one asks it on every verification, so a key revoked through any
// replica, or with `memsvc keys revoke --store postgres`, is refused by the
// very next request on every replica, as on a single server.
type KeyChecker interface {
	KeyRevoked(ctx context.Context, id string) (bool, error)
}

// FileRevocations is the revocation list in a data directory: one key id a
// line in RevocationFile, appended to, so `memsvc keys revoke` can write it
// while a server holds the store.
type FileRevocations struct{ Dir string }

// RevokeKey appends id and syncs the file. A failed append leaves the
// list as it was: part of a line left by a full disk would run into the
// next id appended (neither would then be revoked), and a list created
// for this id alone is removed.
func (r FileRevocations) RevokeKey(_ context.Context, id string) error {
	if err := os.MkdirAll(r.Dir, 0o700); err != nil {
		return fmt.Errorf("auth: create data directory: %w", err)
	}
	path := filepath.Join(r.Dir, RevocationFile)
	before, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("auth: open revocation list: %w", err)
	}
	defer f.Close()
	_, err = f.WriteString(id + "\n")
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		if statErr == nil {
			_ = f.Truncate(before.Size())
		} else if errors.Is(statErr, fs.ErrNotExist) {
			_ = os.Remove(path)
		}
		return fmt.Errorf("auth: write revocation: %w", err)
	}
	return nil
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

// SignedOutFile is the name of the signed-out sessions list inside the data
// directory: one "<unix expiry> <session id>" a line.
const SignedOutFile = "signed-out-sessions"

// EndSession appends the session to the file, first dropping the records
// that expired (the file is rewritten only then). Only the server writes
// this file, and its keyring serialises the calls, so no lock is taken.
func (r FileRevocations) EndSession(_ context.Context, id string, expires time.Time) error {
	if err := checkSessionID(id); err != nil {
		return err
	}
	live, expired, err := r.readSessions(time.Now())
	if err != nil {
		return err
	}
	line := strconv.FormatInt(expires.Unix(), 10) + " " + id + "\n"
	if expired == 0 {
		return r.appendSession(line)
	}
	var b strings.Builder
	for _, s := range live {
		b.WriteString(strconv.FormatInt(s.expires.Unix(), 10) + " " + s.id + "\n")
	}
	b.WriteString(line)
	return r.replaceSessions(b.String())
}

// SessionEnded reads the file for id's unexpired record.
func (r FileRevocations) SessionEnded(_ context.Context, id string) (bool, error) {
	live, _, err := r.readSessions(time.Now())
	if err != nil {
		return false, err
	}
	for _, s := range live {
		if s.id == id {
			return true, nil
		}
	}
	return false, nil
}

type endedSession struct {
	id      string
	expires time.Time
}

// checkSessionID refuses an id the one-record-a-line format cannot hold.
func checkSessionID(id string) error {
	if id == "" || strings.ContainsAny(id, " \t\r\n") {
		return errors.New("auth: a session id must be non-empty, without spaces or line breaks")
	}
	return nil
}

// readSessions returns the records still live at now and how many have
// expired; no file is an empty list, and a line it cannot read is skipped
// (a torn last line after a crash names no whole session).
func (r FileRevocations) readSessions(now time.Time) (live []endedSession, expired int, err error) {
	b, err := os.ReadFile(filepath.Join(r.Dir, SignedOutFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("auth: read signed-out sessions: %w", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		secs, id, ok := strings.Cut(line, " ")
		n, err := strconv.ParseInt(secs, 10, 64)
		if !ok || err != nil || checkSessionID(id) != nil {
			continue
		}
		if t := time.Unix(n, 0); t.After(now) {
			live = append(live, endedSession{id: id, expires: t})
		} else {
			expired++
		}
	}
	return live, expired, nil
}

func (r FileRevocations) appendSession(line string) error {
	if err := os.MkdirAll(r.Dir, 0o700); err != nil {
		return fmt.Errorf("auth: create data directory: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(r.Dir, SignedOutFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("auth: open signed-out sessions: %w", err)
	}
	defer f.Close()
	if _, err := f.WriteString(line); err != nil {
		return fmt.Errorf("auth: write signed-out session: %w", err)
	}
	return f.Sync()
}

// replaceSessions writes the whole list to a new file and renames it over
// the old one, so a crash leaves either list whole.
func (r FileRevocations) replaceSessions(content string) error {
	tmp, err := os.CreateTemp(r.Dir, SignedOutFile+".*")
	if err != nil {
		return fmt.Errorf("auth: rewrite signed-out sessions: %w", err)
	}
	defer os.Remove(tmp.Name()) // after the rename, a no-op
	_, err = tmp.WriteString(content)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(r.Dir, SignedOutFile))
	}
	if err != nil {
		return fmt.Errorf("auth: rewrite signed-out sessions: %w", err)
	}
	return nil
}
