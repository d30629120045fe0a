package bench_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/bench"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// newEngine is a real engine on a Badger store in a temp dir with the
// built-in embedder, reranker and extractor. It is not the server's engine:
// `memsvc serve` also wires word forms and word frequencies, which change
// the ranking (REALTALK, conversation ingest: 0.6830 bare, 0.6806 served),
// so these tests check the bench's mechanics, not recall figures; figures
// come from `memsvc bench recall`, whose --via engine route opens the
// engine as serve does (cmd/memsvc/bench_dev_test.go guards them).
func newEngine(t *testing.T) *service.Engine {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Rerankers: []engine.Reranker{llm.NewBuiltinReranker()}, Extractors: []engine.Extractor{extract.NewBuiltin()}})
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

func fixture(t *testing.T) *bench.Dataset {
	t.Helper()
	ds, err := bench.Load(filepath.Join("testdata", "locomo-mini.json"), bench.FormatLoCoMo)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// checkShape checks what every run of the fixture must report, whatever
// the retrieval quality.
func checkShape(t *testing.T, rep *bench.Report, wantMemories bool) {
	t.Helper()
	q := rep.Questions
	if q.Total != 11 || q.Asked != 8 || q.SkippedCategory != 1 || q.SkippedNoEvidence != 2 {
		t.Errorf("questions = %+v, want total 11, asked 8, skipped 1 by category and 2 without evidence", q)
	}
	if rep.Overall.N != 8 || rep.Latency.N != 8 || rep.Conversations != 2 || rep.Turns != 29 {
		t.Errorf("overall n %d, latency n %d, conversations %d, turns %d", rep.Overall.N, rep.Latency.N, rep.Conversations, rep.Turns)
	}
	for _, cat := range []string{"1", "2", "3", "4"} {
		if s := rep.ByCategory[cat]; s.N != 2 || s.Recall < 0 || s.Recall > 1 || s.MRR > s.Hit {
			t.Errorf("category %s = %+v", cat, s)
		}
	}
	if len(rep.ByCategory) != 4 || len(rep.ByConversation) != 2 {
		t.Errorf("by_category %v, by_conversation %v", rep.ByCategory, rep.ByConversation)
	}
	if rep.Ingest.Turns != 29 || rep.Ingest.TurnsPerSec <= 0 || (wantMemories && rep.Ingest.Memories == 0) {
		t.Errorf("ingest = %+v", rep.Ingest)
	}
	if rep.Evidence.Malformed != 1 || rep.Evidence.Split != 2 || rep.Evidence.Unknown != 1 || rep.Evidence.Normalised != 2 {
		t.Errorf("evidence = %+v", rep.Evidence)
	}
	if rep.PeakRSSMB <= 0 || rep.Embedder == "" {
		t.Errorf("peak rss %v MB, embedder %q", rep.PeakRSSMB, rep.Embedder)
	}
	if _, err := json.Marshal(rep); err != nil {
		t.Errorf("report does not encode: %v", err)
	}
}

func TestRunRawModes(t *testing.T) {
	for _, mode := range []string{engine.ModeText, engine.ModeVector, engine.ModeHybrid} {
		t.Run(mode, func(t *testing.T) {
			eng := newEngine(t)
			rep, err := bench.Run(t.Context(), fixture(t), bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}},
				bench.Options{Mode: mode, K: 3, Misses: 100})
			if err != nil {
				t.Fatal(err)
			}
			checkShape(t, rep, true)
			if rep.Mode != mode || rep.K != 3 || rep.Ingest.Memories != 29 || rep.Ingest.Requests != 2 {
				t.Errorf("mode %q k %d ingest %+v", rep.Mode, rep.K, rep.Ingest)
			}
			if got := rep.Questions.Asked - rep.Questions.FullyRecalled; got != len(rep.Misses) {
				t.Errorf("%d misses detailed, want every one of the %d", len(rep.Misses), got)
			}
			if !strings.HasPrefix(rep.Summary(), "recall@3=") || !strings.Contains(rep.Summary(), " n=8 ") {
				t.Errorf("summary = %q", rep.Summary())
			}
			// Questions that share rare words with their one evidence turn.
			for _, m := range rep.Misses {
				if mode == engine.ModeText && (strings.Contains(m.Question, "sourdough") || strings.Contains(m.Question, "sunrise")) {
					t.Errorf("text search missed an exact-word question: %+v", m)
				}
			}
		})
	}
}

