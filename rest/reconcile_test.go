package rest_test

import (
	"context"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// entityFixture plants duplicate entities among near-misses. Each planted
// group is a set of names the same thing goes by; every other pair of
// names is a near-miss that must not be suggested.
var (
	entityFixture = []string{
		"Bob Smith joined Acme Inc. as a designer.",
		"Bob said the Acme launch slipped to May.",
		"Email bob@acme.io about the Acme launch plan.",
		"Bob Smith is moving to New York City next year.",
		"We had pizza in NYC with Bob.",
		"New York City is expensive in December.",
		"The cluster runs on Kubernetes since March.",
		"We must upgrade K8s before the cluster migration.",
		"Maria Garcia reviewed the Kubernetes budget.",
		"Dr. Garcia approved the Kubernetes budget.",
		"The offsite is in San Francisco this spring.",
		"Book flights to SF for the offsite.",
		"Bob Jones from Globex called about the invoice.",
		"Globex wants the invoice paid by Friday.",
		"Alice visited New Jersey last summer.",
		"The conference moved from Santa Fe to Denver.",
		"Maria Lopez joined the Denver office.",
	}
	plantedGroups = [][]string{
		{"Bob Smith", "Bob", "bob@acme.io"},
		{"New York City", "NYC"},
		{"Acme", "Acme Inc."},
		{"Kubernetes", "K8s"},
		{"Maria Garcia", "Dr. Garcia"},
		{"San Francisco", "SF"},
	}
)

type suggestionsAnswer struct {
	Suggestions []engine.EntitySuggestion `json:"suggestions"`
}

func ingestFixture(a *apiEnv, user string) {
	a.t.Helper()
	for _, text := range entityFixture {
		a.mustCall(200, "POST", "/api/v1/memories", user, map[string]any{"text": text, "infer": false}, nil)
	}
}

// namePairs lists the unordered name pairs within groups of names.
func namePairs(groups [][]string) map[[2]string]bool {
	out := map[[2]string]bool{}
	for _, g := range groups {
		for i := range g {
			for j := i + 1; j < len(g); j++ {
				a, b := g[i], g[j]
				if a > b {
					a, b = b, a
				}
				out[[2]string{a, b}] = true
			}
		}
	}
	return out
}

func TestEntitySuggestionsOnPlantedDuplicates(t *testing.T) {
	a := newAPIEnv(t)
	ingestFixture(a, "alice")
	var res suggestionsAnswer
	a.mustCall(200, "GET", "/api/v1/entities/suggestions?limit=20", "alice", nil, &res)
	var groups [][]string
	for _, s := range res.Suggestions {
		var names []string
		for _, e := range s.Entities {
			names = append(names, e.Name)
		}
		groups = append(groups, names)
		if s.ID == "" || s.Reason == "" || s.Score <= 0 || s.Score > 1 || s.Entities[0].ID != s.CanonicalID {
			t.Errorf("malformed suggestion %+v", s)
		}
	}
	truth, got := namePairs(plantedGroups), namePairs(groups)
	hit := 0
	for p := range got {
		if truth[p] {
			hit++
		} else {
			t.Errorf("suggested a near-miss: %q", p)
		}
	}
	precision, recall := float64(hit)/float64(max(1, len(got))), float64(hit)/float64(len(truth))
	t.Logf("suggestions: %v", groups)
	t.Logf("pairwise precision %.2f (%d/%d), recall %.2f (%d/%d)", precision, hit, len(got), recall, hit, len(truth))
	if precision < 1 || recall < 0.8 {
		t.Errorf("precision %.2f, recall %.2f: want 1 and at least 0.8", precision, recall)
	}
	var one suggestionsAnswer
	a.mustCall(200, "GET", "/api/v1/entities/suggestions?limit=1", "alice", nil, &one)
	if len(one.Suggestions) != 1 {
		t.Errorf("limit=1 gave %d suggestions", len(one.Suggestions))
	}
	var e apiError
	if st := a.call("GET", "/api/v1/entities/suggestions?limit=0", "alice", nil, &e); st != 400 || !strings.Contains(e.Detail, "limit") {
		t.Errorf("limit=0: %d %+v", st, e)
	}
}

// waitJob polls the job until it is no longer running.
func waitJob(a *apiEnv, user string) engine.ReconcileJob {
	a.t.Helper()
	var job engine.ReconcileJob
	for range 2000 {
		a.mustCall(200, "GET", "/api/v1/entities/reconcile", user, nil, &job)
		if job.Status != engine.JobRunning {
			return job
		}
		time.Sleep(5 * time.Millisecond)
	}
	a.t.Fatalf("job still running: %+v", job)
	return job
}

// entityState is a user's entities and memory refs, for comparisons.
type entityState struct {
	Entities []engine.Entity
	Refs     map[string][]engine.EntityRef // memory id → refs
}

func stateOf(a *apiEnv, user string) entityState {
	a.t.Helper()
	ents, err := a.eng.Entities(context.Background(), user)
	if err != nil {
		a.t.Fatal(err)
	}
	var page struct {
		Items []engine.Memory `json:"items"`
	}
	a.mustCall(200, "GET", "/api/v1/memories?size=100", user, nil, &page)
	st := entityState{Entities: ents, Refs: map[string][]engine.EntityRef{}}
	for _, m := range page.Items {
		st.Refs[m.ID] = m.Entities
	}
	return st
}

func (s entityState) byName(name string) engine.Entity {
	for _, e := range s.Entities {
		if e.Name == name {
			return e
		}
	}
	return engine.Entity{}
}

// checkConsistent verifies the links both ways: every ref names a live
// entity that links back, every link is a ref, every alias record points
// at a live entity that lists it.
func checkConsistent(t *testing.T, s entityState) {
	t.Helper()
	byID := map[string]engine.Entity{}
	for _, e := range s.Entities {
		byID[e.ID] = e
	}
	for memID, refs := range s.Refs {
		for _, r := range refs {
			e, ok := byID[r.ID]
			switch {
			case !ok:
				t.Errorf("memory %s refers to missing entity %+v", memID, r)
			case e.MergedInto != "":
				t.Errorf("memory %s refers to alias record %q (merged into %s)", memID, e.Name, e.MergedInto)
			case !slices.Contains(e.MemoryIDs, memID):
				t.Errorf("entity %q does not link back to memory %s", e.Name, memID)
			case r.Name != e.Name || r.Type != e.Type:
				t.Errorf("memory %s has stale ref %+v for %q/%s", memID, r, e.Name, e.Type)
			}
		}
	}
	for _, e := range s.Entities {
		if e.Mentions != len(e.MemoryIDs) {
			t.Errorf("entity %q counts %d mentions but links %d memories", e.Name, e.Mentions, len(e.MemoryIDs))
		}
		for _, memID := range e.MemoryIDs {
			if !slices.ContainsFunc(s.Refs[memID], func(r engine.EntityRef) bool { return r.ID == e.ID }) {
				t.Errorf("entity %q links memory %s that does not refer to it", e.Name, memID)
			}
		}
		if e.MergedInto == "" {
			continue
		}
		if sv, ok := byID[e.MergedInto]; !ok || sv.MergedInto != "" || !slices.Contains(sv.Merged, e.ID) {
			t.Errorf("alias record %q points at %q, which is not a live survivor listing it", e.Name, e.MergedInto)
		}
		if len(e.MemoryIDs) > 0 {
			t.Errorf("alias record %q still links memories %v", e.Name, e.MemoryIDs)
		}
	}
}

func TestReconcileMergesPlantedDuplicates(t *testing.T) {
	a := newAPIEnv(t)
	ingestFixture(a, "alice")
	ingestFixture(a, "carol")
	carolBefore := stateOf(a, "carol")
	before := stateOf(a, "alice")

	var idle engine.ReconcileJob
	a.mustCall(200, "GET", "/api/v1/entities/reconcile", "alice", nil, &idle)
	if idle.Status != engine.JobIdle {
		t.Fatalf("before any job: %+v", idle)
	}
	var started engine.ReconcileJob
	a.mustCall(202, "POST", "/api/v1/entities/reconcile", "alice", map[string]any{}, &started)
	if started.JobID == "" || started.Status != engine.JobRunning {
		t.Fatalf("POST answered %+v", started)
	}
	job := waitJob(a, "alice")
	if job.Status != engine.JobDone || job.JobID != started.JobID || job.FinishedAt == nil {
		t.Fatalf("job = %+v", job)
	}
	after := stateOf(a, "alice")
	checkConsistent(t, after)

	bob := after.byName("Bob Smith")
	if job.Merged != 6 || job.Groups != 5 || !cmp.Equal(bob.Aliases, []string{"Bob", "bob@acme.io"}) {
		t.Errorf("merged %d of %d groups (want 6 of 5), Bob Smith aliases %v", job.Merged, job.Groups, bob.Aliases)
	}
	for _, name := range []string{"Bob", "bob@acme.io"} {
		if x := after.byName(name); x.MergedInto != bob.ID {
			t.Errorf("%q merged into %q, want Bob Smith %q", name, x.MergedInto, bob.ID)
		}
		for _, memID := range before.byName(name).MemoryIDs { // its memories now name the survivor
			if !slices.ContainsFunc(after.Refs[memID], func(r engine.EntityRef) bool { return r.ID == bob.ID }) {
				t.Errorf("memory %s once mentioning %q does not refer to Bob Smith: %+v", memID, name, after.Refs[memID])
			}
		}
	}
	if acme := after.byName("Acme"); acme.Type != "organization" { // the survivor took the informative type
		t.Errorf("Acme survived as %q", acme.Type)
	}
	var left suggestionsAnswer
	a.mustCall(200, "GET", "/api/v1/entities/suggestions", "alice", nil, &left)
	if len(left.Suggestions) != 0 {
		t.Errorf("suggestions left after reconcile: %+v", left.Suggestions)
	}
	// A new mention of a merged name finds the survivor.
	var added struct {
		Results []struct{ ID string } `json:"results"`
	}
	a.mustCall(200, "POST", "/api/v1/memories", "alice", map[string]any{"text": "Lunch with Bob on Monday.", "infer": false}, &added)
	if refs := stateOf(a, "alice").Refs[added.Results[0].ID]; len(refs) == 0 || refs[0].ID != bob.ID {
		t.Errorf("new mention of Bob refers to %+v, want Bob Smith", refs)
	}
	if diff := cmp.Diff(carolBefore, stateOf(a, "carol")); diff != "" {
		t.Errorf("another user's entities changed (-before +after):\n%s", diff)
	}
}

func TestReconcileDryRunChangesNothing(t *testing.T) {
	a := newAPIEnv(t)
	ingestFixture(a, "alice")
	before := stateOf(a, "alice")
	a.mustCall(202, "POST", "/api/v1/entities/reconcile", "alice", map[string]any{"dry_run": true}, nil)
	job := waitJob(a, "alice")
	if job.Status != engine.JobDone || !job.DryRun || job.Merged != 6 || len(job.Merges) != 5 {
		t.Fatalf("dry run job = %+v", job)
	}
	for _, m := range job.Merges {
		if m.Status != engine.MergePlanned || m.Survivor.ID == "" || len(m.Merged) == 0 {
			t.Errorf("dry run merge %+v", m)
		}
	}
	if diff := cmp.Diff(before, stateOf(a, "alice")); diff != "" {
		t.Errorf("dry run changed the store (-before +after):\n%s", diff)
	}
}

func TestReconcileOnlyChosenSuggestions(t *testing.T) {
	a := newAPIEnv(t)
	ingestFixture(a, "alice")
	var sg suggestionsAnswer
	a.mustCall(200, "GET", "/api/v1/entities/suggestions", "alice", nil, &sg)
	var nyc engine.EntitySuggestion
	for _, s := range sg.Suggestions {
		if s.Entities[0].Name == "New York City" {
			nyc = s
		}
	}
	a.mustCall(202, "POST", "/api/v1/entities/reconcile", "alice", map[string]any{"suggestion_ids": []string{nyc.ID}}, nil)
	if job := waitJob(a, "alice"); job.Merged != 1 || job.Groups != 1 {
		t.Fatalf("job = %+v", job)
	}
	after := stateOf(a, "alice")
	checkConsistent(t, after)
	if after.byName("NYC").MergedInto == "" || after.byName("Bob").MergedInto != "" {
		t.Errorf("NYC merged into %q, Bob into %q: want only NYC merged", after.byName("NYC").MergedInto, after.byName("Bob").MergedInto)
	}
}

func TestReconcileRejectsBadRequests(t *testing.T) {
	a := newAPIEnv(t)
	ingestFixture(a, "alice")
	tests := []struct {
		name  string
		body  any
		field string
	}{
		{"threshold above 1", map[string]any{"threshold": 1.5}, "threshold"},
		{"negative threshold", map[string]any{"threshold": -0.1}, "threshold"},
		{"threshold not a number", map[string]any{"threshold": "high"}, "threshold"},
		{"unknown suggestion", map[string]any{"suggestion_ids": []string{"sg_nope"}}, "suggestion_ids"},
		{"empty suggestion id", map[string]any{"suggestion_ids": []string{" "}}, "suggestion_ids"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e apiError
			if st := a.call("POST", "/api/v1/entities/reconcile", "alice", tt.body, &e); st != 400 || !strings.Contains(e.Detail, tt.field) {
				t.Errorf("status %d %+v, want 400 naming %s", st, e, tt.field)
			}
		})
	}
	var job engine.ReconcileJob
	a.mustCall(200, "GET", "/api/v1/entities/reconcile", "alice", nil, &job)
	if job.Status != engine.JobIdle {
		t.Errorf("a rejected request left a job: %+v", job)
	}
}

