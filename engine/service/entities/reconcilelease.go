package entities

import (
	"context"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// Leased reconcile jobs. One user has at most one reconcile job, across all
// replicas: the job runs while its replica holds the lease on the user's
// one reconcile queue entry, renewed while it runs and released at its end.
// A second start on any replica finds the lease held and is a conflict; a
// replica asked for the status of a job recorded as running elsewhere
// reports it running while the lease is held, and "interrupted by restart"
// once the lease expired (the replica running it died). As on one server,
// an interrupted job is not resumed: its completed merges stand (each was
// one transaction) and a new job finishes the rest.

// reconcileLease is how long a replica holds a user's reconcile job without
// renewing it; it renews every third of it.
const reconcileLease = 30 * time.Second

// reconcileSlot is the queue entry whose lease is the user's reconcile job.
func reconcileSlot(user string) (queue, id string) { return "reconcile/" + user, "run" }

// claimReconcile takes the user's reconcile lease. It returns nil, nil on a
// store without a job queue (one process: the in-process reservation is
// enough) and an EConflict when another replica holds the lease.
func (e *Keeper) claimReconcile(ctx context.Context, user string) (*engine.Job, error) {
	q, ok := e.store.(engine.JobQueue)
	if !ok {
		return nil, nil
	}
	queue, id := reconcileSlot(user)
	if err := q.EnqueueJob(ctx, queue, user, id, nil); err != nil { // a no-op when the entry exists
		return nil, err
	}
	job, err := q.ClaimJob(ctx, queue, "reconcile-"+e.newID(), reconcileLease)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, engine.Errorf(engine.EConflict, "a reconcile job is already running on another replica: wait for it")
	}
	return job, err
}

// heldLease is a reconcile lease held by this replica, renewed until
// release is called.
type heldLease struct {
	job     *engine.Job
	release func() // stops the renewals (engine.HoldJob)
}

// holdReconcile starts renewing the lease job (nil: no lease, nil result)
// until giveBack.
func (e *Keeper) holdReconcile(job *engine.Job) *heldLease {
	if job == nil {
		return nil
	}
	e.leases.Add(1)
	release := engine.HoldJob(e.store.(engine.JobQueue), job, reconcileLease, func(err error) {
		e.log.Warn("reconcile: renew lease", "user", job.User, "err", err)
	})
	return &heldLease{job: job, release: release}
}

// giveBack stops renewing the lease and releases it; nil is a no-op.
func (e *Keeper) giveBack(h *heldLease) {
	if h == nil {
		return
	}
	h.release() // a renewal in flight must not re-take the lease after its release
	e.releaseReconcile(h.job)
	e.leases.Done()
}

// releaseReconcile gives the user's reconcile lease back.
func (e *Keeper) releaseReconcile(job *engine.Job) {
	if job == nil {
		return
	}
	if err := e.store.(engine.JobQueue).CompleteJob(context.Background(), job); err != nil {
		e.log.Warn("reconcile: release lease", "user", job.User, "err", err)
	}
}

// reconcileRunsElsewhere reports whether another replica holds the user's
// reconcile lease, so a job recorded as running is running there. The
// probe takes a free lease and gives it straight back.
func (e *Keeper) reconcileRunsElsewhere(ctx context.Context, user string) bool {
	job, err := e.claimReconcile(ctx, user)
	if err != nil {
		return engine.ErrorCode(err) == engine.EConflict
	}
	e.releaseReconcile(job)
	return false
}
