package entities

import (
	"context"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// Stopping a job another replica runs. Cancelling (DELETE) or erasing the
// user through a replica that does not run the job leaves a stop request in
// the user's job collection; the replica running it watches for that
// request, stops before its next merge and records the outcome, and the
// asking replica waits for that record, as it waits for its own job. Without
// this, a cancel through the wrong replica did nothing, and an erase let the
// job write the user's merge record back afterwards.

// stopDoc names the stop request under jobCollection.
const stopDoc = "reconcile-stop"

// stopWatchEvery is how often a running job looks for a stop request.
const stopWatchEvery = 200 * time.Millisecond

// stopWait bounds how long an erase waits for another replica's job: past
// the lease, a replica that did not answer is dead and its job ended.
const stopWait = reconcileLease + 5*time.Second

// stopRequest asks the replica running job JobID to stop it.
type stopRequest struct {
	JobID string `json:"job_id"`
	Erase bool   `json:"erase,omitempty"` // the user is being erased, not cancelling
}

// stopElsewhere asks the replica running user's job to stop it and waits
// until the job is recorded as ended, then returns it. With no job running
// anywhere it returns the last job unchanged.
func (e *Keeper) stopElsewhere(ctx context.Context, user string, erase bool) (*engine.ReconcileJob, error) {
	job, err := e.ReconcileStatus(ctx, user)
	if err != nil || job.Status != engine.JobRunning {
		return job, err
	}
	req := stopRequest{JobID: job.JobID, Erase: erase}
	if err := e.store.Update(ctx, user, func(tx engine.Tx) error { return tx.PutDoc(jobCollection, stopDoc, req) }); err != nil {
		return nil, err
	}
	tick := time.NewTicker(stopWatchEvery / 2)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-tick.C:
		}
		// ReconcileStatus also ends a job whose replica died (its lease expired).
		if job, err = e.ReconcileStatus(ctx, user); err != nil || job.Status != engine.JobRunning || job.JobID != req.JobID {
			return job, err
		}
	}
}

// watchStop stops run (job jobID) when a stop request for it appears,
// until ctx (the job's own context) ends.
func (e *Keeper) watchStop(ctx context.Context, user, jobID string, run *reconcileRun) {
	tick := time.NewTicker(stopWatchEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		var req stopRequest
		err := e.store.View(ctx, user, func(tx engine.Tx) error { return tx.GetDoc(jobCollection, stopDoc, &req) })
		if err != nil || req.JobID != jobID {
			continue // none (or a stale one), or the store is briefly away: look again
		}
		cause := errCancelledByUser
		if req.Erase {
			cause = errErased
		}
		run.stop(cause)
		return
	}
}

// clearStop deletes a stop request when the job it names has ended.
func clearStop(tx engine.Tx, jobID string) error {
	var req stopRequest
	err := tx.GetDoc(jobCollection, stopDoc, &req)
	if engine.ErrorCode(err) == engine.ENotFound || (err == nil && req.JobID != jobID) {
		return nil
	}
	if err != nil {
		return err
	}
	return tx.DeleteDoc(jobCollection, stopDoc)
}
