package entities

import (
	"context"
	"errors"
	"sync"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/entity"
)

// jobCollection holds each user's last reconcile job under jobID.
const (
	jobCollection = "job"
	reconcileDoc  = "reconcile"
	// maxReportedMerges caps the groups a job lists (counts stay exact).
	maxReportedMerges = 100
)

func cloneJob(j *engine.ReconcileJob) *engine.ReconcileJob {
	c := *j
	c.Merges = append([]engine.ReconcileMerge(nil), j.Merges...)
	return &c
}

// reconciler is the registry of running reconcile jobs, one per user. Its
// zero value is ready.
type reconciler struct {
	mu     sync.Mutex
	runs   map[string]*reconcileRun
	closed bool
	// beforeMerge, when set (tests only), runs before each group n of a job,
	// so a test can hold a job mid-way.
	beforeMerge func(ctx context.Context, n int)
}

// reconcileRun is one job in the registry. It is reserved before its plan
// is computed, so job and cancel are nil until the job starts.
type reconcileRun struct {
	done   chan struct{}
	lease  *heldLease // the user's reconcile lease across replicas; nil without a job queue
	mu     sync.Mutex
	cancel context.CancelCauseFunc
	job    *engine.ReconcileJob
}

// snapshot returns a copy of the job, nil before it started.
func (r *reconcileRun) snapshot() *engine.ReconcileJob {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.job == nil {
		return nil
	}
	return cloneJob(r.job)
}

// stop cancels a started job and reports whether there was one to cancel.
func (r *reconcileRun) stop(cause error) bool {
	r.mu.Lock()
	cancel := r.cancel
	r.mu.Unlock()
	if cancel == nil {
		return false
	}
	cancel(cause)
	return true
}

func (r *reconcileRun) set(j *engine.ReconcileJob) {
	r.mu.Lock()
	r.job = j
	r.mu.Unlock()
}

var (
	errCancelledByUser = errors.New("cancelled")
	errShutdown        = errors.New("interrupted by shutdown")
)

// interruptedByRestart is the error of a job found running with no worker:
// the process that ran it stopped. Its completed merges stand (each was
// atomic); the rest are not resumed: start a new job to finish them.
const interruptedByRestart = "interrupted by restart"

// Reconcile starts user's entity reconcile job in the background and
// returns it running. Suggestions are computed now, so unknown
// SuggestionIDs fail at once; each group is then merged in its own
// transaction, re-checked against the store. A second job while one runs is
// an EConflict.
func (e *Keeper) Reconcile(ctx context.Context, user string, req engine.ReconcileRequest) (*engine.ReconcileJob, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	threshold := entity.DefaultThreshold
	if req.Threshold != nil {
		threshold = *req.Threshold
		if !(threshold >= 0 && threshold <= 1) { // NaN too: it compares false with everything
			return nil, engine.Invalid("threshold", "must be between 0 and 1, got %g", threshold)
		}
	}
	run, err := e.recon.reserve(user)
	if err != nil {
		return nil, err
	}
	lease, err := e.claimReconcile(ctx, user) // one job per user across replicas (reconcilelease.go)
	if err != nil {
		e.recon.release(user, run)
		return nil, err
	}
	run.lease = e.holdReconcile(lease)
	groups, snap, err := e.reconcilePlan(ctx, user, threshold, req.SuggestionIDs)
	var job *engine.ReconcileJob
	if err == nil {
		job, err = e.startJob(ctx, user, run, groups, snap, threshold, req.DryRun)
	}
	if err != nil {
		e.giveBack(run.lease)
		e.recon.release(user, run)
		return nil, err
	}
	return job, nil
}

// reserve claims the user's job slot.
func (rc *reconciler) reserve(user string) (*reconcileRun, error) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.closed {
		return nil, engine.Errorf(engine.EUnavailable, "the server is shutting down")
	}
	if r, ok := rc.runs[user]; ok {
		id := ""
		if j := r.snapshot(); j != nil {
			id = j.JobID
		}
		return nil, engine.Errorf(engine.EConflict, "a reconcile job is already running (job_id %q): wait for it or cancel it with DELETE", id)
	}
	if rc.runs == nil {
		rc.runs = map[string]*reconcileRun{}
	}
	r := &reconcileRun{done: make(chan struct{})}
	rc.runs[user] = r
	return r, nil
}

func (rc *reconciler) release(user string, r *reconcileRun) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.runs[user] == r {
		delete(rc.runs, user)
	}
}

func (rc *reconciler) running(user string) *reconcileRun {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.runs[user]
}

