package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// sendUndated stores one request of undated, id-less turns (user, then
// assistant, alternating) in session, clock days after start.
func sendUndated(t *testing.T, e interface {
	AddConversation(context.Context, string, engine.ConversationRequest) (*engine.ConversationResult, error)
}, session string, turns ...string) *engine.ConversationResult {
	t.Helper()
	var msgs []engine.Message
	for i, s := range turns {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs = append(msgs, engine.Message{Role: role, Content: s})
	}
	res, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{SessionID: session, Messages: msgs})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func activeFacts(t *testing.T, all []*engine.Memory) []string {
	var out []string
	for _, m := range all {
		if !m.IsEpisode() && m.State == engine.StateActive {
			out = append(out, m.Text)
		}
	}
	return out
}

// TestUndatedRepeatInLongSession: a chat id that lives for months (a
// messenger chat behind an automation) is one session. Weeks after a
// change, the old words said again on their own are said anew, not the old
// turn replayed: the old value is current again.
func TestUndatedRepeatInLongSession(t *testing.T) {
	e, clock := newClockedEngine(t)
	const session = "telegram-chat-42"
	sendUndated(t, e, session, "I work at Acme Corp.")
	*clock = clock.Add(20 * 24 * time.Hour)
	sendUndated(t, e, session, "I work at Globex now.")
	*clock = clock.Add(20 * 24 * time.Hour)
	res := sendUndated(t, e, session, "I work at Acme Corp.")
	if len(res.Results) == 0 {
		t.Errorf("the repeat stored nothing: %+v", res)
	}
	current := activeFacts(t, listMemories(t, e, true))
	if !slices.ContainsFunc(current, func(s string) bool { return strings.Contains(s, "Acme") }) {
		t.Errorf("current facts %q, want Acme current again", current)
	}
}

// TestUndatedReplayedHistoryLater: a client that lost its state resends
// the chat, exchange by exchange, days later: each request repeats stored
// turns of the session in their stored order, so it is history, and the
// value said last stays current.
func TestUndatedReplayedHistoryLater(t *testing.T) {
	e, clock := newClockedEngine(t)
	const session = "telegram-chat-42"
	pairs := [][]string{
		{"I work at Acme Corp as a welder.", "Welding at Acme Corp sounds like demanding work."},
		{"I quit Acme, I work at Globex now.", "Congratulations on the new job at Globex!"},
	}
	for _, p := range pairs {
		*clock = clock.Add(time.Hour)
		sendUndated(t, e, session, p...)
	}
	before := activeFacts(t, listMemories(t, e, true))
	*clock = clock.Add(5 * 24 * time.Hour)
	for _, p := range pairs {
		sendUndated(t, e, session, p...)
		if current := activeFacts(t, listMemories(t, e, true)); !slices.Equal(current, before) {
			t.Errorf("after replaying %q: current facts %q, want %q unchanged", p[0], current, before)
		}
	}
}
