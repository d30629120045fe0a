package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/auth"
)

var _ auth.Revocations = (*Store)(nil)

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
