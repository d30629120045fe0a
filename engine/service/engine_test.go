package service_test

import (
	"context"
	"errors"
	"math"
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

// newEngine opens a real Badger store in a temp dir with the built-in
// embedder and a controllable clock.
func newEngine(t *testing.T, dir string) (*service.Engine, *store.Store, *time.Time) {
	t.Helper()
	return newEngineWith(t, dir, engine.Config{})
}

// newEngineWith is newEngine with cfg.
func newEngineWith(t *testing.T, dir string, cfg engine.Config) (*service.Engine, *store.Store, *time.Time) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	eng, err := service.New(context.Background(), cfg, service.Deps{
		Store: st, Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
		Now: func() time.Time { return clock },
	})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return eng, st, &clock
}

func add(t *testing.T, e *service.Engine, user string, reqs ...engine.AddRequest) []engine.WriteResult {
	t.Helper()
	res, err := e.Add(context.Background(), user, reqs)
	if err != nil {
		t.Fatalf("Add: %v", err)
	}
	return res
}

// addTexts adds one memory per text for user.
func addTexts(t *testing.T, e *service.Engine, user string, texts ...string) {
	t.Helper()
	reqs := make([]engine.AddRequest, len(texts))
	for i, text := range texts {
		reqs[i] = engine.AddRequest{Text: text}
	}
	add(t, e, user, reqs...)
}

func ids(hits []engine.Scored) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.ID)
	}
	return out
}

func TestSupersedeClosesTheWindowAndKeepsTheOldFact(t *testing.T) {
	ctx := context.Background()
	e, _, clock := newEngine(t, t.TempDir())
	old := add(t, e, "u", engine.AddRequest{Text: "Alice lives in Berlin", Timestamp: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)})[0]
	*clock = clock.Add(time.Hour)
	said := time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC)
	res, err := e.Supersede(ctx, "u", []string{old.ID}, engine.AddRequest{Text: "Alice lives in Paris", Timestamp: said})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Event != engine.EventSupersede || !slices.Equal(res[0].Supersedes, []string{old.ID}) {
		t.Fatalf("results = %+v", res)
	}
	was, err := e.Get(ctx, "u", old.ID)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case was.Text != "Alice lives in Berlin", was.State != engine.StateSuperseded:
		t.Errorf("old memory changed text or state: %+v", was)
	case was.ValidTo == nil || !was.ValidTo.Equal(said):
		t.Errorf("valid_to = %v, want %v", was.ValidTo, said)
	case was.ExpiredAt == nil || !was.ExpiredAt.Equal(*clock):
		t.Errorf("expired_at = %v, want %v", was.ExpiredAt, *clock)
	case was.SupersededBy == nil || *was.SupersededBy != res[0].ID:
		t.Errorf("superseded_by = %v", was.SupersededBy)
	}
	now, _ := e.Get(ctx, "u", res[0].ID)
	if !slices.Equal(now.Supersedes, []string{old.ID}) || !now.ValidFrom.Equal(said) {
		t.Errorf("new memory = %+v", now)
	}
	q := engine.Query{Text: "where does Alice live", Mode: engine.ModeText}
	got, _ := e.Search(ctx, "u", q)
	if slices.Contains(ids(got.Results), old.ID) {
		t.Error("superseded memory returned by default")
	}
	q.IncludeSuperseded = true
	got, _ = e.Search(ctx, "u", q)
	if !slices.Contains(ids(got.Results), old.ID) {
		t.Error("superseded memory missing with include_superseded")
	}
	if _, err := e.Supersede(ctx, "u", []string{old.ID}, engine.AddRequest{Text: "Alice lives in Rome"}); engine.ErrorCode(err) != engine.EConflict {
		t.Errorf("superseding twice: err = %v, want conflict", err)
	}
}

