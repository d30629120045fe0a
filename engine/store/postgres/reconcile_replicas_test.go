package postgres_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// duplicateEntities are notes that name the same people and places in
// several ways, so reconcile has more than one group to merge.
var duplicateEntities = []string{
	"Tomas Berg joined Northwind Labs as an engineer.",
	"Tomas said the Northwind Labs release slipped to June.",
	"Tomas Berg is moving to Los Angeles in the autumn.",
	"We ate tacos in LA with Tomas.",
	"Los Angeles is hot in August.",
	"Priya Nair reviewed the Postgres budget.",
	"Dr. Nair approved the Postgres budget.",
	"The retreat is in San Diego this year.",
	"Book the train to San Diego for the retreat.",
}

// heldReconcile starts a reconcile job for user on run, held before its
// second merge until release is closed (or its context ends), and returns
// it once the first merge is done.
func heldReconcile(t *testing.T, run *service.Engine, user string) (job *engine.ReconcileJob, release func()) {
	t.Helper()
	ctx := context.Background()
	for _, text := range duplicateEntities {
		if _, err := run.Add(ctx, user, []engine.AddRequest{{Text: text}}); err != nil {
			t.Fatal(err)
		}
	}
	if sg, err := run.EntitySuggestions(ctx, user, 20); err != nil || len(sg) < 2 {
		t.Fatalf("suggestions = %d, %v; the probe needs at least two groups", len(sg), err)
	}
	held, gate := make(chan struct{}), make(chan struct{})
	var once sync.Once
	run.SetBeforeMerge(func(ctx context.Context, n int) {
		if n != 1 {
			return
		}
		close(held)
		select {
		case <-gate:
		case <-ctx.Done():
		}
	})
	job, err := run.Reconcile(ctx, user, engine.ReconcileRequest{})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-held:
	case <-time.After(20 * time.Second):
		t.Fatal("the job never reached its second merge")
	}
	return job, func() { once.Do(func() { close(gate) }) }
}

// TestCancelReachesTheReplicaRunningTheJob: DELETE /entities/reconcile
// through replica B stops the job replica A runs, as it does on one server:
// B answers it cancelled, A stops before its next merge, and both report
// the same cancelled job.
func TestCancelReachesTheReplicaRunningTheJob(t *testing.T) {
	ctx := context.Background()
	r := replicas(t, 2)
	a, b := r[0], r[1]
	started, release := heldReconcile(t, a, "u")
	defer release()
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	got, err := b.CancelReconcile(cctx, "u")
	if err != nil {
		t.Fatalf("cancel through the other replica: %v", err)
	}
	if got.Status != engine.JobCancelled || got.JobID != started.JobID || got.FinishedAt == nil {
		t.Fatalf("cancel through the other replica answered %+v; want job %s cancelled", got, started.JobID)
	}
	if got.Merged != 1 && got.Merged != len(got.Merges[0].Merged) {
		t.Errorf("merged %d; want only the first group's", got.Merged)
	}
	for _, eng := range r {
		st, err := eng.ReconcileStatus(ctx, "u")
		if err != nil || st.Status != engine.JobCancelled || st.JobID != started.JobID {
			t.Errorf("status after the cancel: %+v, %v", st, err)
		}
	}
	a.SetBeforeMerge(nil)
	if _, err := b.Reconcile(ctx, "u", engine.ReconcileRequest{}); err != nil {
		t.Errorf("a new job after the cancel: %v", err)
	}
}

// TestEraseStopsTheJobOnAnotherReplica: a user erased through replica B
// while replica A runs their reconcile job: the job stops, and nothing of
// the user is written back after the erase.
func TestEraseStopsTheJobOnAnotherReplica(t *testing.T) {
	ctx := context.Background()
	r := replicas(t, 2)
	a, b := r[0], r[1]
	_, release := heldReconcile(t, a, "u")
	done := make(chan error, 1)
	go func() { done <- b.EraseUser(ctx, "u") }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		release()
		t.Fatal("erase did not return")
	}
	release() // whatever A still holds runs now
	time.Sleep(500 * time.Millisecond)
	for _, eng := range r {
		st, err := eng.ReconcileStatus(ctx, "u")
		if err != nil || st.Status != engine.JobIdle {
			t.Errorf("reconcile status after the erase: %+v, %v; want idle (nothing left)", st, err)
		}
		ents, err := eng.EntitySuggestions(ctx, "u", 20)
		if err != nil || len(ents) != 0 {
			t.Errorf("suggestions after the erase: %d, %v", len(ents), err)
		}
	}
}

// TestReplicaStoppedMidReconcile: replica A shuts down while it runs a
// user's job; replica B then reports the job ended (not running forever)
// and starts the next one at once.
func TestReplicaStoppedMidReconcile(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	a, b := replicasOn(t, url, 1)[0], replicasOn(t, url, 1)[0]
	started, release := heldReconcile(t, a, "u")
	defer release()
	a.Close() // stops its job between merges and records it
	st, err := b.ReconcileStatus(ctx, "u")
	if err != nil || st.JobID != started.JobID || st.Status == engine.JobRunning || st.FinishedAt == nil {
		t.Fatalf("status through B after A stopped: %+v, %v; want job %s ended", st, err, started.JobID)
	}
	next, err := b.Reconcile(ctx, "u", engine.ReconcileRequest{})
	if err != nil || next.JobID == started.JobID {
		t.Fatalf("a new job through B: %+v, %v", next, err)
	}
}

// TestStatusOfAJobThatEndsOnAnotherReplica: a replica asked for the status
// of a job another replica is finishing reads it running, then finds the
// lease free (the job just ended): it must report the job as it ended, not
// mark it "interrupted by restart" over its real outcome. Short jobs,
// polled without pause, hit that window.
func TestStatusOfAJobThatEndsOnAnotherReplica(t *testing.T) {
	ctx := context.Background()
	r := replicas(t, 2)
	a, b := r[0], r[1]
	const user = "u"
	for _, text := range duplicateEntities {
		if _, err := a.Add(ctx, user, []engine.AddRequest{{Text: text}}); err != nil {
			t.Fatal(err)
		}
	}
	for round := range 30 {
		job, err := a.Reconcile(ctx, user, engine.ReconcileRequest{DryRun: true})
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		for {
			got, err := b.ReconcileStatus(ctx, user)
			if err != nil {
				t.Fatal(err)
			}
			if got.JobID == job.JobID && got.Status != engine.JobRunning {
				if got.Status != engine.JobDone {
					t.Fatalf("round %d: the other replica reports the job %s (%s), want done", round, got.Status, got.Error)
				}
				break
			}
		}
		// The replica that ran it answers from memory until it has given
		// the lease back, a moment after the outcome is stored.
		got, err := a.ReconcileStatus(ctx, user)
		for err == nil && got.Status == engine.JobRunning {
			got, err = a.ReconcileStatus(ctx, user)
		}
		if err != nil || got.Status != engine.JobDone {
			t.Fatalf("round %d: the replica that ran it reports %s (%s), %v; want done", round, got.Status, got.Error, err)
		}
	}
}