// holdJob makes the first reconcile job of e to reach group n wait there
// until it is cancelled, and returns a channel that receives once it does.
func holdJob(e *service.Engine, n int) <-chan struct{} {
	held := make(chan struct{}, 1)
	var mu sync.Mutex
	var first context.Context
	e.SetBeforeMerge(func(ctx context.Context, i int) {
		if i != n {
			return
		}
		mu.Lock()
		if first == nil {
			first = ctx
			held <- struct{}{}
		}
		hold := first == ctx
		mu.Unlock()
		if hold {
			<-ctx.Done()
		}
	})
	return held
}

func TestReconcileCancelMidJob(t *testing.T) {
	a := newAPIEnv(t)
	ingestFixture(a, "alice")
	ingestFixture(a, "carol")
	carolBefore := stateOf(a, "carol")
	var sg suggestionsAnswer
	a.mustCall(200, "GET", "/api/v1/entities/suggestions", "alice", nil, &sg)
	held := holdJob(a.eng, 1)
	var started engine.ReconcileJob
	a.mustCall(202, "POST", "/api/v1/entities/reconcile", "alice", nil, &started)
	<-held // group 0 merged; the job waits before group 1

	var e apiError
	if st := a.call("POST", "/api/v1/entities/reconcile", "alice", map[string]any{}, &e); st != 409 || e.Code != "conflict" {
		t.Errorf("second POST while running: %d %+v, want 409 conflict", st, e)
	}
	a.mustCall(202, "POST", "/api/v1/entities/reconcile", "carol", map[string]any{"dry_run": true}, nil) // one job per user, not per server
	var running engine.ReconcileJob
	a.mustCall(200, "GET", "/api/v1/entities/reconcile", "alice", nil, &running)
	if running.Status != engine.JobRunning || running.Merged != len(sg.Suggestions[0].Entities)-1 {
		t.Errorf("while held: %+v", running)
	}
	var cancelled engine.ReconcileJob
	a.mustCall(200, "DELETE", "/api/v1/entities/reconcile", "alice", nil, &cancelled)
	if cancelled.Status != engine.JobCancelled || cancelled.JobID != started.JobID || cancelled.FinishedAt == nil {
		t.Fatalf("DELETE answered %+v", cancelled)
	}
	after := stateOf(a, "alice")
	checkConsistent(t, after)
	for i, s := range sg.Suggestions { // group 0 fully merged, the rest untouched
		for _, x := range s.Entities[1:] {
			merged := slices.ContainsFunc(after.Entities, func(e engine.Entity) bool { return e.ID == x.ID && e.MergedInto == s.CanonicalID })
			if merged != (i == 0) {
				t.Errorf("group %d member %q merged = %v", i, x.Name, merged)
			}
		}
	}
	var again engine.ReconcileJob
	a.mustCall(200, "GET", "/api/v1/entities/reconcile", "alice", nil, &again)
	if diff := cmp.Diff(cancelled, again); diff != "" {
		t.Errorf("GET after DELETE differs (-delete +get):\n%s", diff)
	}
	waitJob(a, "carol")
	if diff := cmp.Diff(carolBefore, stateOf(a, "carol")); diff != "" {
		t.Errorf("another user's entities changed (-before +after):\n%s", diff)
	}
	// A new job finishes what the cancelled one left.
	a.eng.SetBeforeMerge(nil)
	// The ended job gave its reconcile lease back before DELETE returned it
	// cancelled, so a new start succeeds at once.
	a.mustCall(202, "POST", "/api/v1/entities/reconcile", "alice", nil, nil)
	if job := waitJob(a, "alice"); job.Status != engine.JobDone || job.Groups != len(sg.Suggestions)-1 {
		t.Errorf("second job = %+v", job)
	}
	checkConsistent(t, stateOf(a, "alice"))
}

