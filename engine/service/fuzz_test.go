package service_test

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// engineSeeds are odd texts real chats and a security probe send: they are
// written as memories, said in conversations and asked as queries.
var engineSeeds = []string{
	"Can you remember that ??", "remember that remember that", "forget that", "forget everything about me",
	"I no longer live in Paris", "actually I moved to Rome", "I I I", "me", "?", "*", "\"", "((((", "]]",
	"where do I live?", "what did I say yesterday?", "last week's last week", "since 1999-99-99",
	"I 💜 sushi 🍣", "أين أعيش؟", "\u202eevil\u202c", "caf\u0065\u0301", "\x00", "a\x00b", "\xff\xfe",
	strings.Repeat("x", 3000), strings.Repeat("word ", 800), strings.Repeat("why ", 50) + "?",
	"```sql\nSELECT * FROM memories;\n```", "'; DROP TABLE memories; --", "<img src=x onerror=alert(1)>",
	"https://example.com/a?b=c#d", "api key sk-abcdefghijklmnopqrstuvwxyz0123456789", "the the the", "and or not",
}

// newFuzzEngine is an engine over a real Badger store with the built-in
// models, holding a few memories and a conversation so searches have
// something to rank.
func newFuzzEngine(t testing.TB) *service.Engine {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{
		Store: st, Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Logger: log.New(io.Discard),
		Now: func() time.Time { return clock },
	})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close(); st.Close() })
	ctx := context.Background()
	if _, err := eng.Add(ctx, "u", []engine.AddRequest{{Text: "Alice lives in Paris"}, {Text: "Alice is vegan"},
		{Text: "Always run go vet before committing", MemoryType: engine.TypeProcedural}}); err != nil {
		t.Fatal(err)
	}
	if _, err := eng.AddConversation(ctx, "u", engine.ConversationRequest{Messages: []engine.Message{
		{Role: "user", Content: "I moved to Berlin last week and I love it."},
		{Role: "assistant", Content: "Nice! How do you like the food there?"},
	}}); err != nil {
		t.Fatal(err)
	}
	return eng
}

// checkEngineErr fails on an error that is not the client's: every odd
// input is answered or refused by name, never with an internal error.
func checkEngineErr(t *testing.T, op, input string, err error) {
	t.Helper()
	if err != nil && (engine.ErrorCode(err) == engine.EInternal || engine.ErrorMessage(err) == "") {
		t.Fatalf("%s(%q): %v", op, input, err)
	}
}

// fuzzModes are the search modes a fuzzed query is asked in, and one bad one.
var fuzzModes = []string{engine.ModeHybrid, engine.ModeText, engine.ModeVector, "fuzzy"}

// FuzzEngineText drives the engine's free-text entry points with one text:
// a search (the query parser, every view and the reranker), a filtered
// list, a natural-language ingest (intent: remember, forget, resolve) and a
// conversation turn (extraction, dedupe, supersession). Writes go to a
// user of their own per input so the seeded memories stay searchable.
func FuzzEngineText(f *testing.F) {
	for i, s := range engineSeeds {
		f.Add(s, uint8(i))
	}
	eng := newFuzzEngine(f)
	f.Fuzz(func(t *testing.T, s string, pick uint8) {
		ctx := context.Background()
		start := time.Now()
		q := engine.Query{Text: s, Mode: fuzzModes[int(pick)%len(fuzzModes)], TopK: int(pick % 12)}
		if pick&16 != 0 {
			q.Rerank = engine.RerankCrossEncoder
		}
		_, err := eng.Search(ctx, "u", q)
		checkEngineErr(t, "Search", s, err)
		_, err = eng.List(ctx, "u", engine.ListFilter{SearchQuery: s, Page: 1, Size: 10})
		checkEngineErr(t, "List", s, err)
		if d := time.Since(start); d > runaway {
			t.Errorf("search and list took %v on %q", d, s)
		}
		if pick&32 == 0 {
			return // writes are slow: every other input only reads
		}
		entries, err := eng.Ingest(ctx, "w", engine.IngestRequest{Items: []string{s, "I live in Oslo", s}})
		checkEngineErr(t, "Ingest", s, err)
		for _, e := range entries {
			checkEngineErr(t, "Ingest entry", s, e.Err)
		}
		_, err = eng.AddConversation(ctx, "w", engine.ConversationRequest{Messages: []engine.Message{
			{Role: "assistant", Content: s}, {Role: "user", Name: "Bob", Content: s}}})
		checkEngineErr(t, "AddConversation", s, err)
	})
}

// runaway is how long one fuzz input may take before the test calls it a
// runaway (a backtracking or quadratic pattern takes minutes on a long
// input). It is far above a normal input's milliseconds so a machine shared
// with other test runs does not fail it; speed itself is measured by the
// benchmarks, not here.
const runaway = 10 * time.Second
