package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestModelDistilsEngineKeepsEpisodes: with a model configured the structure
// holds: the engine keeps each substantive turn as said, the model's facts
// (here a scripted model, following the coding-session rules of its prompt)
// link to the turn their message label names, and the model is shown labels,
// never the ids the pipeline lends to turns that came without one.
func TestModelDistilsEngineKeepsEpisodes(t *testing.T) {
	chat := &scriptedChat{replies: []string{
		`{"facts":[
		  {"text":"User wants every Go service to use slog instead of logrus.","subject":"User","memory_type":"procedural","message_ids":["m1"]},
		  {"text":"User wants no dependency added without asking.","subject":"User","memory_type":"procedural","message_ids":["m1"]},
		  {"text":"Dana owns the billing service.","subject":"Dana","memory_type":"semantic","message_ids":["m3"]}]}`,
	}}
	e := newModelEngine(t, chat)
	res, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{Messages: []engine.Message{
		{Role: "user", Content: "From now on every Go service uses slog instead of logrus, and never add a dependency without asking me."},
		{Role: "assistant", Content: "Understood. Should I migrate the billing service now?"},
		{Role: "user", Content: "Yes. Billing lives in services/billing and Dana owns it."},
	}})
	if err != nil {
		t.Fatal(err)
	}
	facts, eps := factsOf(res.Results), episodesOf(res.Results)
	if len(facts) != 3 || len(eps) != 2 {
		t.Fatalf("facts %+v episodes %+v: want 3 model facts and 2 episodes (the assistant's question is not one)", facts, eps)
	}
	byText := map[string]string{}
	for _, ep := range eps {
		byText[ep.Text] = ep.ID
	}
	first := byText["User: From now on every Go service uses slog instead of logrus, and never add a dependency without asking me."]
	// The answer keeps the question its "Yes" answers; the question is no episode of its own.
	third := byText["User: Yes. Billing lives in services/billing and Dana owns it. (in reply to Assistant: Should I migrate the billing service now?)"]
	if first == "" || third == "" {
		t.Fatalf("episodes %v are not the turns as said", byText)
	}
	for _, f := range facts {
		m := mustGet(t, e, f.ID)
		want := first
		if strings.HasPrefix(f.Text, "Dana") {
			want = third
		}
		if m.Source.EpisodeID != want || slices.ContainsFunc(m.Source.MessageIDs, func(id string) bool { return strings.ContainsRune(id, 0) }) {
			t.Errorf("fact %q: episode %q message ids %q, want episode %q and no lent ids", f.Text, m.Source.EpisodeID, m.Source.MessageIDs, want)
		}
		if strings.HasPrefix(f.Text, "User wants") && m.MemoryType != engine.TypeProcedural {
			t.Errorf("instruction %q is %s, want procedural", f.Text, m.MemoryType)
		}
	}
	for _, p := range chat.prompts {
		if strings.ContainsRune(p, 0) {
			t.Error("a lent turn id was shown to the model")
		}
	}
}
