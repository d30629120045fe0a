package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// TestCarriedQuestionIDReused: clients that number ids per request reuse
// the carried question's id in the next request. The answer under that id
// keeps its facts: the question is context for the extractor, never the
// turn a fact is traced to.
func TestCarriedQuestionIDReused(t *testing.T) {
	e := newPipelineEngine(t)
	addExchange(t, e, engine.ConversationRequest{SessionID: "s", Messages: []engine.Message{
		{Role: "user", Content: "Hi there, I have a question for you.", ID: "1", CreatedAt: t0},
		{Role: "assistant", Content: "Where do you work these days?", ID: "2", CreatedAt: t0},
	}})
	res, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{SessionID: "s", Messages: []engine.Message{
		{Role: "user", Content: "Let me think.", ID: "1", CreatedAt: t0.Add(time.Minute)},
		{Role: "user", Content: "I work at Globex as a data engineer.", ID: "2", CreatedAt: t0.Add(time.Minute)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	found := slices.ContainsFunc(res.Results, func(r engine.WriteResult) bool {
		return !r.Episode && strings.Contains(r.Text, "Globex") && r.Event != engine.EventNone
	})
	if !found {
		t.Errorf("no fact of the job stored: %+v", res.Results)
	}
}

// TestCarriedQuestionSessionSpelling: a session id spelt composed in one
// request and decomposed in the next is one conversation, as filters read
// it: the question carries across.
func TestCarriedQuestionSessionSpelling(t *testing.T) {
	e := newPipelineEngine(t)
	addExchange(t, e, engine.ConversationRequest{SessionID: "caf\u00e9-chat", Messages: []engine.Message{
		{Role: "user", Content: "We adopted two turtles from the shelter.", CreatedAt: t0},
		{Role: "assistant", Content: "Lovely! How long have you had the turtles?", CreatedAt: t0},
	}})
	said := addExchange(t, e, engine.ConversationRequest{SessionID: "cafe\u0301-chat", Messages: []engine.Message{
		{Role: "user", Content: "About three years now, they are calm pets.", CreatedAt: t0.Add(time.Minute)},
	}})
	if !slices.ContainsFunc(said, func(s string) bool { return strings.Contains(s, "How long have you had the turtles?") }) {
		t.Errorf("episodes %q: the question was not carried to the answer", said)
	}
}
