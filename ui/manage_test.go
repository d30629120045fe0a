package ui_test

import (
	"regexp"
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

// TestFilterChoicesAreDistinct: every choice of a filter reads differently
// (the state filter offered "active" twice: the default, which also shows
// pending and failed memories, and the state itself).
func TestFilterChoicesAreDistinct(t *testing.T) {
	e := newEnv(t, "")
	b := e.browser()
	for _, path := range []string{"/memories", "/timeline"} {
		body := b.get(path).body
		for _, sel := range regexp.MustCompile(`(?s)<select name="(\w+)".*?</select>`).FindAllStringSubmatch(body, -1) {
			seen := map[string]bool{}
			for _, o := range regexp.MustCompile(`>([^<]*)</option>`).FindAllStringSubmatch(sel[0], -1) {
				if seen[o[1]] {
					t.Errorf("%s: filter %s offers %q twice", path, sel[1], o[1])
				}
				seen[o[1]] = true
			}
		}
	}
}

// TestThePageSizeIsAChoiceThatSticks: 300 memories at 20 a page is 15
// pages; the list offers bigger pages, and the choice survives a search.
func TestThePageSizeIsAChoiceThatSticks(t *testing.T) {
	e := newEnv(t, "")
	b := e.browser()
	p := b.get("/memories?size=50&q=anything")
	if !strings.Contains(p.body, `<option value="50" selected>50 per page</option>`) || !strings.Contains(p.body, `<option value="100">`) {
		t.Errorf("page size choice:\n%s", p.body)
	}
	if p := b.get("/memories?size=7"); !strings.Contains(p.body, `<option value="7" selected>`) {
		t.Error("a size from the URL is not kept by the form")
	}
}
