package service_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// scriptedChat is a small fake chat model that answers with canned replies
// in order and records the prompts it was sent.
type scriptedChat struct {
	mu      sync.Mutex
	replies []string
	prompts []string
}

func (s *scriptedChat) Model() string { return "scripted" }

func (s *scriptedChat) Complete(_ context.Context, req llm.ChatRequest) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for _, m := range req.Messages {
		b.WriteString(m.Content)
	}
	s.prompts = append(s.prompts, b.String())
	if len(s.replies) == 0 {
		return "", errors.New("scriptedChat: no reply left")
	}
	r := s.replies[0]
	s.replies = s.replies[1:]
	return r, nil
}

func newModelEngine(t *testing.T, chat *scriptedChat) *service.Engine {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewLLM(chat, time.Second), extract.NewBuiltin()},
		Decider:    extract.NewLLMDecider(chat, time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestModelDecisionsSupersedeByIntegerID(t *testing.T) {
	ctx := context.Background()
	chat := &scriptedChat{replies: []string{
		// first request: extraction only (nothing stored yet, no decision call)
		`{"facts":[{"text":"Ana lives in Porto","subject":"Ana","memory_type":"semantic","message_ids":["m1"]}]}`,
		// second request: extraction, then the decision naming stored memory 0
		"```json\n" + `{"facts":[{"text":"Ana lives in Madrid","subject":"Ana","memory_type":"semantic","message_ids":["m1"]}]}` + "\n```",
		`{"decisions":[{"fact":0,"event":"SUPERSEDE","id":0}]}`,
	}}
	e := newModelEngine(t, chat)
	msg := func(text string) engine.ConversationRequest {
		return engine.ConversationRequest{Messages: []engine.Message{{Role: "user", Name: "Ana", ID: "m1", Content: text}}}
	}
	first, err := e.AddConversation(ctx, "u", msg("I live in Porto"))
	if err == nil {
		first.Results = factsOf(first.Results)
	}
	if err != nil || len(first.Results) != 1 {
		t.Fatalf("first: %+v %v", first, err)
	}
	second, err := e.AddConversation(ctx, "u", msg("We moved to Madrid!"))
	if err != nil {
		t.Fatal(err)
	}
	second.Results = factsOf(second.Results)
	if len(second.Results) != 1 || second.Results[0].Event != engine.EventSupersede ||
		!slices.Equal(second.Results[0].Supersedes, []string{first.Results[0].ID}) {
		t.Fatalf("model decision not applied: %+v", second.Results)
	}
	for _, p := range chat.prompts {
		if strings.Contains(p, first.Results[0].ID) {
			t.Error("a raw memory id was shown to the model")
		}
	}
	m, _ := e.Get(ctx, "u", second.Results[0].ID)
	if m.Source.Extractor != "llm/scripted" {
		t.Errorf("provenance extractor = %q", m.Source.Extractor)
	}
}

func TestInventedIDFallsBackToBuiltinDecisions(t *testing.T) {
	ctx := context.Background()
	chat := &scriptedChat{replies: []string{
		`{"facts":[{"text":"Ana likes green tea","memory_type":"semantic"}]}`,
		`{"facts":[{"text":"Ana likes green tea","memory_type":"semantic"}]}`,
		`{"decisions":[{"fact":0,"event":"UPDATE","id":7,"text":"x"}]}`, // id 7 was never shown
		`{"decisions":[{"fact":0,"event":"UPDATE","id":9,"text":"x"}]}`, // the retry invents again
	}}
	e := newModelEngine(t, chat)
	req := engine.ConversationRequest{Messages: []engine.Message{{Role: "user", Content: "I like green tea"}}}
	if _, err := e.AddConversation(ctx, "u", req); err != nil {
		t.Fatal(err)
	}
	again, err := e.AddConversation(ctx, "u", req)
	if err != nil {
		t.Fatal(err)
	}
	if !again.NoFactsExtracted {
		t.Errorf("built-in fallback should see the duplicate: %+v", again.Results)
	}
	if err := e.Check(ctx)["llm"]; err == nil {
		t.Error("health does not report the decision fallback")
	}
}
