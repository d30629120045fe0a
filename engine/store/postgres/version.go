package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
)

// Version returns user's write version (0 if never written); ~one round
// trip, cheap enough to check before serving each request.
func (s *Store) Version(ctx context.Context, user string) (int64, error) {
	// One round trip: a batch runs in one implicit transaction, so the
	// user set for row-level security holds for the read after it.
	var v int64
	b := &pgx.Batch{}
	b.Queue("SELECT set_config('memsvc.user_id', $1, true)", user)
	b.Queue("SELECT coalesce((SELECT version FROM user_versions WHERE user_id = $1), 0)", user).
		QueryRow(func(r pgx.Row) error { return r.Scan(&v) })
	err := s.pool.SendBatch(ctx, b).Close()
	return v, translate("version", err)
}

func currentVersion(ctx context.Context, ptx pgx.Tx, user string, v *int64) error {
	err := ptx.QueryRow(ctx, "SELECT version FROM user_versions WHERE user_id = $1", user).Scan(v)
	if errors.Is(err, pgx.ErrNoRows) {
		*v = 0
		return nil
	}
	return err
}

// Changes lists the memories of user changed after since, from the same
// snapshot as the version it returns.
func (s *Store) Changes(ctx context.Context, user string, since int64, fn func(engine.Change) error) (int64, error) {
	var upTo int64
	err := s.view(ctx, user, func(ptx pgx.Tx) error {
		if err := currentVersion(ctx, ptx, user, &upTo); err != nil {
			return err
		}
		rows, err := ptx.Query(ctx, `SELECT c.id, c.version, c.deleted, m.record, v.vec FROM changes c
			LEFT JOIN memories m ON m.user_id = c.user_id AND m.id = c.id
			LEFT JOIN vectors v ON v.user_id = c.user_id AND v.id = c.id
			WHERE c.user_id = $1 AND c.version > $2 ORDER BY c.version, c.id`, user, since)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				c        engine.Change
				raw, vec []byte
			)
			if err := rows.Scan(&c.ID, &c.Version, &c.Deleted, &raw, &vec); err != nil {
				return err
			}
			var err error
			if c.Memory, c.Vector, err = decodeMemory(c.ID, raw, vec); err != nil {
				return err
			}
			if err := fn(c); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	return upTo, translate("changes", err)
}
