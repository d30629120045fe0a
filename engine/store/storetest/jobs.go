package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

func jobQueue(t *testing.T, s engine.Store) engine.JobQueue {
	jq, ok := s.(engine.JobQueue)
	if !ok {
		t.Skip("store has no job queue")
	}
	return jq
}

func testJobLeases(t *testing.T, s engine.Store) {
	jq := jobQueue(t, s)
	if _, err := jq.ClaimJob(ctx, "capture", "w1", time.Minute); engine.ErrorCode(err) != engine.ENotFound {
		t.Fatalf("claim of an empty queue: %v", err)
	}
	for _, id := range []string{"j1", "j1", "j2"} { // j1 twice: one job
		if err := jq.EnqueueJob(ctx, "capture", "u", id, []byte("p-"+id)); err != nil {
			t.Fatal(err)
		}
	}
	a, err := jq.ClaimJob(ctx, "capture", "w1", time.Second)
	if err != nil || a.ID != "j1" || a.User != "u" || string(a.Payload) != "p-j1" {
		t.Fatalf("first claim = %+v, %v", a, err)
	}
	b, err := jq.ClaimJob(ctx, "capture", "w2", time.Minute)
	if err != nil || b.ID != "j2" {
		t.Fatalf("second claim = %+v, %v", b, err)
	}
	if _, err := jq.ClaimJob(ctx, "capture", "w3", time.Minute); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("claim with every job leased: %v", err)
	}
	// w1 dies: its lease expires and w3 picks the job up.
	time.Sleep(time.Until(a.LeaseUntil) + 200*time.Millisecond)
	c, err := jq.ClaimJob(ctx, "capture", "w3", time.Minute)
	if err != nil || c.ID != "j1" || c.Claim == a.Claim {
		t.Fatalf("claim after expiry = %+v, %v", c, err)
	}
	if err := jq.CompleteJob(ctx, a); engine.ErrorCode(err) != engine.EConflict {
		t.Errorf("complete with a lost lease: %v, want %s", err, engine.EConflict)
	}
	if err := jq.ExtendJob(ctx, a, time.Minute); engine.ErrorCode(err) != engine.EConflict {
		t.Errorf("extend of a lost lease: %v, want %s", err, engine.EConflict)
	}
	if err := jq.ExtendJob(ctx, c, time.Hour); err != nil || time.Until(c.LeaseUntil) < 50*time.Minute {
		t.Errorf("extend = %v, lease until %v", err, c.LeaseUntil)
	}
	for _, j := range []*engine.Job{b, c} {
		if err := jq.CompleteJob(ctx, j); err != nil {
			t.Errorf("complete %s: %v", j.ID, err)
		}
	}
	if _, err := jq.ClaimJob(ctx, "capture", "w1", time.Minute); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("claim after every job completed: %v", err)
	}
}

// testJobWorkers drains 200 jobs with 4 concurrent workers: every job is
// claimed exactly once.
func testJobWorkers(t *testing.T, s engine.Store) {
	jq := jobQueue(t, s)
	const jobs, workers = 200, 4
	for i := 0; i < jobs; i++ {
		if err := jq.EnqueueJob(ctx, "reconcile", fmt.Sprintf("u%d", i%7), fmt.Sprintf("j%03d", i), nil); err != nil {
			t.Fatal(err)
		}
	}
	var (
		mu      sync.Mutex
		claimed = map[string]int{}
		wg      sync.WaitGroup
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(worker string) {
			defer wg.Done()
			for {
				j, err := jq.ClaimJob(ctx, "reconcile", worker, time.Minute)
				if engine.ErrorCode(err) == engine.ENotFound {
					return
				}
				if err != nil {
					t.Errorf("%s: claim: %v", worker, err)
					return
				}
				mu.Lock()
				claimed[j.ID]++
				mu.Unlock()
				if err := jq.CompleteJob(ctx, j); err != nil {
					t.Errorf("%s: complete %s: %v", worker, j.ID, err)
				}
			}
		}(fmt.Sprintf("w%d", w))
	}
	wg.Wait()
	if len(claimed) != jobs {
		t.Errorf("%d distinct jobs claimed, want %d", len(claimed), jobs)
	}
	for id, n := range claimed {
		if n != 1 {
			t.Errorf("job %s claimed %d times", id, n)
		}
	}
}

