package service_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// lateTurn is one user turn with the time it was said.
type lateTurn struct {
	text string
	at   string // RFC 3339
}

// sendTurns stores calls, each one request of turns, in the order given
// (the arrival order, not the said order).
func sendTurns(t *testing.T, e *service.Engine, calls ...[]lateTurn) {
	t.Helper()
	n := 0
	for _, call := range calls {
		var msgs []engine.Message
		for _, turn := range call {
			at, err := time.Parse(time.RFC3339, turn.at)
			if err != nil {
				t.Fatal(err)
			}
			n++
			msgs = append(msgs, engine.Message{Role: "user", Content: turn.text, ID: fmt.Sprintf("t%d", n), CreatedAt: at})
		}
		if _, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{Messages: msgs, SessionID: "s"}); err != nil {
			t.Fatal(err)
		}
	}
}

// factSaying is the one fact (not episode), active or not, whose text holds
// word; it fails unless there is exactly one.
func factSaying(t *testing.T, all []*engine.Memory, word string) *engine.Memory {
	t.Helper()
	var found []*engine.Memory
	for _, m := range all {
		if m.Source != nil && m.Source.Kind == engine.SourceEpisode {
			continue
		}
		if strings.Contains(strings.ToLower(m.Text), strings.ToLower(word)) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d facts say %q, want 1: %s", len(found), word, statesAndTexts(found))
	}
	return found[0]
}

func statesAndTexts(ms []*engine.Memory) string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%s %q", m.State, m.Text))
	}
	return strings.Join(out, "; ")
}