func TestReconcileJobSurvivesRestart(t *testing.T) {
	tests := []struct {
		name      string
		interrupt func(a *apiEnv)
		wantError string
	}{
		{"shutdown", func(a *apiEnv) { a.eng.Close() }, "interrupted by shutdown"},
		{"crash", func(a *apiEnv) {
			// The process dies with the job recorded running: no worker records an outcome.
			err := a.st.Update(context.Background(), "alice", func(tx engine.Tx) error {
				var job map[string]any
				if err := tx.GetDoc("job", "reconcile", &job); err != nil {
					return err
				}
				job["status"] = engine.JobRunning
				return tx.PutDoc("job", "reconcile", job)
			})
			if err != nil {
				a.t.Fatal(err)
			}
		}, "interrupted by restart"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newAPIEnv(t)
			ingestFixture(a, "alice")
			held := holdJob(a.eng, 1)
			var started engine.ReconcileJob
			a.mustCall(202, "POST", "/api/v1/entities/reconcile", "alice", nil, &started)
			<-held
			a.eng.Close()
			tt.interrupt(a)
			a.serve(newAPIEngine(t, a.st))
			var job engine.ReconcileJob
			a.mustCall(200, "GET", "/api/v1/entities/reconcile", "alice", nil, &job)
			if job.JobID != started.JobID || job.Status != engine.JobFailed || job.Error != tt.wantError || job.Merged == 0 {
				t.Errorf("after restart: %+v", job)
			}
			checkConsistent(t, stateOf(a, "alice"))
			a.mustCall(202, "POST", "/api/v1/entities/reconcile", "alice", nil, nil)
			if job := waitJob(a, "alice"); job.Status != engine.JobDone {
				t.Errorf("new job after restart: %+v", job)
			}
		})
	}
}

