// Package postgres is the PostgreSQL backend of engine.Store, the store of
// the hosted form: several memsvc replicas share one database. It stores
// exactly what the Badger store does (records, vectors as little-endian
// float32 bytes, the postings of the BM25 index, JSON documents, meta);
// ranking stays in memsvc, so both backends answer alike.
//
// Tenancy is enforced twice: the user id leads every primary key, and every
// connection runs as the non-owner role memsvc_app under forced row-level
// security that admits only the user each transaction sets with
// set_config('memsvc.user_id', user, true). Every Update locks and bumps
// the user's version row first, so one user's writers serialise across
// replicas and replicas can tell a stale in-memory shard (Version, Changes).
// The schema is in migrations/, embedded and applied by Migrate.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memsvc/memsvc/engine"
)

// AppRole is the role every pooled connection assumes; the schema's
// row-level security policies hold it to one user per transaction.
const AppRole = "memsvc_app"

// Options configure the store.
type Options struct {
	// URL is a libpq connection string or postgres:// URL. Its user must
	// own the schema (to migrate) or be a member of memsvc_app.
	URL string
	// Migrate applies pending migrations before opening; otherwise Open
	// refuses an outdated schema.
	Migrate bool
	// MaxConns caps the pool (0: pool_max_conns from URL, else
	// DefaultMaxConns).
	MaxConns int32
	// AcquireWait bounds the wait for a free connection (0:
	// DefaultAcquireWait); past it a request is refused as unavailable.
	AcquireWait time.Duration
	// AnalysisVersion is the text analysis whose index terms this
	// replica writes (0: text.AnalysisVersion, this binary's). The
	// database refuses terms older than the store's recorded analysis
	// (analysis.go); tests set a lower one to play an older replica.
	AnalysisVersion int
}

// DefaultMaxConns is the pool size when neither Options nor the URL set
// one: pgx's default (4 on small machines) queues a burst of requests
// behind a handful of connections.
const DefaultMaxConns = 16

// DefaultLockTimeout is the session's lock_timeout unless the URL sets
// one: a write waiting longer for a user's version row (held by a stuck
// writer on another replica) is refused as unavailable instead of holding
// its connection without end.
const DefaultLockTimeout = "10s"

// Store is the PostgreSQL-backed engine.Store.
type Store struct {
	pool *boundedPool
	// analysis is Options.AnalysisVersion as the setting every write
	// transaction sends (analysis.go).
	analysis string
	// stopSweep ends the blob sweep (blobs.go), a sweep in flight too;
	// sweeping waits for it.
	stopSweep context.CancelFunc
	sweeping  sync.WaitGroup
}

var (
	_ engine.Store          = (*Store)(nil)
	_ engine.VersionedStore = (*Store)(nil)
	_ engine.JobQueue       = (*Store)(nil)
)

// Open connects to the database, migrating it first if opts.Migrate.
func Open(ctx context.Context, opts Options) (*Store, error) {
	if opts.Migrate {
		if _, err := Migrate(ctx, opts.URL); err != nil {
			return nil, err
		}
	}
	cfg, err := parseURL(opts.URL)
	if err != nil {
		return nil, err
	}
	switch {
	case opts.MaxConns > 0:
		cfg.MaxConns = opts.MaxConns
	case !urlSets(opts.URL, "pool_max_conns"):
		cfg.MaxConns = DefaultMaxConns
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["lock_timeout"]; !ok {
		cfg.ConnConfig.RuntimeParams["lock_timeout"] = DefaultLockTimeout
	}
	wait := opts.AcquireWait
	if wait <= 0 {
		wait = DefaultAcquireWait
	}
	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
		_, err := c.Exec(ctx, "SET ROLE "+AppRole)
		return err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, translate("open", err)
	}
	stale, err := pending(ctx, pool)
	if err != nil || stale {
		pool.Close()
		return nil, openError(err)
	}
	sctx, stop := context.WithCancel(context.Background())
	s := &Store{pool: &boundedPool{Pool: pool, wait: wait}, analysis: analysisSetting(opts.AnalysisVersion), stopSweep: stop}
	s.sweeping.Add(1)
	go s.sweepLoop(sctx)
	return s, nil
}

