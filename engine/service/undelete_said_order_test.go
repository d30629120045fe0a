package service_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// TestUndeleteSaidAfterNewerValue: a fact deleted, then a value of the
// same thing written meanwhile whose words were said before the deleted
// fact's (a late turn, stored as a plain add), then the delete undone: the
// restored fact was said last and stays current; the value written since
// is the one that becomes history, as the write path orders two values by
// when they were said, not by when they arrived.
func TestUndeleteSaidAfterNewerValue(t *testing.T) {
	ctx := context.Background()
	e, clock := newClockedPipelineEngine(t)
	said := clock.Add(-time.Hour)
	restored := saidFact(t, e, "We moved to Utrecht last month.", "Utrecht", said)
	d, err := e.DeleteUndoable(ctx, "u", []string{restored})
	if err != nil {
		t.Fatal(err)
	}
	*clock = clock.Add(time.Minute)
	late := saidFact(t, e, "I live in Ghent.", "Ghent", said.Add(-30*24*time.Hour))
	if got, err := e.Undelete(ctx, "u", d.Undo); err != nil || !slices.Equal(got, []string{restored}) {
		t.Fatalf("Undelete = %v, %v", got, err)
	}
	if m := mustGet(t, e, restored); m.State != engine.StateActive || m.SupersededBy != nil || m.ValidTo != nil {
		t.Errorf("the restored fact said last is %s (superseded by %v, valid_to %v), want current",
			m.State, m.SupersededBy, m.ValidTo)
	}
	wantSupersededBy(t, e, late, restored)
	if got := activeFactsWith(t, e, "Ghent"); len(got) != 0 {
		t.Errorf("the value said earlier is still current: %v", got)
	}
	if hits := search(t, e, engine.Query{Text: "where do I live"}); len(hits) == 0 || hits[0].ID != restored {
		t.Errorf("search after undo: %v, want the value said last %s first", ids(hits), restored)
	}
}
