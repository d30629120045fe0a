package postgres_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// activeIDs lists user's active memories as replica eng sees them.
func activeIDs(t *testing.T, eng interface {
	List(context.Context, string, engine.ListFilter) (*engine.Page, error)
}, user string) []string {
	t.Helper()
	p, err := eng.List(context.Background(), user, engine.ListFilter{Page: 1, Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range p.Items {
		if m.State == engine.StateActive {
			ids = append(ids, m.ID)
		}
	}
	return ids
}

// TestRacingCorrectionsAcrossReplicas: two replicas correct the same
// memory at once; one current memory is left (the other correction either
// supersedes it in turn or is refused), every replica agrees, and the
// original's history records one SUPERSEDED.
func TestRacingCorrectionsAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	r := replicas(t, 2)
	for round := range 4 {
		user := fmt.Sprintf("u%d", round)
		res, err := r[0].Add(ctx, user, []engine.AddRequest{{Text: "the boat is moored at pier seven"}})
		if err != nil || len(res) != 1 {
			t.Fatalf("add: %v %v", res, err)
		}
		orig := res[0].ID
		var errs [2]error
		texts := [2]string{"the boat is moored at pier nine", "the boat is moored at pier twelve"}
		fns := make([]func(), 2)
		for i := range fns {
			fns[i] = func() { _, errs[i] = r[i].Correct(ctx, user, orig, texts[i]) }
		}
		atOnceFns(fns...)
		for i, err := range errs {
			if err != nil && engine.ErrorCode(err) != engine.EConflict && engine.ErrorCode(err) != engine.ENotFound {
				t.Errorf("round %d: correction %d: %v", round, i, err)
			}
		}
		a, b := activeIDs(t, r[0], user), activeIDs(t, r[1], user)
		if len(a) != 1 || len(b) != 1 || a[0] != b[0] {
			t.Errorf("round %d: active after racing corrections: replica A %v, replica B %v; want the same one", round, a, b)
		}
		h, err := r[1].History(ctx, user, orig)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, ev := range h.Events {
			if ev.Event == engine.HistorySuperseded {
				n++
			}
		}
		if n != 1 {
			t.Errorf("round %d: the original's history has %d SUPERSEDED events: %+v", round, n, h.Events)
		}
	}
}

// atOnceFns runs each function in its own goroutine, released together.
func atOnceFns(fns ...func()) {
	start, done := make(chan struct{}), make(chan struct{}, len(fns))
	for _, fn := range fns {
		go func() {
			<-start
			fn()
			done <- struct{}{}
		}()
	}
	close(start)
	for range fns {
		<-done
	}
}
