package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memsvc/memsvc/engine"
)

// Migrations are embedded SQL files named NNNN_name.sql, applied in order,
// each in its own transaction and recorded in schema_migrations. They follow
// expand/contract so a rolling deploy works: a migration only adds (tables,
// nullable columns, indexes) what the new binary needs while old binaries
// still run; removing what old binaries used waits for a later release.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrationLock is the advisory lock key that serialises migrators of one
// database ("memsvc" in ASCII).
const migrationLock = 0x6d656d737663

// migrationLockTimeout bounds a migration's wait for a table lock (unless
// the URL sets lock_timeout). DDL such as CREATE TRIGGER locks its table
// against writes; queued behind one long write transaction it would stall,
// and every write of every replica would queue behind it in turn. Giving
// up soon and telling the operator to retry stalls writes only briefly.
const migrationLockTimeout = "5s"

type migration struct {
	version int
	name    string
	sql     string
}

func migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with NNNN_", e.Name())
		}
		b, err := migrationFiles.ReadFile("migrations/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// Migrate brings the schema of the database at url up to date and returns
// the names of the migrations it applied. It holds an advisory lock while it
// works, so replicas starting together apply each migration exactly once.
// It must connect as the owner of the schema, not as the app role.
func Migrate(ctx context.Context, url string) ([]string, error) {
	// The pool's own settings (pool_max_conns…) may be in the URL; the
	// pool's parser takes them out, so the server is not sent them.
	cfg, err := parseURL(url)
	if err != nil {
		return nil, err
	}
	conn, err := pgx.ConnectConfig(ctx, cfg.ConnConfig)
	if err != nil {
		return nil, translate("migrate: connect", err)
	}
	defer conn.Close(context.Background())
	_, ownTimeout := cfg.ConnConfig.RuntimeParams["lock_timeout"]
	applied, err := migrate(ctx, conn, !ownTimeout)
	return applied, translate("migrate", err)
}

// migrate applies the pending migrations on conn; boundLocks sets
// migrationLockTimeout in each migration's transaction.
func migrate(ctx context.Context, conn *pgx.Conn, boundLocks bool) ([]string, error) {
	all, err := migrations()
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", int64(migrationLock)); err != nil {
		return nil, fmt.Errorf("take migration lock: %w", err)
	}
	defer conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", int64(migrationLock))
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	done := map[int]bool{}
	rows, err := conn.Query(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return nil, err
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return nil, err
	}
	for _, v := range versions {
		done[int(v)] = true
	}
	var applied []string
	for _, m := range all {
		if done[m.version] {
			continue
		}
		if err := applyMigration(ctx, conn, m, boundLocks); err != nil {
			return applied, err
		}
		applied = append(applied, m.name)
	}
	return applied, nil
}

// applyMigration runs m and records it in one transaction. A lock it
// waited too long for is reported as such, with what to do.
func applyMigration(ctx context.Context, conn *pgx.Conn, m migration, boundLocks bool) error {
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if boundLocks {
			if _, err := tx.Exec(ctx, "SELECT set_config('lock_timeout', $1, true)", migrationLockTimeout); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, m.sql); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", m.version, m.name)
		return err
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == lockNotAvailable {
		return &engine.Error{Code: engine.EUnavailable, Err: err, Message: fmt.Sprintf(
			"migration %s waited too long for a table that another transaction holds, and was not applied: "+
				"run memsvc migrate (or start memsvc serve) again, once long transactions on the database have ended", m.name)}
	}
	if err != nil {
		return fmt.Errorf("apply %s: %w", m.name, err)
	}
	return nil
}

// pending reports whether migrations remain to be applied (Open refuses to
// run on an outdated schema unless told to migrate).
func pending(ctx context.Context, pool *pgxpool.Pool) (bool, error) {
	all, err := migrations()
	if err != nil {
		return false, err
	}
	var latest int32
	err = pool.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&latest)
	if err != nil {
		return true, err
	}
	return int(latest) < all[len(all)-1].version, nil
}