// reconcilePlan computes the groups a job merges.
func (e *Keeper) reconcilePlan(ctx context.Context, user string, threshold float64, ids []string) ([]entity.Suggestion, *entitySnapshot, error) {
	var snap *entitySnapshot
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		var err error
		snap, err = loadEntities(tx)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	all := snap.suggest(threshold, 0)
	if len(ids) == 0 {
		return all, snap, nil
	}
	byID := make(map[string]entity.Suggestion, len(all))
	for _, s := range all {
		byID[s.ID] = s
	}
	var out []entity.Suggestion
	seen := map[string]bool{}
	for _, id := range ids {
		s, ok := byID[id]
		if !ok {
			return nil, nil, engine.Invalid("suggestion_ids", "unknown suggestion %q (suggestions change as memories do: list them again)", id)
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, s)
		}
	}
	return out, snap, nil
}

// startJob persists the running job, starts its worker and returns the job
// as started (a small job may be done before the caller looks again).
func (e *Keeper) startJob(ctx context.Context, user string, run *reconcileRun, groups []entity.Suggestion,
	snap *entitySnapshot, threshold float64, dry bool) (*engine.ReconcileJob, error) {
	now := e.now().UTC()
	job := &engine.ReconcileJob{JobID: e.newID(), Status: engine.JobRunning, Groups: len(groups), DryRun: dry,
		Threshold: threshold, StartedAt: &now}
	for i, g := range groups {
		if i == maxReportedMerges {
			break
		}
		m := engine.ReconcileMerge{SuggestionID: g.ID, Status: engine.MergePlanned}
		for _, id := range g.EntityIDs {
			if x, ok := snap.byID[id]; ok && id == g.CanonicalID {
				m.Survivor = x.Ref()
			} else if ok {
				m.Merged = append(m.Merged, x.Ref())
			}
		}
		job.Merges = append(job.Merges, m)
	}
	if err := e.store.Update(ctx, user, func(tx engine.Tx) error { return tx.PutDoc(jobCollection, reconcileDoc, job) }); err != nil {
		return nil, err
	}
	started := cloneJob(job)
	jctx, cancel := context.WithCancelCause(context.Background())
	e.recon.launch(run, job, cancel)
	if run.lease != nil { // other replicas may be asked to stop it (reconcilestop.go)
		go e.watchStop(jctx, user, job.JobID, run)
	}
	go e.runReconcile(jctx, user, run, groups)
	return started, nil
}

// launch makes a reserved run cancellable. A run launched after Close is
// cancelled at once: it records itself interrupted and stops.
func (rc *reconciler) launch(r *reconcileRun, job *engine.ReconcileJob, cancel context.CancelCauseFunc) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	r.mu.Lock()
	r.job, r.cancel = job, cancel
	r.mu.Unlock()
	if rc.closed {
		cancel(errShutdown)
	}
}

// runReconcile merges the groups one transaction at a time, stopping
// between merges when cancelled, then records how the job ended.
func (e *Keeper) runReconcile(ctx context.Context, user string, run *reconcileRun, groups []entity.Suggestion) {
	defer close(run.done)
	defer e.recon.release(user, run) // in case recording the end panics; a no-op after end
	var failure error
	for i, g := range groups {
		if ctx.Err() != nil {
			break
		}
		if hook := e.recon.beforeMerge; hook != nil {
			hook(ctx, i)
			if ctx.Err() != nil {
				break
			}
		}
		if err := e.mergeGroup(ctx, user, run, i, g); err != nil {
			if ctx.Err() == nil {
				failure = err
			}
			break
		}
	}
	job := run.snapshot()
	fin := e.now().UTC()
	job.FinishedAt = &fin
	switch cause := context.Cause(ctx); {
	case failure != nil:
		job.Status, job.Error = engine.JobFailed, engine.ErrorMessage(failure)
		e.log.Error("reconcile job failed", "user", user, "job", job.JobID, "err", failure)
	case errors.Is(cause, errCancelledByUser):
		job.Status = engine.JobCancelled
	case errors.Is(cause, errShutdown):
		job.Status, job.Error = engine.JobFailed, errShutdown.Error()
	default:
		job.Status = engine.JobDone
	}
	// The job's own context may be cancelled: recording the outcome must not be.
	err := e.store.Update(context.WithoutCancel(ctx), user, func(tx engine.Tx) error {
		if err := clearStop(tx, job.JobID); err != nil {
			return err
		}
		return tx.PutDoc(jobCollection, reconcileDoc, job)
	})
	if err != nil {
		e.log.Error("reconcile job: record outcome", "user", user, "job", job.JobID, "err", err)
	}
	e.end(user, run, job)
}

