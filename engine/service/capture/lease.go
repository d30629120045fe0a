package capture

import (
	"context"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// Leased captures. On a store with an engine.JobQueue every queued capture also has
// a job, committed with its pending memory; a replica runs a capture only
// while it holds the job's lease, so replicas never run one capture twice
// at once, and the capture of a replica that dies mid-job is claimed by
// another when the lease expires. The capture document stays the record
// of the attempt (retries, backoff); the lease only says who may run it.
// A retry's backoff is the lease itself, extended to the retry time.

// captureQueue is the engine.JobQueue queue of image captures.
const captureQueue = "capture"

// DefaultCaptureLease is how long a capture's lease lasts. The replica
// running the capture renews it (runLeased), so it bounds how soon another
// replica takes over the capture of one that died, not how long one may run.
const DefaultCaptureLease = 2 * time.Minute

// queueCaptureJob queues the capture of memoryID in the transaction that
// stores its pending memory, when the store leases jobs.
func queueCaptureJob(tx engine.Tx, memoryID string) error {
	if jtx, ok := tx.(engine.JobTx); ok {
		return jtx.EnqueueJob(captureQueue, memoryID, nil)
	}
	return nil
}

// requeueCaptures gives every capture document a job (idempotent): captures
// queued before jobs existed, or by a store without a queue, resume too.
func (e *Queue) requeueCaptures(ctx context.Context, q engine.JobQueue) {
	users, err := e.store.Users(ctx, CaptureCollection)
	if err != nil {
		e.log.Error("capture queue: list users", "err", err)
		return
	}
	for _, user := range users {
		var ids []string
		_ = e.store.View(ctx, user, func(tx engine.Tx) error {
			return tx.ScanDocs(CaptureCollection, "", func(id string, _ []byte) error {
				ids = append(ids, id)
				return nil
			})
		})
		for _, id := range ids {
			if err := q.EnqueueJob(ctx, captureQueue, user, id, nil); err != nil {
				e.log.Error("capture queue: requeue", "user", user, "memory", id, "err", err)
			}
		}
	}
}

// captureLeased claims and runs capture jobs until none is free.
func (e *Queue) captureLeased(ctx context.Context, q engine.JobQueue, worker string) {
	for ctx.Err() == nil {
		job, err := q.ClaimJob(ctx, captureQueue, worker, e.media.Lease)
		e.noteClaimsRefused(engine.ErrorCode(err) == engine.EUnavailable, err)
		if engine.ErrorCode(err) == engine.ENotFound || engine.ErrorCode(err) == engine.EUnavailable {
			return
		}
		if err != nil {
			e.log.Error("capture queue: claim", "err", err)
			return
		}
		e.runLeased(ctx, q, job)
	}
}

// runLeased runs one claimed capture if it is due, then completes the job,
// or postpones it to the capture's next attempt. When the capture cannot be
// read the lease is left to expire, so the job is tried again later.
func (e *Queue) runLeased(ctx context.Context, q engine.JobQueue, job *engine.Job) {
	cj, ok, err := e.captureDoc(ctx, job.User, job.ID)
	if err == nil && ok && !cj.NextAt.After(e.now()) {
		// Hold the lease while the capture runs: a caption model slower
		// than one lease must not have another replica start it again.
		release := engine.HoldJob(q, job, e.media.Lease, func(err error) {
			e.log.Warn("capture queue: renew lease", "memory", job.ID, "err", err)
		})
		e.runCapture(ctx, job.User, cj)
		release()
		cj, ok, err = e.captureDoc(ctx, job.User, job.ID)
	}
	if err != nil {
		e.log.Error("capture queue: read job", "memory", job.ID, "err", err)
		return
	}
	// Record the outcome even when shutting down: a released lease lets
	// another replica resume at once instead of after the lease.
	ctx = context.WithoutCancel(ctx)
	if ok {
		err = q.ExtendJob(ctx, job, max(time.Until(cj.NextAt), 0))
	} else {
		err = q.CompleteJob(ctx, job)
	}
	if err != nil {
		e.log.Warn("capture queue: release job", "memory", job.ID, "err", err)
	}
}

// captureDoc reads the capture document of memoryID; false when there is
// none (the capture finished, or the memory was deleted).
func (e *Queue) captureDoc(ctx context.Context, user, memoryID string) (captureJob, bool, error) {
	var cj captureJob
	err := e.store.View(ctx, user, func(tx engine.Tx) error { return tx.GetDoc(CaptureCollection, memoryID, &cj) })
	if engine.ErrorCode(err) == engine.ENotFound {
		return cj, false, nil
	}
	return cj, err == nil, err
}

// noteClaimsRefused logs when the store starts and stops refusing the
// runner's claims (a claim is a write: a full disk refuses it), once each
// rather than at every tick; health reports the full disk meanwhile.
func (e *Queue) noteClaimsRefused(refused bool, err error) {
	switch {
	case refused && !e.claimsRefused:
		e.log.Warn("capture queue: the store takes no writes; captures wait until it does", "err", err)
	case !refused && e.claimsRefused:
		e.log.Info("capture queue: the store takes writes again; captures resume")
	}
	e.claimsRefused = refused
}
