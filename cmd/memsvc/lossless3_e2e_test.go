package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/rest/client"
)

// The third round of lossless probes: history a client sends again without
// ids or times, turns dated ahead of the server, a chain of narrowing
// facts, and a long conversation over both MCP and REST.

// replayPairs is a short chat as an automation's memory node sends it: one
// request per exchange (the user's turn and the reply), no ids, no times.
var replayPairs = [][2]string{
	{"I live in Hamburg with my two cats.", "Hamburg sounds lovely, and two cats!"},
	{"I work as a nurse at the Altona clinic.", "Nursing is demanding work."},
	{"Big news: I moved to Bremen last week, I live in Bremen now.", "Congratulations on the move to Bremen!"},
	{"I quit the clinic, I work as a paramedic now.", "Paramedic, what a change."},
}

// sendPairs sends each exchange of pairs as its own request in session.
func sendPairs(t *testing.T, c *client.Client, session string, pairs [][2]string) {
	t.Helper()
	for _, p := range pairs {
		_, err := c.FromConversation(t.Context(), client.ConversationRequest{SessionID: session,
			Messages: []client.Message{{Role: "user", Content: p[0]}, {Role: "assistant", Content: p[1]}}})
		if err != nil {
			t.Fatalf("exchange %q: %v", p[0], err)
		}
	}
}

// TestLossless3ReplayedChatChangesNothing: a client that lost its state
// (an automation's memory node after a restart) sends the whole chat again,
// exchange by exchange, without ids or times. Every replayed turn is
// recognised as an episode of that conversation already stored: no new
// memory, no state flipping back and forth, no new history event; the
// current values stay current throughout.
func TestLossless3ReplayedChatChangesNothing(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	sendPairs(t, c, "chat-1", replayPairs)
	before := listAll(t, c)
	histories := map[string]string{}
	for _, m := range before {
		histories[m.ID] = string(s.get(t, anon, "/api/v1/memories/"+m.ID+"/history").raw)
	}
	for i := range replayPairs {
		sendPairs(t, c, "chat-1", replayPairs[i:i+1])
		// mid-replay, the old home must not come back as current
		if hit := firstHit(t, c, "where does the user live"); !strings.Contains(hit, "Bremen") {
			t.Errorf("after replaying exchange %d, where does the user live: first hit %q", i, hit)
		}
	}
	after := listAll(t, c)
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the replayed chat changed what is stored (-before +after):\n%s", diff)
	}
	for _, m := range after {
		if h := string(s.get(t, anon, "/api/v1/memories/"+m.ID+"/history").raw); h != histories[m.ID] {
			t.Errorf("history of %q changed by the replay:\nbefore %s\nafter  %s", m.Text, histories[m.ID], h)
		}
	}
}

// TestLossless3TurnStampedAheadHoldsFromNow: a turn and a note stamped
// hours ahead of the server (a client clock running fast, local time sent
// without its offset) are accepted, and neither the turn's episode nor its
// facts hold from a time that has not come yet: they hold from when the
// server received them.
func TestLossless3TurnStampedAheadHoldsFromNow(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	ahead := time.Now().UTC().Add(12 * time.Hour).Format(time.RFC3339)
	sayAt(t, c, "skew", "Ines", "k1", ahead, "I teach chemistry at the Lindenhof school.")
	if _, err := c.Add(t.Context(), client.AddRequest{Text: "The school choir rehearses in room 12.", Timestamp: ahead}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Add(t.Context(), client.AddRequest{Text: "The lab key is in the blue drawer.", Timestamp: ahead,
		Infer: new(bool)}); err != nil {
		t.Fatal(err)
	}
	received := time.Now().UTC()
	all := listAll(t, c)
	if len(all) < 4 {
		t.Fatalf("stored %d memories, want the turn's episode and fact and both notes", len(all))
	}
	for _, m := range all {
		from, err := time.Parse(time.RFC3339Nano, m.ValidFrom)
		if err != nil || from.After(received) {
			t.Errorf("%q holds from %s (%v), after it was received (%s)", m.Text, m.ValidFrom, err, received.Format(time.RFC3339))
		}
	}
}

// TestLossless3ChainReadsInOrder: three values of one thing, the middle one
// said last. Each superseded value points at the one that followed it, and
// that one lists it: walking superseded_by from the first reaches the
// current value through the middle one, and each window ends where the
// next begins.
func TestLossless3ChainReadsInOrder(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	said := []struct{ text, at string }{
		{"The metrics collector is on port 4100.", "2025-04-01T10:00:00Z"},
		{"The metrics collector is on port 4300.", "2025-04-20T10:00:00Z"},
		{"The metrics collector is on port 4200.", "2025-04-10T10:00:00Z"}, // said between, sent last
	}
	for _, n := range said {
		if _, err := c.Add(t.Context(), client.AddRequest{Text: n.text, Timestamp: n.at}); err != nil {
			t.Fatal(err)
		}
	}
	byValue := map[string]client.Memory{}
	for _, m := range listAll(t, c) {
		for _, v := range []string{"4100", "4200", "4300"} {
			if strings.Contains(m.Text, v) && (m.Source == nil || m.Source.Kind != "episode") {
				byValue[v] = m
			}
		}
	}
	a, b, cur := byValue["4100"], byValue["4200"], byValue["4300"]
	if cur.State != "active" || a.State != "superseded" || b.State != "superseded" {
		t.Fatalf("states a=%s b=%s c=%s, want superseded, superseded, active", a.State, b.State, cur.State)
	}
	for _, link := range []struct{ from, to client.Memory }{{a, b}, {b, cur}} {
		if by := link.from.SupersededBy; by == nil || *by != link.to.ID {
			t.Errorf("%q is superseded by %s, want %s (%q)", link.from.Text, deref(by), link.to.ID, link.to.Text)
		}
		if !slices.Contains(link.to.Supersedes, link.from.ID) {
			t.Errorf("%q lists %v as superseded, want it to list %s", link.to.Text, link.to.Supersedes, link.from.ID)
		}
		if link.from.ValidTo == nil || *link.from.ValidTo != link.to.ValidFrom {
			t.Errorf("%q is valid until %v, want %s", link.from.Text, link.from.ValidTo, link.to.ValidFrom)
		}
	}
	if slices.Contains(cur.Supersedes, a.ID) {
		t.Errorf("the current value still lists the first as superseded by it: %v", cur.Supersedes)
	}
}

// deref is *s, or "nil".
func deref(s *string) string {
	if s == nil {
		return "nil"
	}
	return *s
}
