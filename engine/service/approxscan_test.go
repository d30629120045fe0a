package service_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// keptEngine opens the kept benchmark store of n memories (-benchstore)
// with an engine as the latency benchmarks serve it; the test is skipped
// when the store is not there (building it takes most of an hour at 100k).
func keptEngine(t *testing.T, n int) *service.Engine {
	t.Helper()
	dir := filepath.Join(*benchStore, fmt.Sprintf("n=%d", n))
	if _, err := os.Stat(filepath.Join(dir, preloadMark)); *benchStore == "" || err != nil {
		t.Skipf("no kept store of %d memories: run with -benchstore DIR after the latency benchmarks", n)
	}
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	forms, freq, err := llm.NewWordData()
	if err != nil {
		t.Fatal(err)
	}
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewBuiltin()}, WordForms: forms, WordFrequency: freq})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	return eng
}

// benchQueries are the latency benchmarks' first n queries, plain and
// first-person.
func benchQueries(n int) []string {
	gen := newSentences(99)
	var out []string
	for range n {
		text := gen.next().Text
		out = append(out, text, "can you remind me about this: "+text)
	}
	return out
}

// The approximate scan of a large shard's embeddings (index/ivf.go) keeps
// at least 0.99 of the exact scan's top 50 (a search's view depth), over
// the latency benchmarks' queries on the 100,000-memory store and over the
// feedback vectors a hybrid search builds from them (the query plus a fifth
// of each of its best five hits).
//
//	go test -run TestApproxScanOverlap -v ./engine/service/ -args -benchstore=DIR
func TestApproxScanOverlap(t *testing.T) {
	eng := keptEngine(t, 100_000)
	ctx := context.Background()
	shard, err := service.ShardOf(ctx, eng, benchUser)
	if err != nil {
		t.Fatal(err)
	}
	texts := benchQueries(150)
	vecs, err := llm.NewBuiltinEmbedder().Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	const k = 50
	var sum, worst float64 = 0, 1
	n := 0
	measure := func(q []float32) {
		got, want := shard.Search(q, k, nil), shard.SearchExact(q, k, nil)
		o := sharedShare(got, want)
		sum, worst, n = sum+o, min(worst, o), n+1
	}
	for _, q := range vecs {
		measure(q)
		feedback := slices.Clone(q)
		for _, h := range shard.SearchExact(q, 5, nil) {
			shard.AddVector(feedback, h.ID, 1.0/5)
		}
		measure(feedback)
	}
	t.Logf("%d scans: mean overlap with the exact top %d %.4f, worst %.2f", n, k, sum/float64(n), worst)
	if sum/float64(n) < 0.99 {
		t.Errorf("mean overlap %.4f, want ≥ 0.99", sum/float64(n))
	}
}

// sharedShare is the share of want's hits that got holds.
func sharedShare(got, want []index.Hit) float64 {
	n := 0
	for _, h := range want {
		if slices.ContainsFunc(got, func(g index.Hit) bool { return g.ID == h.ID }) {
			n++
		}
	}
	return float64(n) / float64(max(len(want), 1))
}

// TestTopTenDump writes the first ten results of each benchmark query on
// the 100,000-memory store to $TOPTEN_OUT, one line a query, so two builds'
// results can be compared (diff). Skipped without it.
func TestTopTenDump(t *testing.T) {
	out := os.Getenv("TOPTEN_OUT")
	if out == "" {
		t.Skip("set TOPTEN_OUT")
	}
	eng := keptEngine(t, 100_000)
	var b strings.Builder
	for _, text := range benchQueries(150) {
		res, err := eng.Search(context.Background(), benchUser, engine.Query{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range res.Results {
			b.WriteString(h.ID + " ")
		}
		b.WriteString("\n")
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