// checkSucceeded checks that current, the fact of the turn said last, is
// active and found first for query, and that earlier, said before it, is
// history: superseded by current, its window ending where current's begins.
// The episode of the turn said last stays active, that of the turn said
// first is retired.
func checkSucceeded(t *testing.T, e *service.Engine, current, earlier, query string) {
	t.Helper()
	all := listMemories(t, e, true)
	cur, old := factSaying(t, all, current), factSaying(t, all, earlier)
	if cur.State != engine.StateActive || cur.ValidTo != nil {
		t.Errorf("the fact said last was ended: %s %q valid_to %v", cur.State, cur.Text, cur.ValidTo)
	}
	if old.State != engine.StateSuperseded || old.SupersededBy == nil || *old.SupersededBy != cur.ID {
		t.Errorf("the fact said first: %s %q superseded_by %v, want superseded by %s", old.State, old.Text, old.SupersededBy, cur.ID)
	}
	if old.ValidTo == nil || !old.ValidTo.Equal(maxTime(cur.ValidFrom, old.ValidFrom)) {
		t.Errorf("the fact said first is valid until %v, want %v", old.ValidTo, cur.ValidFrom)
	}
	if !containsID(cur.Supersedes, old.ID) {
		t.Errorf("the fact said last lists supersedes %v, want %s in it", cur.Supersedes, old.ID)
	}
	for _, m := range all {
		if m.Source == nil || m.Source.Kind != engine.SourceEpisode {
			continue
		}
		if strings.Contains(m.Text, current) && m.State != engine.StateActive {
			t.Errorf("the turn said last was hidden: %s %q", m.State, m.Text)
		}
		if strings.Contains(m.Text, earlier) && m.State == engine.StateActive {
			t.Errorf("the turn said first is still active, as it is not when the turns come in order: %q", m.Text)
		}
	}
	res, err := e.Search(context.Background(), "u", engine.Query{Text: query, TopK: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) == 0 {
		t.Errorf("search %q found nothing", query)
	} else if hit := res.Results[0].Text; !strings.Contains(hit, current) {
		t.Errorf("search %q: first hit %q, want the fact saying %q", query, hit, current)
	}
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func containsID(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// TestSupersedeLateTurn: a turn that reaches memsvc after a turn said later
// (a client that was offline, an import of older chat) tells how things
// were. Whatever the order the turns arrive in, across calls or within one,
// the fact said last stays current and the one said first is history.
func TestSupersedeLateTurn(t *testing.T) {
	first := lateTurn{"I live in Ghent.", "2025-02-03T09:00:00Z"}
	last := lateTurn{"I moved to Valencia in April.", "2025-05-20T18:30:00Z"}
	const query = "where does the user live"
	for _, tc := range []struct {
		name  string
		calls [][]lateTurn
	}{
		{"in order", [][]lateTurn{{first}, {last}}},
		{"late older call", [][]lateTurn{{last}, {first}}},
		{"one call out of order", [][]lateTurn{{last, first}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newIntentEngine(t)
			sendTurns(t, e, tc.calls...)
			checkSucceeded(t, e, "Valencia", "Ghent", query)
		})
	}
}

// TestSupersedeLateTurnJob: the same for another kind of fact, a job.
func TestSupersedeLateTurnJob(t *testing.T) {
	e := newIntentEngine(t)
	sendTurns(t, e, []lateTurn{{"I work at Brightwater Clinic now.", "2024-11-12T08:00:00Z"}},
		[]lateTurn{{"I work at Orbital Labs.", "2024-06-02T08:00:00Z"}})
	checkSucceeded(t, e, "Brightwater", "Orbital", "where does the user work")
}

// TestSupersedeLateTurnRelativeTime: the order is when the turns were said,
// not when what they say began. "Moved last week" said after a turn naming
// another city ends that city, whichever arrives first.
func TestSupersedeLateTurnRelativeTime(t *testing.T) {
	before := lateTurn{"I live in Leeds.", "2025-06-07T12:00:00Z"}
	after := lateTurn{"I moved to York last week.", "2025-06-08T12:00:00Z"}
	for name, calls := range map[string][][]lateTurn{
		"in order":   {{before}, {after}},
		"late older": {{after}, {before}},
	} {
		t.Run(name, func(t *testing.T) {
			e := newIntentEngine(t)
			sendTurns(t, e, calls...)
			checkSucceeded(t, e, "York", "Leeds", "where does the user live")
		})
	}
}

// TestSupersedeLateTurnRestates: a late turn that says again what holds now
// is a duplicate, not a change: one active fact, nothing superseded.
func TestSupersedeLateTurnRestates(t *testing.T) {
	e := newIntentEngine(t)
	sendTurns(t, e, []lateTurn{{"I live in Valencia.", "2025-05-20T18:30:00Z"}},
		[]lateTurn{{"I live in Valencia!", "2025-01-04T07:00:00Z"}})
	all := listMemories(t, e, true)
	f := factSaying(t, all, "Valencia")
	if f.State != engine.StateActive || f.ValidTo != nil {
		t.Errorf("the fact was ended by its own restatement: %s %q valid_to %v", f.State, f.Text, f.ValidTo)
	}
}

// TestSupersedeLateTurnMovedBack: words said again after a change ("I live
// in Ghent" in January and again in August) link to the episode that said
// them first, but were said in August: a late turn from July does not end
// them.
func TestSupersedeLateTurnMovedBack(t *testing.T) {
	e := newIntentEngine(t)
	sendTurns(t, e, []lateTurn{{"I live in Ghent.", "2025-01-10T09:00:00Z"}},
		[]lateTurn{{"I live in Valencia.", "2025-04-10T09:00:00Z"}},
		[]lateTurn{{"I live in Ghent.", "2025-08-10T09:00:00Z"}},
		[]lateTurn{{"I live in Lisbon.", "2025-07-10T09:00:00Z"}})
	var current []string
	for _, m := range listMemories(t, e, false) {
		if m.Source == nil || m.Source.Kind != engine.SourceEpisode {
			current = append(current, m.Text)
		}
	}
	if len(current) != 1 || !strings.Contains(current[0], "Ghent") {
		t.Errorf("active facts %q, want the one fact of Ghent said in August", current)
	}
}

// TestSupersedeLateNote: a note given the time it was said (POST
// /api/v1/memories with a timestamp) is settled by that time too.
func TestSupersedeLateNote(t *testing.T) {
	e := newIntentEngine(t)
	sendTurns(t, e, []lateTurn{{"I work at Brightwater Clinic now.", "2024-11-12T08:00:00Z"}})
	said := time.Date(2024, 6, 2, 8, 0, 0, 0, time.UTC)
	if _, err := e.Note(context.Background(), "u", engine.AddRequest{Text: "I work at Orbital Labs.", Timestamp: said}); err != nil {
		t.Fatal(err)
	}
	checkSucceeded(t, e, "Brightwater", "Orbital", "where does the user work")
}

// TestSupersedeReusedMessageIDs: clients that number message ids per
// conversation ("1", "2", …) reuse them. A turn of another conversation,
// said weeks later, that carries an id an old fact was stored under and says
// that fact's words is said anew, not the old turn resent: the old value is
// current again (whether it also ends the other value is the decision's,
// as for any fresh turn).
func TestSupersedeReusedMessageIDs(t *testing.T) {
	e, clock := newClockedEngine(t)
	ctx := context.Background()
	start := *clock
	send := func(session, id, text string, said time.Time) {
		t.Helper()
		msg := engine.Message{Role: "user", Content: text, ID: id, CreatedAt: said}
		if _, err := e.AddConversation(ctx, "u", engine.ConversationRequest{Messages: []engine.Message{msg}, SessionID: session}); err != nil {
			t.Fatal(err)
		}
	}
	send("chat-1", "1", "The website deploys from main.", start)
	*clock = start.Add(time.Hour)
	send("chat-1", "2", "The website deploys from the release branch now.", *clock)
	*clock = start.Add(20 * 24 * time.Hour)
	send("chat-2", "1", "The website deploys from main.", *clock)
	var current []string
	for _, m := range listMemories(t, e, false) {
		if !m.IsEpisode() {
			current = append(current, m.Text)
		}
	}
	if !slices.ContainsFunc(current, func(s string) bool { return strings.Contains(s, "from main") }) {
		t.Errorf("current facts %q, want one saying main, said again in chat-2", current)
	}
}

// TestSupersedeResentTurnStaysHistory: the same turn resent by its own
// conversation with its id and time (a retry) changes nothing: the value
// said after it stays current.
func TestSupersedeResentTurnStaysHistory(t *testing.T) {
	e, clock := newClockedEngine(t)
	ctx := context.Background()
	start := *clock
	first := engine.Message{Role: "user", Content: "The website deploys from main.", ID: "1", CreatedAt: start}
	second := engine.Message{Role: "user", Content: "The website deploys from the release branch now.", ID: "2", CreatedAt: start.Add(time.Hour)}
	for _, msgs := range [][]engine.Message{{first}, {second}, {first}} {
		*clock = clock.Add(2 * time.Hour)
		if _, err := e.AddConversation(ctx, "u", engine.ConversationRequest{Messages: msgs, SessionID: "chat-1"}); err != nil {
			t.Fatal(err)
		}
	}
	var current []string
	for _, m := range listMemories(t, e, false) {
		if !m.IsEpisode() {
			current = append(current, m.Text)
		}
	}
	if len(current) != 1 || !strings.Contains(current[0], "release") {
		t.Errorf("current facts %q, want the one saying the release branch", current)
	}
}
