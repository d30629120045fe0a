package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/memsvc/memsvc/engine"
)

// Job queue (engine.JobQueue). One process owns a Badger directory, so a
// mutex stands in for Postgres's SKIP LOCKED; leases still expire, so a job
// whose worker goroutine died is picked up again, and the queue survives a
// restart. A lease taken by an earlier opening of the directory (a process
// that crashed or stopped mid-job, or the server a backup was taken from)
// is free at once: no process but this one can hold it, and waiting out
// the lease would leave a restored or restarted server's captures pending.

// storedJob is a job's value under its key.
type storedJob struct {
	User       string    `json:"user"`
	Payload    []byte    `json:"payload"`
	Enqueued   time.Time `json:"enqueued"`
	Worker     string    `json:"worker,omitempty"`
	Opening    string    `json:"opening,omitempty"` // the Store opening that claimed it
	Claim      int64     `json:"claim"`
	LeaseUntil time.Time `json:"lease_until"`
}

func jobKey(queue, user, id string) []byte {
	k := append(append([]byte{kindJob}, queue...), 0)
	if user == "" {
		return k // the queue's prefix
	}
	return append(append(append(k, user...), 0), id...)
}

// EnqueueJob adds a job unless one with the same id is queued.
func (s *Store) EnqueueJob(ctx context.Context, queue, user, id string, payload []byte) error {
	s.jobs.Lock()
	defer s.jobs.Unlock()
	err := s.update(func(btx *badger.Txn) error { return enqueueJob(btx, queue, user, id, payload) })
	return translate("enqueue job", err)
}

func enqueueJob(btx *badger.Txn, queue, user, id string, payload []byte) error {
	if _, err := btx.Get(jobKey(queue, user, id)); !errors.Is(err, badger.ErrKeyNotFound) {
		return err
	}
	return putJob(btx, queue, id, &storedJob{User: user, Payload: payload, Enqueued: time.Now()})
}

// EnqueueJob queues a job of the transaction's user with its other writes
// (engine.JobTx). A claim that read the queue before this commits fails
// with a conflict and is retried (ClaimJob).
func (t *tx) EnqueueJob(queue, id string, payload []byte) error {
	if !t.write {
		return ErrReadOnly
	}
	return enqueueJob(t.btx, queue, t.user, id, payload)
}

func putJob(btx *badger.Txn, queue, id string, j *storedJob) error {
	raw, err := json.Marshal(j)
	if err != nil {
		return fmt.Errorf("encode job: %w", err)
	}
	return btx.Set(jobKey(queue, j.User, id), raw)
}

// ClaimJob leases the oldest job of queue whose lease is free.
func (s *Store) ClaimJob(ctx context.Context, queue, worker string, lease time.Duration) (*engine.Job, error) {
	s.jobs.Lock()
	defer s.jobs.Unlock()
	var (
		out *engine.Job
		err error
	)
	for try := 0; try < 5; try++ { // conflicts: an Update enqueued meanwhile
		out, err = s.claimJob(queue, worker, lease)
		if !errors.Is(err, badger.ErrConflict) {
			break
		}
	}
	return out, translate("claim job", err)
}

func (s *Store) claimJob(queue, worker string, lease time.Duration) (*engine.Job, error) {
	var out *engine.Job
	err := s.update(func(btx *badger.Txn) error {
		prefix := jobKey(queue, "", "")
		it := btx.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true})
		var (
			best   *storedJob
			bestID string
			now    = time.Now()
		)
		for it.Rewind(); it.Valid(); it.Next() {
			var j storedJob
			if err := it.Item().Value(func(b []byte) error { return json.Unmarshal(b, &j) }); err != nil {
				it.Close()
				return fmt.Errorf("decode job: %w", err)
			}
			held := j.LeaseUntil.After(now) && j.Opening == s.opening
			if held || best != nil && !j.Enqueued.Before(best.Enqueued) {
				continue
			}
			best, bestID = &j, string(it.Item().Key()[len(prefix)+len(j.User)+1:])
		}
		it.Close()
		if best == nil {
			return engine.Errorf(engine.ENotFound, "no job available in %s", queue)
		}
		best.Worker, best.Opening, best.Claim, best.LeaseUntil = worker, s.opening, best.Claim+1, now.Add(lease)
		out = &engine.Job{Queue: queue, ID: bestID, User: best.User, Payload: best.Payload,
			Worker: worker, Claim: best.Claim, LeaseUntil: best.LeaseUntil}
		return putJob(btx, queue, bestID, best)
	})
	return out, err
}

// ExtendJob renews a lease the worker still holds.
func (s *Store) ExtendJob(ctx context.Context, job *engine.Job, lease time.Duration) error {
	return s.leased("extend job", job, func(btx *badger.Txn, j *storedJob) error {
		if !j.LeaseUntil.After(time.Now()) {
			return engine.Errorf(engine.EConflict, "the lease on job %s expired", job.ID)
		}
		j.LeaseUntil = time.Now().Add(lease)
		job.LeaseUntil = j.LeaseUntil
		return putJob(btx, job.Queue, job.ID, j)
	})
}

// CompleteJob deletes the job if this claim still holds it.
func (s *Store) CompleteJob(ctx context.Context, job *engine.Job) error {
	return s.leased("complete job", job, func(btx *badger.Txn, _ *storedJob) error {
		return btx.Delete(jobKey(job.Queue, job.User, job.ID))
	})
}

// leased runs fn on the stored job if job's claim is still the latest, and
// reports a lost lease as a conflict.
func (s *Store) leased(op string, job *engine.Job, fn func(*badger.Txn, *storedJob) error) error {
	s.jobs.Lock()
	defer s.jobs.Unlock()
	err := s.update(func(btx *badger.Txn) error {
		var j storedJob
		err := getJob(btx, job, &j)
		if errors.Is(err, badger.ErrKeyNotFound) || err == nil && j.Claim != job.Claim {
			return engine.Errorf(engine.EConflict, "the lease on job %s was lost", job.ID)
		}
		if err != nil {
			return err
		}
		return fn(btx, &j)
	})
	return translate(op, err)
}

func getJob(btx *badger.Txn, job *engine.Job, j *storedJob) error {
	item, err := btx.Get(jobKey(job.Queue, job.User, job.ID))
	if err != nil {
		return err
	}
	return item.Value(func(b []byte) error { return json.Unmarshal(b, j) })
}
