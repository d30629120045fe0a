package service_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

func newPipelineEngine(t *testing.T, extractors ...engine.Extractor) *service.Engine {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if len(extractors) == 0 {
		extractors = []engine.Extractor{extract.NewBuiltin()}
	}
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: extractors})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func say(t *testing.T, e *service.Engine, user, text string, at time.Time) *engine.ConversationResult {
	t.Helper()
	res, err := e.AddConversation(context.Background(), user, engine.ConversationRequest{
		Messages: []engine.Message{{Role: "user", Name: "Alice", Content: text, ID: "m1", CreatedAt: at}}})
	if err != nil {
		t.Fatalf("AddConversation(%q): %v", text, err)
	}
	res.Results = factsOf(res.Results) // the tests here assert on facts; episode_test.go on episodes
	return res
}

func TestRelocationSupersedesTheOldCity(t *testing.T) {
	ctx := context.Background()
	e := newPipelineEngine(t)
	t0 := time.Date(2024, 1, 10, 9, 0, 0, 0, time.UTC)
	first := say(t, e, "u", "I live in Berlin.", t0)
	if len(first.Results) != 1 || first.Results[0].Event != engine.EventAdd {
		t.Fatalf("first turn: %+v", first)
	}
	moved := say(t, e, "u", "I moved to Lisbon last month.", t0.AddDate(0, 6, 0))
	if len(moved.Results) != 1 || moved.Results[0].Event != engine.EventSupersede ||
		!slices.Equal(moved.Results[0].Supersedes, []string{first.Results[0].ID}) {
		t.Fatalf("relocation did not supersede the old city: %+v", moved.Results)
	}
	got, _ := e.Search(ctx, "u", engine.Query{Text: "where does Alice live"})
	if len(got.Results) == 0 || !strings.Contains(got.Results[0].Text, "Lisbon") {
		t.Errorf("search returns %v, want Lisbon first", texts(got.Results))
	}
	for _, h := range got.Results {
		if strings.Contains(h.Text, "Berlin") {
			t.Errorf("superseded city returned by default: %q", h.Text)
		}
	}
	got, _ = e.Search(ctx, "u", engine.Query{Text: "where does Alice live", IncludeSuperseded: true})
	var old *engine.Scored
	for i := range got.Results {
		if strings.Contains(got.Results[i].Text, "Berlin") {
			old = &got.Results[i]
		}
	}
	if old == nil || old.State != engine.StateSuperseded || old.ValidTo == nil || old.ExpiredAt == nil {
		t.Errorf("with include_superseded, the old city should be there with a closed window: %+v", old)
	}
}

func TestRepeatingAStoredFactExtractsNothing(t *testing.T) {
	e := newPipelineEngine(t)
	at := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	say(t, e, "u", "I am allergic to peanuts.", at)
	again := say(t, e, "u", "I'm allergic to peanuts!", at.Add(time.Hour))
	if !again.NoFactsExtracted || len(again.Results) != 0 {
		t.Errorf("repeat: %+v, want no_facts_extracted", again)
	}
	small := say(t, e, "u", "Thanks, that's great!", at)
	if !small.NoFactsExtracted {
		t.Errorf("small talk stored facts: %+v", small.Results)
	}
}

func texts(hits []engine.Scored) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Text)
	}
	return out
}

// failingExtractor stands in for an LLM extractor that errors, proving the
// engine falls back to the next extractor.
type failingExtractor struct{}

func (failingExtractor) Extract(context.Context, extract.Request) ([]extract.Fact, error) {
	return nil, errors.New("model unavailable")
}
func (failingExtractor) Name() string { return "llm/fake" }

func TestExtractorFallbackIsReportedByHealth(t *testing.T) {
	e := newPipelineEngine(t, failingExtractor{}, extract.NewBuiltin())
	res := say(t, e, "u", "I work at Globex as a designer.", time.Now())
	if len(res.Results) == 0 {
		t.Fatal("fallback extractor stored nothing")
	}
	m, _ := e.Get(context.Background(), "u", res.Results[0].ID)
	if m.Source == nil || m.Source.Extractor != extract.BuiltinName {
		t.Errorf("provenance extractor = %+v, want %s", m.Source, extract.BuiltinName)
	}
	if err := e.Check(context.Background())["llm"]; err == nil {
		t.Error("health does not report the LLM fallback")
	}
}

// bigFactsExtractor emits a valid fact and one longer than the engine accepts
// so the request fails after the first fact was planned.
type bigFactsExtractor struct{}

func (bigFactsExtractor) Extract(context.Context, extract.Request) ([]extract.Fact, error) {
	return []extract.Fact{{Text: "User likes tea", Kind: "semantic"}, {Text: strings.Repeat("x", 40<<10), Kind: "semantic"}}, nil
}
func (bigFactsExtractor) Name() string { return "test/big" }

func TestRequestFailingHalfWayWritesNothing(t *testing.T) {
	e := newPipelineEngine(t, bigFactsExtractor{})
	_, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{
		Messages: []engine.Message{{Role: "user", Content: "I like tea and here is a huge paste"}}})
	if err == nil {
		t.Fatal("oversized fact accepted")
	}
	page, _ := e.List(context.Background(), "u", engine.ListFilter{Page: 1, Size: 10, IncludeSuperseded: true})
	if page.Total != 0 {
		t.Errorf("half-failed request stored %d memories", page.Total)
	}
}
