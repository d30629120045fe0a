package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memsvc/memsvc/engine"
)

// DefaultAcquireWait bounds how long a request waits for a free pooled
// connection before it is refused as unavailable.
const DefaultAcquireWait = 5 * time.Second

// boundedPool is the pool with a bound on the wait for a connection. A
// plain pgxpool waits as long as the request's context lives: when every
// connection is held (a burst of requests, writers stuck behind another
// replica's lock) requests would queue without end instead of being told
// to come back. Each call holds its connection for as long as pgxpool's
// own would: until the rows, batch or transaction are closed.
type boundedPool struct {
	*pgxpool.Pool
	wait time.Duration
}

// errPoolBusy is the refusal when no connection came free in time.
var errPoolBusy = errors.New("no database connection came free in time")

// acquire takes a connection, waiting at most p.wait; the caller's own
// cancellation stays its own error.
func (p *boundedPool) acquire(ctx context.Context) (*pgxpool.Conn, error) {
	actx, cancel := context.WithTimeout(ctx, p.wait)
	defer cancel()
	c, err := p.Pool.Acquire(actx)
	if err != nil && ctx.Err() == nil && actx.Err() != nil {
		stat := p.Pool.Stat()
		return nil, &engine.Error{Code: engine.EUnavailable,
			Message: "the database is busy (every pooled connection is in use), retry",
			Err:     errors.Join(errPoolBusy, err, poolStat(stat))}
	}
	return c, err
}

func poolStat(s *pgxpool.Stat) error {
	return fmt.Errorf("pool: %d of %d connections acquired", s.AcquiredConns(), s.MaxConns())
}

func (p *boundedPool) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	c, err := p.acquire(ctx)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	defer c.Release()
	return c.Exec(ctx, sql, args...)
}

func (p *boundedPool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	c, err := p.acquire(ctx)
	if err != nil {
		return errRow{err}
	}
	return &releasingRow{Row: c.QueryRow(ctx, sql, args...), c: c}
}

func (p *boundedPool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	c, err := p.acquire(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := c.Query(ctx, sql, args...)
	if err != nil {
		c.Release()
		return nil, err
	}
	return &releasingRows{Rows: rows, c: c}, nil
}

func (p *boundedPool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	c, err := p.acquire(ctx)
	if err != nil {
		return errBatch{err}
	}
	return &releasingBatch{BatchResults: c.SendBatch(ctx, b), c: c}
}

// Begin and BeginTx make the pool usable with pgx.BeginFunc/BeginTxFunc.
func (p *boundedPool) Begin(ctx context.Context) (pgx.Tx, error) {
	return p.BeginTx(ctx, pgx.TxOptions{})
}

func (p *boundedPool) BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error) {
	c, err := p.acquire(ctx)
	if err != nil {
		return nil, err
	}
	t, err := c.BeginTx(ctx, opts)
	if err != nil {
		c.Release()
		return nil, err
	}
	return &releasingTx{Tx: t, c: c}, nil
}

type releasingRow struct {
	pgx.Row
	c    *pgxpool.Conn
	once sync.Once
}

func (r *releasingRow) Scan(dest ...any) error {
	defer r.once.Do(r.c.Release)
	return r.Row.Scan(dest...)
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

type releasingRows struct {
	pgx.Rows
	c    *pgxpool.Conn
	once sync.Once
}

// Next releases the connection when the rows run out, as pgxpool does.
func (r *releasingRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.Close()
	return false
}

func (r *releasingRows) Close() {
	r.Rows.Close()
	r.once.Do(r.c.Release)
}

type releasingBatch struct {
	pgx.BatchResults
	c    *pgxpool.Conn
	once sync.Once
}

// Close may run more than once (pgx allows it); the connection goes back
// once.
func (b *releasingBatch) Close() error {
	defer b.once.Do(b.c.Release)
	return b.BatchResults.Close()
}

type errBatch struct{ err error }

func (b errBatch) Exec() (pgconn.CommandTag, error) { return pgconn.CommandTag{}, b.err }
func (b errBatch) Query() (pgx.Rows, error)         { return nil, b.err }
func (b errBatch) QueryRow() pgx.Row                { return errRow(b) }
func (b errBatch) Close() error                     { return b.err }
func (b errBatch) Tx() pgx.Tx                       { return nil }

type releasingTx struct {
	pgx.Tx
	c    *pgxpool.Conn
	once sync.Once
}

func (t *releasingTx) Commit(ctx context.Context) error {
	defer t.once.Do(t.c.Release)
	return t.Tx.Commit(ctx)
}

func (t *releasingTx) Rollback(ctx context.Context) error {
	defer t.once.Do(t.c.Release)
	return t.Tx.Rollback(ctx)
}
