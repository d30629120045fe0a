package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// stateFact stores one user turn through the pipeline at the engine's clock and
// returns the id of the fact it distilled holding want (active).
func stateFact(t *testing.T, e *service.Engine, text, want string) string {
	t.Helper()
	return saidFact(t, e, text, want, time.Time{})
}

// saidFact is stateFact for a turn the client says was said at said (zero:
// at the engine's clock).
func saidFact(t *testing.T, e *service.Engine, text, want string, said time.Time) string {
	t.Helper()
	if _, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{
		Messages: []engine.Message{{Role: "user", Content: text, CreatedAt: said}}}); err != nil {
		t.Fatal(err)
	}
	got := activeFactsWith(t, e, want)
	if len(got) != 1 {
		t.Fatalf("after %q: %d current facts hold %q, want 1", text, len(got), want)
	}
	return got[0]
}

// activeFactsWith lists the current facts (no episodes) whose text holds s.
func activeFactsWith(t *testing.T, e *service.Engine, s string) []string {
	t.Helper()
	page, err := e.List(context.Background(), "u", engine.ListFilter{Page: 1, Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range page.Items {
		if m.State == engine.StateActive && !m.IsEpisode() && strings.Contains(strings.ToLower(m.Text), strings.ToLower(s)) {
			out = append(out, m.ID)
		}
	}
	return out
}

// wantSupersededBy checks that old is history closed by newer, and that
// newer names it.
func wantSupersededBy(t *testing.T, e *service.Engine, old, newer string) {
	t.Helper()
	o, n := mustGet(t, e, old), mustGet(t, e, newer)
	if o.State != engine.StateSuperseded || o.SupersededBy == nil || *o.SupersededBy != newer || o.ValidTo == nil || o.ExpiredAt == nil {
		t.Errorf("%q: state %s, superseded by %v, valid_to %v; want superseded by %q with its window closed",
			o.Text, o.State, o.SupersededBy, o.ValidTo, n.Text)
	}
	if !slices.Contains(n.Supersedes, old) {
		t.Errorf("%q supersedes %v, want it to name %q", n.Text, n.Supersedes, o.Text)
	}
}

// TestUndeleteMeetsNewerValue: a fact deleted, a new value of the same
// thing stored meanwhile as a plain add (nothing current to replace), then
// the delete undone: the restored fact comes back as history closed by the
// newer value, never as a second current value.
func TestUndeleteMeetsNewerValue(t *testing.T) {
	ctx := context.Background()
	e, clock := newClockedPipelineEngine(t)
	old := stateFact(t, e, "I live in Ghent.", "Ghent")
	d, err := e.DeleteUndoable(ctx, "u", []string{old})
	if err != nil {
		t.Fatal(err)
	}
	*clock = clock.Add(time.Minute)
	newer := stateFact(t, e, "We moved to Utrecht last month.", "Utrecht")
	if got, err := e.Undelete(ctx, "u", d.Undo); err != nil || !slices.Equal(got, []string{old}) {
		t.Fatalf("Undelete = %v, %v", got, err)
	}
	wantSupersededBy(t, e, old, newer)
	wantEvents(t, e, old, "ADD DELETE ADD SUPERSEDED:"+newer)
	if hits := search(t, e, engine.Query{Text: "where do I live"}); len(hits) == 0 || hits[0].ID != newer {
		t.Errorf("search after undo: %v, want the newer value %s first", ids(hits), newer)
	}
	// A restored fact the newer one does not replace stays current.
	other := stateFact(t, e, "My sister plays the cello.", "cello")
	d2, err := e.DeleteUndoable(ctx, "u", []string{other})
	if err != nil {
		t.Fatal(err)
	}
	stateFact(t, e, "I bought a green bicycle.", "bicycle")
	if _, err := e.Undelete(ctx, "u", d2.Undo); err != nil {
		t.Fatal(err)
	}
	if m := mustGet(t, e, other); m.State != engine.StateActive || m.SupersededBy != nil {
		t.Errorf("an unrelated restored fact is %s (superseded by %v), want active", m.State, m.SupersededBy)
	}
}

// TestDeleteInSupersedeChain: A replaced by B, B deleted: A stays history
// (a delete does not make an old value true again) but names no missing
// successor; a new value C is then a plain add, and undoing B's delete
// puts the chain back in order, A → B → C, with C the only current value.
func TestDeleteInSupersedeChain(t *testing.T) {
	ctx := context.Background()
	e, clock := newClockedPipelineEngine(t)
	a := stateFact(t, e, "I live in Ghent.", "Ghent")
	*clock = clock.Add(time.Minute)
	b := stateFact(t, e, "We moved to Utrecht last month.", "Utrecht")
	wantSupersededBy(t, e, a, b)
	d, err := e.DeleteUndoable(ctx, "u", []string{b})
	if err != nil {
		t.Fatal(err)
	}
	if m := mustGet(t, e, a); m.State != engine.StateSuperseded || m.SupersededBy != nil || m.ValidTo == nil {
		t.Errorf("after its successor's delete, %q is %s superseded by %v (valid_to %v); want history naming no successor",
			m.Text, m.State, m.SupersededBy, m.ValidTo)
	}
	*clock = clock.Add(time.Minute)
	c := stateFact(t, e, "We moved to Bergen this week.", "Bergen")
	if _, err := e.Undelete(ctx, "u", d.Undo); err != nil {
		t.Fatal(err)
	}
	wantSupersededBy(t, e, a, b)
	wantSupersededBy(t, e, b, c)
	if got := activeFactsWith(t, e, "lives in"); !slices.Equal(got, []string{c}) {
		t.Errorf("current facts of where the user lives: %v, want only %s", got, c)
	}
	wantEvents(t, e, a, "ADD SUPERSEDED:"+b)
	wantEvents(t, e, b, "ADD SUPERSEDE:"+a+" DELETE ADD SUPERSEDED:"+c)
	if h, _ := e.History(ctx, "u", b); h.Events[0].Text == "" || h.Events[3].Text != h.Events[0].Text {
		t.Errorf("restored history of %s lost its texts: %+v", b, h.Events)
	}
	// The plain delete leaves the same: b's predecessor names nothing gone.
	if _, _, err := e.Delete(ctx, "u", []string{b}); err != nil {
		t.Fatal(err)
	}
	if m := mustGet(t, e, a); m.SupersededBy != nil {
		t.Errorf("after a plain delete of its successor, %q is superseded by %v", m.Text, *m.SupersededBy)
	}
}

// wantEvents checks memory id's history, oldest first: each event as
// EVENT or EVENT:other_id, separated by spaces.
func wantEvents(t *testing.T, e *service.Engine, id, want string) {
	t.Helper()
	h, err := e.History(context.Background(), "u", id)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ev := range h.Events {
		if ev.OtherID != "" {
			got = append(got, ev.Event+":"+ev.OtherID)
		} else {
			got = append(got, ev.Event)
		}
	}
	if strings.Join(got, " ") != want {
		t.Errorf("history of %s:\n got  %s\n want %s", id, strings.Join(got, " "), want)
	}
}

// TestUndeleteRestoresSkill: a skill whose only source is deleted is
// forgotten with it; undoing the delete brings the same skill back (its
// id, steps and versions) naming its source again, not a new skill.
func TestUndeleteRestoresSkill(t *testing.T) {
	ctx := context.Background()
	e, clock := newClockedPipelineEngine(t)
	src := add(t, e, "u", engine.AddRequest{MemoryType: "procedural",
		Text: "Steps to reseal the greenhouse window:\n1. scrape off the old putty\n2. press in fresh glazing compound\n3. paint the frame once dry"})[0].ID
	before, err := e.Skills(ctx, "u")
	if err != nil || len(before) != 1 || !slices.Equal(before[0].SourceMemoryIDs, []string{src}) {
		t.Fatalf("skills before = %+v, %v; want one learned from %s", before, err, src)
	}
	d, err := e.DeleteUndoable(ctx, "u", []string{src})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Skill(ctx, "u", before[0].ID); engine.ErrorCode(err) != engine.ENotFound {
		t.Fatalf("skill after its only source was deleted: %v, want not found", err)
	}
	*clock = clock.Add(time.Minute)
	if _, err := e.Undelete(ctx, "u", d.Undo); err != nil {
		t.Fatal(err)
	}
	after, err := e.Skills(ctx, "u")
	if err != nil || len(after) != 1 {
		t.Fatalf("skills after undo = %+v, %v; want the one skill back", after, err)
	}
	got, was := after[0], before[0]
	if got.ID != was.ID || !slices.Equal(got.Steps, was.Steps) || !slices.Equal(got.SourceMemoryIDs, []string{src}) || len(got.Versions) != len(was.Versions) {
		t.Errorf("skill after undo = %+v\nwant as before = %+v", got, was)
	}
}