// end frees the user's job slot once the outcome is recorded, before anyone
// can see the job ended: the lease goes back and the reservation is
// released first, so a client that sees the job done can start the next at
// once (on any replica), and no next job can start before this one's
// outcome is written.
func (e *Keeper) end(user string, run *reconcileRun, job *engine.ReconcileJob) {
	e.giveBack(run.lease)
	e.recon.release(user, run)
	run.set(job)
	run.stop(nil) // release the context's resources; a no-op when already cancelled
}

// ReconcileStatus reports user's current or last reconcile job; status idle
// when none ever ran. A job recorded as running that no worker runs (the
// server stopped mid-job) is marked failed, "interrupted by restart".
func (e *Keeper) ReconcileStatus(ctx context.Context, user string) (*engine.ReconcileJob, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	if run := e.recon.running(user); run != nil {
		if j := run.snapshot(); j != nil {
			return j, nil
		}
	}
	var job engine.ReconcileJob
	err := e.store.View(ctx, user, func(tx engine.Tx) error { return tx.GetDoc(jobCollection, reconcileDoc, &job) })
	if engine.ErrorCode(err) == engine.ENotFound {
		return &engine.ReconcileJob{Status: engine.JobIdle}, nil
	}
	if err != nil {
		return nil, err
	}
	if job.Status == engine.JobRunning && e.recon.running(user) == nil && !e.reconcileRunsElsewhere(ctx, user) {
		return e.markInterrupted(ctx, user, job.JobID)
	}
	return &job, nil
}

// markInterrupted records job id failed, "interrupted by restart", unless
// the stored job is no longer it running: the lease was found free because
// the replica that ran it has just recorded its outcome (it does so before
// it gives the lease back), which must stand.
func (e *Keeper) markInterrupted(ctx context.Context, user, id string) (*engine.ReconcileJob, error) {
	var job engine.ReconcileJob
	err := e.store.Update(ctx, user, func(tx engine.Tx) error {
		if err := tx.GetDoc(jobCollection, reconcileDoc, &job); err != nil {
			return err
		}
		if job.JobID != id || job.Status != engine.JobRunning {
			return nil
		}
		fin := e.now().UTC()
		job.Status, job.Error, job.FinishedAt = engine.JobFailed, interruptedByRestart, &fin
		return tx.PutDoc(jobCollection, reconcileDoc, &job)
	})
	if err != nil {
		return nil, err
	}
	return &job, nil
}

// CancelReconcile stops user's running job between two merges and returns
// it, cancelled, once its worker has stopped. With no job running it
// returns the last job unchanged.
func (e *Keeper) CancelReconcile(ctx context.Context, user string) (*engine.ReconcileJob, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	run := e.recon.running(user)
	if run == nil {
		return e.stopElsewhere(ctx, user, false) // a job of this user may run on another replica
	}
	if !run.stop(errCancelledByUser) {
		return e.ReconcileStatus(ctx, user)
	}
	select {
	case <-run.done:
		return run.snapshot(), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// stopAll stops every running reconcile job and waits for it; each records
// itself failed ("interrupted by shutdown"). Merges already made stand:
// each was one transaction.
func (rc *reconciler) stopAll() {
	rc.mu.Lock()
	rc.closed = true
	runs := make([]*reconcileRun, 0, len(rc.runs))
	for _, r := range rc.runs {
		runs = append(runs, r)
	}
	rc.mu.Unlock()
	for _, r := range runs {
		if r.stop(errShutdown) {
			<-r.done
		}
	}
}

// SetBeforeMerge installs f to run before each group n of a reconcile job
// (nil removes it). It is a test seam: the REST tests hold a job mid-way to
// watch it cancelled, shut down or restarted. Set it before starting a job.
func (e *Keeper) SetBeforeMerge(f func(ctx context.Context, n int)) { e.recon.beforeMerge = f }

// errErased is what a job stopped by EraseUser records as its cause.
var errErased = errors.New("user erased")

// StopReconcile stops the user's reconcile job, if one runs here or on
// another replica, and waits for it to record its end (so that record is
// erased too).
func (e *Keeper) StopReconcile(user string) {
	e.recon.mu.Lock()
	run := e.recon.runs[user]
	e.recon.mu.Unlock()
	if run != nil && run.stop(errErased) {
		<-run.done
		return
	}
	if run == nil { // the job may run on another replica: stop it there first
		ctx, cancel := context.WithTimeout(context.Background(), stopWait)
		defer cancel()
		if _, err := e.stopElsewhere(ctx, user, true); err != nil {
			e.log.Warn("reconcile: stop another replica's job before erasing", "user", user, "err", err)
		}
	}
}
