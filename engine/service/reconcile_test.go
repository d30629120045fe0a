package service_test

import (
	"context"
	"math"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// A reconcile threshold outside [0, 1] is refused before any job starts,
// NaN too (it compares false with both bounds), whichever client sends it.
func TestReconcileRefusesABadThreshold(t *testing.T) {
	e, _, _ := newEngineWith(t, t.TempDir(), engine.Config{})
	for _, th := range []float64{math.NaN(), -0.1, 1.5, math.Inf(1)} {
		_, err := e.Reconcile(context.Background(), "u", engine.ReconcileRequest{Threshold: &th})
		if engine.ErrorCode(err) != engine.EInvalid {
			t.Errorf("threshold %v: error %v, want invalid_request", th, err)
		}
	}
	if job, err := e.ReconcileStatus(context.Background(), "u"); err != nil || job.JobID != "" {
		t.Errorf("a job started: %+v (%v)", job, err)
	}
}