// TestRawIngestRecord checks what one raw turn becomes: "Speaker: text"
// with the photo caption, its turn id, speaker and session in metadata, the
// session as session_id and the session's time as valid_from.
func TestRawIngestRecord(t *testing.T) {
	eng := newEngine(t)
	if _, err := bench.Run(t.Context(), fixture(t), bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}},
		bench.Options{Mode: engine.ModeText}); err != nil {
		t.Fatal(err)
	}
	res, err := eng.Search(t.Context(), "bench-mini-2", engine.Query{Text: "golden crust wooden board", Mode: engine.ModeText, TopK: 1})
	if err != nil || len(res.Results) != 1 {
		t.Fatalf("search: %v, %d results", err, len(res.Results))
	}
	m := res.Results[0].Memory
	want := "Cleo: Sorry to hear that. Look what I made yesterday! [shares a photo: a round loaf of bread with a golden crust on a wooden board]"
	if m.Text != want {
		t.Errorf("text = %q, want %q", m.Text, want)
	}
	if m.Metadata["dia_id"] != "D2:2" || m.Metadata["speaker"] != "Cleo" || m.SessionID != "session_2" {
		t.Errorf("metadata %v, session_id %q", m.Metadata, m.SessionID)
	}
	if s, _ := m.Metadata["session"].(float64); s != 2 {
		if s, _ := m.Metadata["session"].(int); s != 2 {
			t.Errorf("metadata session = %#v, want 2", m.Metadata["session"])
		}
	}
	if want := time.Date(2022, 2, 7, 9, 27, 0, 0, time.UTC); !m.ValidFrom.Equal(want) {
		t.Errorf("valid_from = %v, want the session time %v", m.ValidFrom, want)
	}
	other, err := eng.Search(t.Context(), "bench-mini-1", engine.Query{Text: "golden crust wooden board", Mode: engine.ModeText})
	if err != nil || len(other.Results) != 0 {
		t.Errorf("the other conversation's user sees %d results (%v); conversations must be separate users", len(other.Results), err)
	}
}

func TestRunConversationIngest(t *testing.T) {
	eng := newEngine(t)
	rep, err := bench.Run(t.Context(), fixture(t), bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}},
		bench.Options{Ingest: bench.IngestConversation, Mode: engine.ModeHybrid})
	if err != nil {
		t.Fatal(err)
	}
	checkShape(t, rep, true)
	if rep.Ingest.Requests != 4 || rep.IngestMode != bench.IngestConversation {
		t.Errorf("ingest %+v (mode %q), want one request per session", rep.Ingest, rep.IngestMode)
	}
	// Facts are mapped back to turns through their source message ids.
	hits, _, err := bench.EngineSearcher{Engine: eng}.Search(t.Context(), "bench-mini-2", engine.Query{Text: "sourdough starter", TopK: 5})
	if err != nil {
		t.Fatal(err)
	}
	cited := false
	for _, h := range hits {
		for _, id := range h.Turns {
			if !strings.HasPrefix(id, "D") {
				t.Errorf("hit %q cites %q, not a turn id", h.Text, id)
			}
			cited = true
		}
	}
	if !cited {
		t.Errorf("no extracted fact cites a turn: %+v", hits)
	}
}