func TestDeletingMemoriesUnlinksEntities(t *testing.T) {
	a := newAPIEnv(t)
	var added struct {
		Results []struct{ ID string } `json:"results"`
	}
	a.mustCall(200, "POST", "/api/v1/memories", "alice", map[string]any{"text": "Zed Quinn moved to Lisbon.", "infer": false}, &added)
	a.mustCall(200, "POST", "/api/v1/memories", "alice", map[string]any{"text": "Zed Quinn loves Lisbon in May.", "infer": false}, nil)
	names := func() []string {
		var out []string
		for _, e := range stateOf(a, "alice").Entities {
			out = append(out, e.Name+":"+strings.Repeat("*", len(e.MemoryIDs)))
		}
		sort.Strings(out)
		return out
	}
	if diff := cmp.Diff([]string{"Lisbon:**", "Zed Quinn:**"}, names()); diff != "" {
		t.Fatalf("entities (-want +got):\n%s", diff)
	}
	a.mustCall(200, "DELETE", "/api/v1/memories", "alice", map[string]any{"memory_ids": []string{added.Results[0].ID}}, nil)
	if diff := cmp.Diff([]string{"Lisbon:*", "Zed Quinn:*"}, names()); diff != "" {
		t.Errorf("after one delete (-want +got):\n%s", diff)
	}
	checkConsistent(t, stateOf(a, "alice"))
	var page struct {
		Items []struct{ ID string } `json:"items"`
	}
	a.mustCall(200, "GET", "/api/v1/memories", "alice", nil, &page)
	a.mustCall(200, "DELETE", "/api/v1/memories", "alice", map[string]any{"memory_ids": []string{page.Items[0].ID}}, nil)
	if got := names(); len(got) != 0 {
		t.Errorf("entities left after every mention was deleted: %v", got)
	}
}
