package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// exchange sends one coding-agent exchange as the plugin's stop hook does:
// the user's prompt and the agent's reply (an unnamed assistant, or one
// named agent) in one request of session s1. It returns the episode of the
// reply.
func exchange(t *testing.T, e *service.Engine, at time.Time, agent, prompt, reply string) engine.WriteResult {
	t.Helper()
	res, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{SessionID: "s1", Messages: []engine.Message{
		{Role: "user", Content: prompt, CreatedAt: at},
		{Role: "assistant", Name: agent, Content: reply, CreatedAt: at.Add(time.Minute)},
	}})
	if err != nil {
		t.Fatalf("AddConversation(%q): %v", prompt, err)
	}
	for _, r := range episodesOf(res.Results) {
		if strings.HasSuffix(r.Text, reply) {
			return r
		}
	}
	t.Fatalf("no episode of the reply %q in %+v", reply, res.Results)
	return engine.WriteResult{}
}

func found(hits []engine.Scored, id string) bool {
	for _, h := range hits {
		if h.ID == id {
			return true
		}
	}
	return false
}

// TestSupersededFactRetiresTheAgentReply: when the user switches tools, the
// agent's reply of the exchange that stated the old tool stops coming back
// by default, yet stays listed with include_superseded and records why.
func TestSupersededFactRetiresTheAgentReply(t *testing.T) {
	e := newPipelineEngine(t)
	old := exchange(t, e, t0, "", "we use pnpm", "Ran pnpm install, all good")
	exchange(t, e, t0.Add(48*time.Hour), "", "we switched to bun", "Ran bun install, the lockfile is bun.lockb now")

	q := engine.Query{Text: "package manager install", TopK: 20}
	if hits := search(t, e, q); found(hits, old.ID) {
		t.Errorf("default search returned the old reply %q: %+v", old.Text, hits)
	}
	q.IncludeSuperseded = true
	if hits := search(t, e, q); !found(hits, old.ID) {
		t.Errorf("include_superseded lost the old reply %q: %+v", old.Text, hits)
	}
	m := mustGet(t, e, old.ID)
	if m.State != engine.StateSuperseded || m.SupersededBy == nil {
		t.Fatalf("old reply state %q superseded_by %v, want superseded by the new fact", m.State, m.SupersededBy)
	}
	h, err := e.History(context.Background(), "u", old.ID)
	if err != nil {
		t.Fatal(err)
	}
	if last := h.Events[len(h.Events)-1]; last.Event != engine.HistorySuperseded || last.OtherID != *m.SupersededBy {
		t.Errorf("old reply's last history event %+v, want %s by %s", last, engine.HistorySuperseded, *m.SupersededBy)
	}
}

// TestSupersededFactKeepsANamedSpeakersTurn: in a chat between people one
// changed fact does not take the other speaker's turn with it, whatever
// role that turn was sent with.
func TestSupersededFactKeepsANamedSpeakersTurn(t *testing.T) {
	e := newPipelineEngine(t)
	old := exchange(t, e, t0, "Bob", "we use pnpm", "Ran pnpm install, all good")
	exchange(t, e, t0.Add(48*time.Hour), "Bob", "we switched to bun", "Ran bun install, the lockfile is bun.lockb now")
	if m := mustGet(t, e, old.ID); m.State != engine.StateActive {
		t.Errorf("Bob's turn %q is %s, want active", old.Text, m.State)
	}
}

// TestSupersededFactKeptAsSaidRetiresTheAgentReply: a prompt kept as its
// own fact, with no episode beside it ("The website deploys from main"),
// still takes the reply of its exchange with it when a later fact replaces
// it.
func TestSupersededFactKeptAsSaidRetiresTheAgentReply(t *testing.T) {
	e := newPipelineEngine(t)
	old := exchange(t, e, t0, "", "The website deploys from main", "Deployed the website from main, all checks green")
	if _, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{SessionID: "s1", Messages: []engine.Message{
		{Role: "user", Content: "The website deploys from the release branch now", CreatedAt: t0.Add(48 * time.Hour)}}}); err != nil {
		t.Fatal(err)
	}
	if m := mustGet(t, e, old.ID); m.State != engine.StateSuperseded {
		t.Errorf("old reply %q is %s, want superseded", old.Text, m.State)
	}
}