// TestHTTPSearcher drives the searcher against a stand-in of the REST
// search route that encodes the engine's own result, so the decoding of
// metadata and source message ids is checked on the real JSON shape.
func TestHTTPSearcher(t *testing.T) {
	eng := newEngine(t)
	var seen []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		if r.Method != http.MethodPost || r.URL.Path != "/api/v1/memories/search" || r.Header.Get("Authorization") != "Bearer k1" {
			http.Error(w, `{"detail":"wrong request","code":"invalid_request"}`, http.StatusBadRequest)
			return
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		seen = append(seen, body)
		q := engine.Query{Text: body["query"].(string), TopK: int(body["top_k"].(float64)), Mode: body["mode"].(string)}
		res, err := eng.Search(r.Context(), body["user_id"].(string), q)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		json.NewEncoder(w).Encode(res)
	}))
	defer srv.Close()
	s := bench.HTTPSearcher{Client: srv.Client(), BaseURL: srv.URL + "/", APIKey: "k1"}
	rep, err := bench.Run(t.Context(), fixture(t), bench.Target{Engine: eng, Searcher: s},
		bench.Options{Mode: engine.ModeText, K: 5, Via: "http"})
	if err != nil {
		t.Fatal(err)
	}
	checkShape(t, rep, true)
	// The 8 questions are asked of their own stores, then (for the
	// calibration, untimed) again of the next conversation's.
	if len(seen) != 16 || seen[0]["top_k"] != 5.0 || seen[0]["user_id"] != "bench-mini-1" || seen[0]["mode"] != "text" ||
		seen[8]["user_id"] != "bench-mini-2" || seen[8]["query"] != seen[0]["query"] {
		t.Errorf("requests: %d, first %v, ninth %v", len(seen), seen[0], seen[8])
	}
	if c := rep.Calibration; c == nil || c.Positives == 0 || c.TPR == 0 {
		t.Errorf("calibration through HTTP %+v: relevant flags were not decoded", c)
	}
	if rep.Overall.Hit == 0 {
		t.Errorf("no question hit through HTTP: turn ids were not decoded: %+v", rep.Overall)
	}
	bad := bench.HTTPSearcher{Client: srv.Client(), BaseURL: srv.URL}
	if _, _, err := bad.Search(t.Context(), "u", engine.Query{Text: "x"}); err == nil || !strings.Contains(err.Error(), "400") {
		t.Errorf("error answer: err = %v, want the status in it", err)
	}
}

func TestRunOptionErrors(t *testing.T) {
	eng := newEngine(t)
	target := bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}}
	tests := []struct {
		name string
		o    bench.Options
	}{
		{"mode", bench.Options{Mode: "fuzzy"}},
		{"k too large", bench.Options{K: 101}},
		{"k negative", bench.Options{K: -1}},
		{"ingest", bench.Options{Ingest: "summaries"}},
		{"batch", bench.Options{Batch: -5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := bench.Run(t.Context(), fixture(t), target, tt.o); err == nil {
				t.Error("want an error")
			}
		})
	}
}

func TestRunCategoriesAndLimit(t *testing.T) {
	eng := newEngine(t)
	ds := fixture(t)
	ds.Limit(1)
	rep, err := bench.Run(t.Context(), ds, bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}},
		bench.Options{Mode: engine.ModeText, Categories: []int{4, 5}})
	if err != nil {
		t.Fatal(err)
	}
	// Conversation 1 has category 4 (one without evidence) and category 5.
	if rep.Conversations != 1 || rep.Turns != 15 || rep.Questions.Asked != 2 || rep.Questions.SkippedNoEvidence != 1 {
		t.Errorf("conversations %d turns %d questions %+v", rep.Conversations, rep.Turns, rep.Questions)
	}
	if keys := mapKeys(rep.ByCategory); !slices.Equal(keys, []string{"4", "5"}) {
		t.Errorf("categories %v, want 4 and 5", keys)
	}
}

func mapKeys(m map[string]bench.Scores) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
