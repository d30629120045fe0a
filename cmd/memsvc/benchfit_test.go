package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/bench"
)

// TestBenchFitRelevance is the refit path end to end: a recall run writes
// its calibration samples, fit-relevance fits them and reports the
// calibration before and after.
func TestBenchFitRelevance(t *testing.T) {
	samples := filepath.Join(t.TempDir(), "hybrid.jsonl")
	_, stderr, err := runBenchCmd(t, map[string]string{"MEMSVC_NO_SYNC": "true"}, "recall", "--data", benchFixture,
		"--format", "locomo", "--via", "engine", "--samples", samples)
	if err != nil {
		t.Fatalf("recall: %v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, " tpr=") || !strings.Contains(stderr, " fpr=") {
		t.Errorf("summary line without the calibration: %s", stderr)
	}
	// The mode is the samples' own: recall ran hybrid.
	stdout, stderr, err := runBenchCmd(t, nil, "fit-relevance", samples)
	if err != nil {
		t.Fatalf("fit: %v\n%s", err, stderr)
	}
	var rep bench.FitReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("fit report: %v\n%s", err, stdout)
	}
	if rep.Fit.Positives == 0 || rep.Fit.Negatives == 0 || len(rep.Sets) != 1 || rep.Sets[0].Name != samples {
		t.Errorf("fit report %+v", rep)
	}
	if rep.Sets[0].Before.Positives != rep.Fit.Positives || rep.Sets[0].After.Negatives != rep.Fit.Negatives {
		t.Errorf("before %+v after %+v: the sets must hold the fitted samples", rep.Sets[0].Before, rep.Sets[0].After)
	}
	if rep.Sets[0].Alone != rep.Fit.Model || rep.Fit.Model.Bias == 0 {
		t.Errorf("the one set's own fit %+v differs from the fit %+v", rep.Sets[0].Alone, rep.Fit.Model)
	}
	if !strings.HasPrefix(stderr, "hybrid: RelevanceModel{Bias: ") {
		t.Errorf("summary %q: want the coefficients as relevance.go writes them", stderr)
	}
	if _, _, err := runBenchCmd(t, nil, "fit-relevance", filepath.Join(t.TempDir(), "missing.jsonl")); err == nil {
		t.Error("a missing samples file fitted")
	}
	if _, _, err := runBenchCmd(t, nil, "fit-relevance", "--mode", "vector", samples); err == nil || !strings.Contains(err.Error(), "hybrid-mode samples") {
		t.Errorf("hybrid samples fitted as vector mode: err = %v", err)
	}
}
