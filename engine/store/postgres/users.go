package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
)

var (
	_ engine.UserLister = (*Store)(nil)
	_ engine.UserEraser = (*Store)(nil)
)

// AllUsers lists every user that ever wrote, in id order.
func (s *Store) AllUsers(ctx context.Context) ([]string, error) {
	rows, err := s.pool.Query(ctx, "SELECT user_id FROM users ORDER BY user_id")
	if err != nil {
		return nil, translate("all users", err)
	}
	users, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return users, translate("all users", err)
}

// EraseUser deletes everything user has in one Update. The version row
// stays and is bumped, and every id the user ever changed becomes a
// tombstone at that version, so other replicas drop the user's memories
// from their shards when they catch up; tombstones hold ids only.
func (s *Store) EraseUser(ctx context.Context, user string) error {
	return s.Update(ctx, user, func(etx engine.Tx) error {
		t := etx.(*tx)
		b := &pgx.Batch{}
		b.Queue("UPDATE changes SET version = $2, deleted = true WHERE user_id = $1", user, t.version)
		for _, table := range []string{"memories", "vectors", "postings", "docs", "collection_users", "jobs", "users"} {
			b.Queue("DELETE FROM "+table+" WHERE user_id = $1", user)
		}
		if err := t.ptx.SendBatch(t.ctx, b).Close(); err != nil {
			return fmt.Errorf("store: erase user: %w", err)
		}
		return nil
	})
}
