package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// A time a write says something was said becomes the memory's valid_from,
// and readers take the later date as the current one: every way into the
// engine (REST checks it too, MCP and stdio do not) refuses one more than a
// day past the engine's clock, and stores nothing.
func TestSaidInTheFutureIsRefusedEverywhere(t *testing.T) {
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	ctx := context.Background()
	e, err := service.New(ctx, engine.Config{}, service.Deps{Store: openStore(t), Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	future, soon := clock.Add(48*time.Hour), clock.Add(12*time.Hour)
	cases := []struct {
		name, field string
		write       func(at time.Time) error
	}{
		{"add", "timestamp", func(at time.Time) error {
			_, err := e.Add(ctx, "u", []engine.AddRequest{{Text: "Ana plays the cello", Timestamp: at}})
			return err
		}},
		{"ingest", "timestamp", func(at time.Time) error {
			_, err := e.Ingest(ctx, "u", engine.IngestRequest{Items: []string{"Ana plays the viola"}, Shared: engine.AddRequest{Timestamp: at}})
			return err
		}},
		{"conversation", "messages[0].created_at", func(at time.Time) error {
			_, err := e.AddConversation(ctx, "u", engine.ConversationRequest{Messages: []engine.Message{
				{Role: "user", Content: "I moved to Porto last week", CreatedAt: at}}})
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.write(future)
			if engine.ErrorCode(err) != engine.EInvalid || !strings.Contains(err.Error(), c.field) {
				t.Fatalf("said two days ahead: got %v, want an invalid %s", err, c.field)
			}
			if err := c.write(soon); err != nil {
				t.Fatalf("said within the day's slack: %v", err)
			}
		})
	}
	list, err := e.List(ctx, "u", engine.ListFilter{Page: 1, Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list.Items {
		if m.ValidFrom.After(clock.Add(engine.MaxSaidAhead)) {
			t.Errorf("stored %q valid from %v", m.Text, m.ValidFrom)
		}
	}
}
