package engine

import (
	"context"
	"time"
)

// HoldJob keeps the lease of job, which the caller has claimed from q,
// renewing it for lease every third of lease, so that a job that runs
// longer than one lease (a slow caption model, a long reconcile) is not
// claimed and run a second time by another replica. Renewal errors go to
// failed (nil: ignored): the work goes on, and the job's effects are
// idempotent in case the lease was lost. The returned release stops the
// renewals and returns once none is in flight, so a late renewal never
// re-takes a lease the caller has since completed or postponed.
func HoldJob(q JobQueue, job *Job, lease time.Duration, failed func(error)) (release func()) {
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(max(lease/3, time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if err := q.ExtendJob(context.Background(), job, lease); err != nil && failed != nil {
					failed(err)
				}
			}
		}
	}()
	return func() {
		close(stop)
		<-stopped
	}
}