// testJobIDsPerUser: job ids are scoped by user, as every key is.
func testJobIDsPerUser(t *testing.T, s engine.Store) {
	jq := jobQueue(t, s)
	for _, u := range []string{"u", "v"} {
		if err := jq.EnqueueJob(ctx, "q", u, "same", []byte(u)); err != nil {
			t.Fatal(err)
		}
	}
	users := map[string]bool{}
	for i := 0; i < 2; i++ {
		j, err := jq.ClaimJob(ctx, "q", "w", time.Minute)
		if err != nil {
			t.Fatalf("claim %d: %v", i, err)
		}
		if string(j.Payload) != j.User {
			t.Errorf("job of %s carries %q", j.User, j.Payload)
		}
		users[j.User] = true
		if err := jq.CompleteJob(ctx, j); err != nil {
			t.Errorf("complete: %v", err)
		}
	}
	if !users["u"] || !users["v"] {
		t.Errorf("claimed the jobs of %v, want u and v", users)
	}
}

// testJobInUpdate: a job queued in an Update commits with it, or not at all.
func testJobInUpdate(t *testing.T, s engine.Store) {
	jq := jobQueue(t, s)
	boom := errors.New("boom")
	for _, fail := range []bool{true, false} {
		err := s.Update(ctx, "u", func(tx engine.Tx) error {
			jt, ok := tx.(engine.JobTx)
			if !ok {
				return errors.New("the Update's tx of a JobQueue store is not a JobTx")
			}
			if err := jt.EnqueueJob("capture", "m1", []byte("x")); err != nil {
				return err
			}
			if fail {
				return boom
			}
			return nil
		})
		if fail != errors.Is(err, boom) || !fail && err != nil {
			t.Fatalf("Update (fail %v): %v", fail, err)
		}
		j, err := jq.ClaimJob(ctx, "capture", "w", time.Minute)
		switch {
		case fail && engine.ErrorCode(err) != engine.ENotFound:
			t.Errorf("job of a failed Update: %+v, %v", j, err)
		case !fail && (err != nil || j.ID != "m1" || j.User != "u"):
			t.Errorf("job of a committed Update: %+v, %v", j, err)
		}
	}
	err := s.View(ctx, "u", func(tx engine.Tx) error { return tx.(engine.JobTx).EnqueueJob("capture", "m2", nil) })
	if err == nil {
		t.Error("EnqueueJob in a View succeeded")
	}
}

// testHeldJob: a job held with engine.HoldJob stays with its worker past
// its first lease (no other worker can claim it), and once released the
// worker still completes it.
func testHeldJob(t *testing.T, s engine.Store) {
	jq := jobQueue(t, s)
	if err := jq.EnqueueJob(ctx, "capture", "u", "slow", nil); err != nil {
		t.Fatal(err)
	}
	const lease = 600 * time.Millisecond
	job, err := jq.ClaimJob(ctx, "capture", "w1", lease)
	if err != nil {
		t.Fatal(err)
	}
	var renewErr error
	var mu sync.Mutex
	release := engine.HoldJob(jq, job, lease, func(err error) { mu.Lock(); renewErr = err; mu.Unlock() })
	time.Sleep(3 * lease)
	if other, err := jq.ClaimJob(ctx, "capture", "w2", time.Minute); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("a held job was claimed by another worker after %v: %+v, %v", 3*lease, other, err)
	}
	release()
	mu.Lock()
	if renewErr != nil {
		t.Errorf("renewing the lease: %v", renewErr)
	}
	mu.Unlock()
	if err := jq.CompleteJob(ctx, job); err != nil {
		t.Errorf("complete after holding: %v", err)
	}
}