func TestFailedWriteLeavesNothing(t *testing.T) {
	ctx := context.Background()
	e, _, _ := newEngine(t, t.TempDir())
	keep := add(t, e, "u", engine.AddRequest{Text: "Bob plays the cello"})[0]
	// Superseding a missing memory fails after the new memory was planned:
	// nothing of the request may be stored.
	_, err := e.Supersede(ctx, "u", []string{keep.ID, "missing"}, engine.AddRequest{Text: "Bob plays the violin"})
	if engine.ErrorCode(err) != engine.ENotFound {
		t.Fatalf("err = %v, want not found", err)
	}
	page, _ := e.List(ctx, "u", engine.ListFilter{Page: 1, Size: 100, IncludeSuperseded: true})
	if page.Total != 1 || page.Items[0].ID != keep.ID || page.Items[0].State != engine.StateActive {
		t.Fatalf("store changed by a failed request: %+v", page.Items)
	}
	got, _ := e.Search(ctx, "u", engine.Query{Text: "violin", Mode: engine.ModeText})
	if len(got.Results) != 0 {
		t.Errorf("index changed by a failed request: %v", ids(got.Results))
	}
}

func TestListFiltersAndPaging(t *testing.T) {
	ctx := context.Background()
	e, _, clock := newEngine(t, t.TempDir())
	var all []string
	for i, r := range []engine.AddRequest{
		{Text: "Carol works at Acme", AppName: "cursor"},
		{Text: "Carol loves hiking", AppName: "claude", MemoryType: engine.TypeEpisodic},
		{Text: "Deploy with make release", AppName: "claude", MemoryType: engine.TypeProcedural},
		{Text: "Carol's dog is called Rex", AppName: "claude"},
	} {
		*clock = clock.Add(time.Duration(i+1) * time.Minute)
		all = append(all, add(t, e, "u", r)[0].ID)
	}
	slices.Reverse(all) // newest first
	tests := []struct {
		name string
		f    engine.ListFilter
		want []string
	}{
		{"newest first", engine.ListFilter{Page: 1, Size: 20}, all},
		{"page two", engine.ListFilter{Page: 2, Size: 3}, all[3:]},
		{"app", engine.ListFilter{Page: 1, Size: 20, AppName: "cursor"}, all[3:]},
		{"type", engine.ListFilter{Page: 1, Size: 20, MemoryType: engine.TypeProcedural}, all[1:2]},
		{"category", engine.ListFilter{Page: 1, Size: 20, Categories: []string{"pet", "nope"}}, all[:1]},
		{"search query needs every term", engine.ListFilter{Page: 1, Size: 20, SearchQuery: "Carol hiking"}, all[2:3]},
		{"page past the end", engine.ListFilter{Page: 9, Size: 20}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, err := e.List(ctx, "u", tt.f)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range page.Items {
				got = append(got, m.ID)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("ids = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSearchFiltersAndIsolation(t *testing.T) {
	ctx := context.Background()
	e, _, _ := newEngine(t, t.TempDir())
	a := add(t, e, "alice",
		engine.AddRequest{Text: "The launch checklist lives in Notion", SessionID: "s1", Project: "web"},
		engine.AddRequest{Text: "The launch date is Friday", SessionID: "s2", MemoryType: engine.TypeEpisodic},
	)
	add(t, e, "bob", engine.AddRequest{Text: "The launch of my rocket failed"})
	tests := []struct {
		name string
		user string
		q    engine.Query
		want []string
	}{
		{"session", "alice", engine.Query{Text: "launch", SessionID: "s1"}, []string{a[0].ID}},
		{"type", "alice", engine.Query{Text: "launch", MemoryType: engine.TypeEpisodic}, []string{a[1].ID}},
		{"project exact", "alice", engine.Query{Text: "launch", Project: "web"}, []string{a[0].ID}},
		{"project scope keeps unscoped", "alice", engine.Query{Text: "launch", Project: "web", ProjectScope: true, Mode: engine.ModeText}, []string{a[1].ID, a[0].ID}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := e.Search(ctx, tt.user, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			g := ids(got.Results)
			slices.Sort(g)
			w := slices.Clone(tt.want)
			slices.Sort(w)
			if !slices.Equal(g, w) {
				t.Errorf("ids = %v, want %v", g, w)
			}
		})
	}
	for _, mode := range []string{engine.ModeHybrid, engine.ModeText, engine.ModeVector} {
		got, err := e.Search(ctx, "bob", engine.Query{Text: "launch checklist Notion Friday", Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range got.Results {
			if h.UserID != "bob" {
				t.Errorf("%s: bob sees %s's memory %q", mode, h.UserID, h.Text)
			}
		}
	}
	if _, err := e.Get(ctx, "bob", a[0].ID); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("bob Get(alice's id) err = %v, want not found", err)
	}
	del, nf, _ := e.Delete(ctx, "bob", []string{a[0].ID})
	if len(del) != 0 || len(nf) != 1 {
		t.Errorf("bob deleted alice's memory: %v %v", del, nf)
	}
}

func TestSearchValidation(t *testing.T) {
	e, _, _ := newEngine(t, t.TempDir())
	tests := []struct {
		q     engine.Query
		field string
	}{
		{engine.Query{}, "query"},
		{engine.Query{Text: "x", TopK: 101}, "top_k"},
		{engine.Query{Text: "x", Mode: "fuzzy"}, "mode"},
		{engine.Query{Text: "x", Rerank: "llm"}, "rerank"},
		{engine.Query{Text: "x", MemoryType: "dream"}, "memory_type"},
	}
	for _, tt := range tests {
		_, err := e.Search(context.Background(), "u", tt.q)
		var ee *engine.Error
		if !errors.As(err, &ee) || ee.Code != engine.EInvalid || !startsWith(ee.Message, tt.field) {
			t.Errorf("Search(%+v) err = %v, want invalid naming %s", tt.q, err, tt.field)
		}
	}
}

func startsWith(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

func TestRerankReportsWhichRan(t *testing.T) {
	e, _, _ := newEngine(t, t.TempDir())
	add(t, e, "u", engine.AddRequest{Text: "Dana's favourite tea is oolong"}, engine.AddRequest{Text: "Tea time is at five"})
	got, err := e.Search(context.Background(), "u", engine.Query{Text: "favourite tea", Rerank: engine.RerankCrossEncoder})
	if err != nil {
		t.Fatal(err)
	}
	if got.Reranker != "builtin-pairwise" || len(got.Results) == 0 || got.Results[0].Text != "Dana's favourite tea is oolong" {
		t.Errorf("reranker = %q, results = %v", got.Reranker, ids(got.Results))
	}
}

// slowReranker never answers within the budget.
type slowReranker struct{}

func (slowReranker) Rerank(ctx context.Context, q string, d []string) ([]float64, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}
func (slowReranker) Name() string { return "slow" }

func TestRerankBudgetFallsBack(t *testing.T) {
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e, err := service.New(context.Background(), engine.Config{RerankBudget: 20 * time.Millisecond}, service.Deps{
		Store: st, Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{slowReranker{}, llm.NewBuiltinReranker()}})
	if err != nil {
		t.Fatal(err)
	}
	add(t, e, "u", engine.AddRequest{Text: "Erin runs marathons"})
	got, err := e.Search(context.Background(), "u", engine.Query{Text: "marathons", Rerank: engine.RerankCrossEncoder})
	if err != nil || got.Reranker != "builtin-pairwise" {
		t.Errorf("reranker = %q, err = %v; want the built-in fallback after the slow one timed out", got.Reranker, err)
	}
}

// fixedEmbedder is a stand-in embedder with a configurable identity, used
// to prove the store refuses to mix embedding models.
type fixedEmbedder struct {
	model string
	dim   int
}

func (f fixedEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = make([]float32, f.dim)
		out[i][0] = 1
	}
	return out, nil
}
func (f fixedEmbedder) Model() string { return f.model }
func (f fixedEmbedder) Dim() int      { return f.dim }

func TestEmbedderMismatchIsRefused(t *testing.T) {
	dir := t.TempDir()
	open := func(emb engine.Embedder) error {
		st, err := store.Open(store.Options{Dir: dir, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		_, err = service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: emb})
		return err
	}
	if err := open(fixedEmbedder{"m1", 8}); err != nil {
		t.Fatal(err)
	}
	if err := open(fixedEmbedder{"m1", 8}); err != nil {
		t.Errorf("same embedder refused: %v", err)
	}
	for _, other := range []fixedEmbedder{{"m2", 8}, {"m1", 16}} {
		if err := open(other); engine.ErrorCode(err) != engine.EConflict {
			t.Errorf("embedder %+v accepted over m1/8: err = %v", other, err)
		}
	}
}

// Tunables no search can use are refused when the engine is built, not
// discovered as NaN scores or a panic at the first search.
func TestNewRefusesUnusableTuning(t *testing.T) {
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, cfg := range []engine.Config{
		{PassageDecay: math.NaN()}, {PassageDecay: 1.5}, {ContextSpan: -1}, {ContextSpan: 100},
		{BM25K1: -1}, {BM25B: 2},
	} {
		if _, err := service.New(context.Background(), cfg, service.Deps{Store: st, Embedder: fixedEmbedder{"m1", 8}}); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
}

// recordingReranker scores every document 0 and keeps what it was asked
// to read, call by call.
type recordingReranker struct{ calls [][]string }

func (r *recordingReranker) Rerank(ctx context.Context, q string, d []string) ([]float64, error) {
	r.calls = append(r.calls, slices.Clone(d))
	return make([]float64, len(d)), nil
}
func (r *recordingReranker) Name() string { return "recording" }

// newRecordedEngine is an engine with the built-in embedder and extractor
// whose only reranker records what it reads.
func newRecordedEngine(t *testing.T) (*service.Engine, *recordingReranker) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	rec := &recordingReranker{}
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Rerankers: []engine.Reranker{rec}, Extractors: []engine.Extractor{extract.NewBuiltin()}})
	if err != nil {
		t.Fatal(err)
	}
	return e, rec
}

// TestRerankReadsHitsInContext: a reranker judges each hit alone and again
// with the turns around it, so an answer is read with the question that
// set its topic.
func TestRerankReadsHitsInContext(t *testing.T) {
	e, rec := newRecordedEngine(t)
	t0 := time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)
	turns := []string{"Where did you go on your trip last weekend?", "Larchmere, a small town up north.", "Sounds lovely."}
	for i, txt := range turns {
		add(t, e, "u", engine.AddRequest{Text: txt, SessionID: "s1", Timestamp: t0.Add(time.Duration(i) * time.Minute)})
	}
	got, err := e.Search(context.Background(), "u", engine.Query{Text: "trip last weekend", Rerank: engine.RerankCrossEncoder})
	if err != nil || got.Reranker != "recording" {
		t.Fatalf("reranker = %q, err = %v", got.Reranker, err)
	}
	if len(rec.calls) != 2 {
		t.Fatalf("reranker called %d times, want twice (alone, in context)", len(rec.calls))
	}
	alone, inContext := rec.calls[0], rec.calls[1]
	want := turns[0] + "\n" + turns[1] + "\n" + turns[2]
	for i, h := range got.Results {
		if h.Text == turns[1] {
			if alone[i] != turns[1] || inContext[i] != want {
				t.Errorf("the answer was read as %q alone and %q in context, want %q", alone[i], inContext[i], want)
			}
			return
		}
	}
	t.Errorf("the answer is not among the results %v", ids(got.Results))
}

// TestRerankReadsAFactWithItsTurn: a fact distilled from a turn is shown in
// that turn's place; a reranker reads it alone as the fact, and in context
// with the turn it was said in and the turns around that, as the passage
// view found it.
func TestRerankReadsAFactWithItsTurn(t *testing.T) {
	e, rec := newRecordedEngine(t)
	t0 := time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)
	msgs := []engine.Message{
		{Role: "user", Content: "Busy week at the office again.", CreatedAt: t0},
		{Role: "user", Content: "I moved to Lisbon last month.", CreatedAt: t0.Add(time.Minute)},
		{Role: "user", Content: "The flat is near the river.", CreatedAt: t0.Add(2 * time.Minute)},
	}
	if _, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{SessionID: "s", Messages: msgs}); err != nil {
		t.Fatal(err)
	}
	got, err := e.Search(context.Background(), "u", engine.Query{Text: "moved to Lisbon", Rerank: engine.RerankCrossEncoder})
	if err != nil || got.Reranker != "recording" || len(rec.calls) != 2 {
		t.Fatalf("reranker = %q, %d calls, err = %v", got.Reranker, len(rec.calls), err)
	}
	alone, inContext := rec.calls[0], rec.calls[1]
	for i, h := range got.Results {
		ep := h.EpisodeOf()
		if ep == "" || !strings.Contains(h.Text, "Lisbon") {
			continue
		}
		want := "User: " + msgs[0].Content + "\nUser: " + msgs[1].Content + "\n" + h.Text + "\nUser: " + msgs[2].Content
		if alone[i] != h.Text || inContext[i] != want {
			t.Errorf("fact read alone as %q and in context as %q, want %q and %q", alone[i], inContext[i], h.Text, want)
		}
		return
	}
	t.Errorf("no fact among the results %v", ids(got.Results))
}