// parseURL parses a connection URL; pool_* settings are the pool's, the
// rest (statement_timeout…) are sent to the server as session settings.
func parseURL(url string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's message may quote the URL, password included: log it only.
		return nil, &engine.Error{Code: engine.EInvalid, Message: "invalid postgres URL", Err: err}
	}
	return cfg, nil
}

// urlSets reports whether the connection string names setting (URL query
// or key=value form).
func urlSets(url, setting string) bool {
	return strings.Contains(url, setting+"=")
}

// Close closes the pool.
func (s *Store) Close() error {
	s.stopSweep()
	s.sweeping.Wait()
	s.pool.Close()
	return nil
}

// Update runs fn in one read-committed transaction of user. It first locks
// and bumps the user's version row (creating it at 1), so the user's writers
// serialise here across replicas and every read fn makes sees what they
// committed.
func (s *Store) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	err := pgx.BeginFunc(ctx, s.pool, func(ptx pgx.Tx) error {
		var version int64
		b := &pgx.Batch{}
		// The analysis this replica writes terms of, for the database's
		// guard against an older replica's terms (analysis.go).
		b.Queue("SELECT set_config('memsvc.user_id', $1, true), set_config('memsvc.analysis', $2, true)", user, s.analysis)
		b.Queue(`INSERT INTO user_versions AS v (user_id, version) VALUES ($1, 1)
			ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1 RETURNING version`, user).
			QueryRow(func(r pgx.Row) error { return r.Scan(&version) })
		b.Queue("INSERT INTO users (user_id) VALUES ($1) ON CONFLICT DO NOTHING", user)
		if err := ptx.SendBatch(ctx, b).Close(); err != nil {
			return fmt.Errorf("lock user version: %w", err)
		}
		return fn(&tx{ctx: ctx, ptx: ptx, user: user, version: version, write: true})
	})
	return translate("update", err)
}

// View runs fn in a read-only repeatable-read snapshot of user.
func (s *Store) View(ctx context.Context, user string, fn func(engine.Tx) error) error {
	return translate("view", s.view(ctx, user, func(ptx pgx.Tx) error {
		return fn(&tx{ctx: ctx, ptx: ptx, user: user})
	}))
}

// view runs fn in a read-only snapshot with user set for row-level security.
func (s *Store) view(ctx context.Context, user string, fn func(pgx.Tx) error) error {
	opts := pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
	return pgx.BeginTxFunc(ctx, s.pool, opts, func(ptx pgx.Tx) error {
		if _, err := ptx.Exec(ctx, "SELECT set_config('memsvc.user_id', $1, true)", user); err != nil {
			return err
		}
		return fn(ptx)
	})
}

// GetMeta returns a store-wide setting, "" when unset.
func (s *Store) GetMeta(ctx context.Context, key string) (string, error) {
	var v string
	err := s.pool.QueryRow(ctx, "SELECT value FROM meta WHERE key = $1", key).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return v, translate("get meta", err)
}

// PutMeta sets a store-wide setting.
func (s *Store) PutMeta(ctx context.Context, key, value string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO meta (key, value) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, key, value)
	return translate("put meta", err)
}

// Check runs a round trip to the database, which also tells whether the
// store's recorded text analysis is newer than this replica's: such a
// replica refuses writes, and health says so, so that a load balancer
// sends requests to the upgraded replicas.
func (s *Store) Check(ctx context.Context) error {
	var recorded string
	err := s.pool.QueryRow(ctx, `SELECT coalesce(max(memsvc_analysis_of(value))::text, '') FROM meta
		WHERE key IN ($1, $2)`, metaAnalysis, metaAnalysisWriters).Scan(&recorded)
	if err != nil {
		return translate("check", err)
	}
	return s.checkAnalysis(recorded)
}

// Users lists the users that have documents in collection, in id order.
func (s *Store) Users(ctx context.Context, collection string) ([]string, error) {
	rows, err := s.pool.Query(ctx, "SELECT user_id FROM collection_users WHERE collection = $1 ORDER BY user_id", collection)
	if err != nil {
		return nil, translate("users", err)
	}
	users, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if len(users) == 0 {
		users = nil
	}
	return users, translate("users", err)
}
