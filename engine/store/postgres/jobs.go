package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
)

// EnqueueJob adds a job; the insert runs as user so row-level security
// checks the job belongs to them.
func (s *Store) EnqueueJob(ctx context.Context, queue, user, id string, payload []byte) error {
	err := pgx.BeginFunc(ctx, s.pool, func(ptx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue("SELECT set_config('memsvc.user_id', $1, true)", user)
		queueJob(b, queue, user, id, payload)
		return ptx.SendBatch(ctx, b).Close()
	})
	return translate("enqueue job", err)
}

func queueJob(b *pgx.Batch, queue, user, id string, payload []byte) {
	if payload == nil {
		payload = []byte{}
	}
	b.Queue(`INSERT INTO jobs (queue, id, user_id, payload) VALUES ($1, $2, $3, $4)
		ON CONFLICT (queue, user_id, id) DO NOTHING`, queue, id, user, payload)
}

// EnqueueJob queues a job of the transaction's user with its other writes
// (engine.JobTx).
func (t *tx) EnqueueJob(queue, id string, payload []byte) error {
	if !t.write {
		return store.ErrReadOnly
	}
	b := &pgx.Batch{}
	queueJob(b, queue, t.user, id, payload)
	if err := t.ptx.SendBatch(t.ctx, b).Close(); err != nil {
		return fmt.Errorf("store: enqueue job: %w", err)
	}
	return nil
}

// ClaimJob leases the oldest free job of queue. SKIP LOCKED lets concurrent
// claimers pass over rows another claimer is taking, so no job is handed
// out twice and nobody waits; lease times are the database's clock, shared
// by every replica.
func (s *Store) ClaimJob(ctx context.Context, queue, worker string, lease time.Duration) (*engine.Job, error) {
	j := &engine.Job{Queue: queue, Worker: worker}
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET worker = $2, claim = claim + 1,
			lease_until = clock_timestamp() + $3 * interval '1 microsecond'
		WHERE (queue, user_id, id) = (SELECT queue, user_id, id FROM jobs
			WHERE queue = $1 AND (lease_until IS NULL OR lease_until < clock_timestamp())
			ORDER BY enqueued_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, user_id, payload, claim, lease_until`, queue, worker, lease.Microseconds()).
		Scan(&j.ID, &j.User, &j.Payload, &j.Claim, &j.LeaseUntil)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, engine.Errorf(engine.ENotFound, "no job available in %s", queue)
	}
	if err != nil {
		return nil, translate("claim job", err)
	}
	return j, nil
}

// ExtendJob renews a lease the worker still holds.
func (s *Store) ExtendJob(ctx context.Context, j *engine.Job, lease time.Duration) error {
	until, err := s.leased(ctx, "extend job", j, `UPDATE jobs SET lease_until = clock_timestamp() + $5 * interval '1 microsecond'
		WHERE queue = $1 AND user_id = $2 AND id = $3 AND claim = $4 AND lease_until >= clock_timestamp()
		RETURNING lease_until`, lease.Microseconds())
	if err == nil {
		j.LeaseUntil = until
	}
	return err
}

// CompleteJob deletes the job if this claim still holds it.
func (s *Store) CompleteJob(ctx context.Context, j *engine.Job) error {
	_, err := s.leased(ctx, "complete job", j, `DELETE FROM jobs WHERE queue = $1 AND user_id = $2 AND id = $3 AND claim = $4
		RETURNING clock_timestamp()`)
	return err
}

// leased runs a statement that only touches the job under j's claim and
// reports a lost lease as a conflict; it returns the timestamp q returns.
func (s *Store) leased(ctx context.Context, op string, j *engine.Job, q string, extra ...any) (time.Time, error) {
	var at time.Time
	err := s.pool.QueryRow(ctx, q, append([]any{j.Queue, j.User, j.ID, j.Claim}, extra...)...).Scan(&at)
	if errors.Is(err, pgx.ErrNoRows) {
		return at, engine.Errorf(engine.EConflict, "the lease on job %s was lost", j.ID)
	}
	return at, translate(op, err)
}
