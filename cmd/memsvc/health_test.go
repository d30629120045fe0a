package main

import (
	"context"
	"errors"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// failingExtractor stands in for a model that is down.
type failingExtractor struct{}

func (failingExtractor) Extract(context.Context, extract.Request) ([]extract.Fact, error) {
	return nil, errors.New("model unreachable")
}
func (failingExtractor) Name() string { return "llm-test" }

// After a model failure the engine runs on its fallback and health says
// "llm" is degraded for five minutes, even though no chat model is probed
// (the old checks replaced the engine's report with the probe's nil).
func TestHealthKeepsTheEnginesLLMFallbackReport(t *testing.T) {
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	eng, err := service.New(t.Context(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{failingExtractor{}, extract.NewBuiltin()}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	_, err = eng.AddConversation(t.Context(), "u", engine.ConversationRequest{
		Messages: []engine.Message{{Role: "user", Content: "I live in Berlin."}}})
	if err != nil {
		t.Fatal(err)
	}
	a := &app{engine: eng, models: &models{}}
	if got := a.checks(t.Context())["llm"]; got == nil {
		t.Error(`checks()["llm"] = nil after an extraction fell back; want the engine's degraded report`)
	}
}

func TestWithProbe(t *testing.T) {
	down, fellBack := errors.New("probe failed"), errors.New("fell back")
	for _, tt := range []struct {
		name          string
		report, probe error
		want          error
	}{
		{"both fine", nil, nil, nil},
		{"probe fails", nil, down, down},
		{"engine fell back, probe fine", fellBack, nil, fellBack},
		{"both fail: the live probe", fellBack, down, down},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := withProbe(map[string]error{"llm": tt.report}, "llm", tt.probe)["llm"]; got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
