package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// TestForgetAskedInAConversation: a user who asks, in the middle of a chat,
// to forget something said before gets it forgotten (the fact and the turn
// that stated it), as the same words over add_memories do; a turn that only
// mentions forgetting, or an assistant's turn, forgets nothing.
func TestForgetAskedInAConversation(t *testing.T) {
	tests := []struct {
		name, role, text string
		forgets          bool
	}{
		{"a user's request", "user", "please forget what I said about the spare key", true},
		{"asked as a question", "user", "Can you forget everything I told you about the spare key?", true},
		{"a turn that mentions forgetting", "user", "I always forget where the spare key is, lol", false},
		{"talk, not a request", "user", "forget about the spare key for now, let's plan the weekend", false},
		{"an assistant's turn", "assistant", "Forget what I said about the spare key.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newPipelineEngine(t)
			turns(t, e, t0, "I keep the spare key under the blue flowerpot by the door.")
			if !stillSaid(t, e, "flowerpot") {
				t.Fatal("the fact was not stored")
			}
			res, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{SessionID: "s2",
				Messages: []engine.Message{{Role: tt.role, Content: tt.text, CreatedAt: t0.Add(time.Hour)}}})
			if err != nil {
				t.Fatal(err)
			}
			deleted := 0
			for _, r := range res.Results {
				if r.Event == engine.EventDelete {
					deleted++
				}
			}
			if got := !stillSaid(t, e, "flowerpot"); got != tt.forgets {
				t.Errorf("forgotten = %v, want %v (results %+v)", got, tt.forgets, res.Results)
			}
			if tt.forgets && deleted < 2 {
				t.Errorf("%d DELETE results, want the fact and its turn: %+v", deleted, res.Results)
			}
		})
	}
}

// stillSaid reports whether any memory, current or not, holds word.
func stillSaid(t *testing.T, e interface {
	Search(context.Context, string, engine.Query) (*engine.SearchResult, error)
}, word string) bool {
	t.Helper()
	res, err := e.Search(context.Background(), "u", engine.Query{Text: word, TopK: 20, IncludeSuperseded: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range res.Results {
		if strings.Contains(strings.ToLower(h.Text), word) {
			return true
		}
	}
	return false
}
