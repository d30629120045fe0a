package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/auth"
)

var (
	_ auth.Revocations = (*Store)(nil)
	_ auth.KeyChecker  = (*Store)(nil)
)

// RevokeKey records a revoked key id for every replica.
func (s *Store) RevokeKey(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, "INSERT INTO revoked_keys (id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	return translate("revoke key", err)
}

// RevokedKeys lists every revoked key id.
func (s *Store) RevokedKeys(ctx context.Context) ([]string, error) {
	rows, err := s.pool.Query(ctx, "SELECT id FROM revoked_keys ORDER BY id")
	if err != nil {
		return nil, translate("revoked keys", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return ids, translate("revoked keys", err)
}

// KeyRevoked reports whether key id is revoked, in one indexed query
// (auth.KeyChecker): a keyring asks on every verification, so a revocation
// reaches every replica at once.
func (s *Store) KeyRevoked(ctx context.Context, id string) (bool, error) {
	var revoked bool
	err := s.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM revoked_keys WHERE id = $1)", id).Scan(&revoked)
	return revoked, translate("key revoked", err)
}

// EndSession records a signed-out session for every replica, pruning the
// records of sessions that have expired in the same statement.
func (s *Store) EndSession(ctx context.Context, id string, expires time.Time) error {
	_, err := s.pool.Exec(ctx, `WITH pruned AS (DELETE FROM signed_out_sessions WHERE expires_at <= now())
		INSERT INTO signed_out_sessions (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, id, expires)
	return translate("end session", err)
}

// SessionEnded reports whether a live record of the session exists.
func (s *Store) SessionEnded(ctx context.Context, id string) (bool, error) {
	var ended bool
	err := s.pool.QueryRow(ctx,
		"SELECT EXISTS (SELECT 1 FROM signed_out_sessions WHERE id = $1 AND expires_at > now())", id).Scan(&ended)
	return ended, translate("session ended", err)
}
