package ui_test

import (
	"strings"
	"testing"
)

// TestEntitiesPageBeforeAnyJobSaysSo: before the first reconcile the job
// box said "Job idle 0 merged · 0 groups · 0 skipped", as if a job had run
// and found nothing.
func TestEntitiesPageBeforeAnyJobSaysSo(t *testing.T) {
	e := newEnv(t, "")
	p := e.browser().get("/entities")
	if !strings.Contains(p.body, "No reconcile job yet.") || strings.Contains(p.body, "0 merged") {
		t.Errorf("entities page before any job:\n%s", p.body)
	}
}
