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

// addExchange stores one request of a conversation and returns the texts of
// the episodes it kept.
func addExchange(t *testing.T, e *service.Engine, req engine.ConversationRequest) []string {
	t.Helper()
	res, err := e.AddConversation(context.Background(), "u", req)
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, r := range episodesOf(res.Results) {
		said = append(said, mustGet(t, e, r.ID).Text)
	}
	return said
}

// TestQuestionCarriedToTheNextRequest: a client that stores a conversation
// an exchange at a time ends one request with the assistant's question and
// starts the next with the answer; the answer's episode keeps the question,
// and is found by it.
func TestQuestionCarriedToTheNextRequest(t *testing.T) {
	e := newPipelineEngine(t)
	addExchange(t, e, engine.ConversationRequest{SessionID: "s", Messages: []engine.Message{
		{Role: "user", Content: "We adopted two turtles from the shelter.", CreatedAt: t0},
		{Role: "assistant", Content: "Lovely! How long have you had the turtles?", ID: "q", CreatedAt: t0},
	}})
	said := addExchange(t, e, engine.ConversationRequest{SessionID: "s", Messages: []engine.Message{
		{Role: "user", Content: "About three years now, they are calm pets.", ID: "a", CreatedAt: t0.Add(time.Minute)},
	}})
	want := "User: About three years now, they are calm pets. (in reply to Assistant: How long have you had the turtles?)"
	if !slices.Contains(said, want) {
		t.Fatalf("episodes %q, want %q", said, want)
	}
	hits := search(t, e, engine.Query{Text: "How long have I had the turtles?", Mode: engine.ModeText})
	found := slices.ContainsFunc(hits, func(h engine.Scored) bool {
		return h.Source != nil && slices.Equal(h.Source.MessageIDs, []string{"a", "q"})
	})
	if !found { // the answer alone shares no word with the question
		t.Errorf("the answer is not found by its question, or lacks the question's id: %+v", hits)
	}
	// Carried once: the answer ended without a question, so the next request
	// of the conversation reads none.
	said = addExchange(t, e, engine.ConversationRequest{SessionID: "s", Messages: []engine.Message{
		{Role: "user", Content: "Their tank sits beside the bookshelf in the study.", CreatedAt: t0.Add(2 * time.Minute)},
	}})
	for _, s := range said {
		if strings.Contains(s, "in reply to") {
			t.Errorf("episode %q: a question carried twice", s)
		}
	}
}

// TestCarriedQuestionBounds: a question is carried only within its
// conversation: the same session id, or without one the same app and project
// within the conversation gap, and only to another speaker.
func TestCarriedQuestionBounds(t *testing.T) {
	ask := func(e *service.Engine, req engine.ConversationRequest) {
		req.Messages = []engine.Message{{Role: "assistant", Content: "Which city do you live in these days?", CreatedAt: t0}}
		addExchange(t, e, req)
	}
	answer := func(req engine.ConversationRequest, at time.Time, role string) engine.ConversationRequest {
		req.Messages = []engine.Message{{Role: role, Content: "Mostly in Porto since the spring, near the river.", CreatedAt: at}}
		return req
	}
	for _, tt := range []struct {
		name        string
		first, next engine.ConversationRequest
		at          time.Time
		role        string
		carried     bool
	}{
		{"same session", engine.ConversationRequest{SessionID: "a"}, engine.ConversationRequest{SessionID: "a"}, t0.Add(3 * time.Hour), "user", true},
		{"another session", engine.ConversationRequest{SessionID: "a"}, engine.ConversationRequest{SessionID: "b"}, t0.Add(time.Minute), "user", false},
		{"no session, within the gap", engine.ConversationRequest{AppName: "n8n"}, engine.ConversationRequest{AppName: "n8n"}, t0.Add(10 * time.Minute), "user", true},
		{"no session, after the gap", engine.ConversationRequest{AppName: "n8n"}, engine.ConversationRequest{AppName: "n8n"}, t0.Add(2 * time.Hour), "user", false},
		{"no session, another app", engine.ConversationRequest{AppName: "n8n"}, engine.ConversationRequest{AppName: "cli"}, t0.Add(time.Minute), "user", false},
		{"the asker goes on", engine.ConversationRequest{SessionID: "a"}, engine.ConversationRequest{SessionID: "a"}, t0.Add(time.Minute), "assistant", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newPipelineEngine(t)
			ask(e, tt.first)
			said := addExchange(t, e, answer(tt.next, tt.at, tt.role))
			got := slices.ContainsFunc(said, func(s string) bool { return strings.Contains(s, "(in reply to Assistant: Which city") })
			if got != tt.carried {
				t.Errorf("episodes %q: carried = %v, want %v", said, got, tt.carried)
			}
		})
	}
}
