package postgres_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/bench"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// recall runs the recall benchmark's fixture on st: one engine ingests, a
// second engine on the same store answers, so every search runs on a shard
// rebuilt from what the store kept.
func recall(t *testing.T, st engine.Store, mode string) *bench.Report {
	t.Helper()
	newEngine := func() *service.Engine {
		eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
			Rerankers: []engine.Reranker{llm.NewBuiltinReranker()}, Extractors: []engine.Extractor{extract.NewBuiltin()}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(eng.Close)
		return eng
	}
	ds, err := bench.Load("../../../bench/testdata/locomo-mini.json", bench.FormatLoCoMo)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := bench.Run(t.Context(), ds, bench.Target{Engine: newEngine(), Searcher: bench.EngineSearcher{Engine: newEngine()}},
		bench.Options{Mode: mode, K: 3, Misses: 100})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestRecallMatchesBadger: the recall benchmark scores the same on both
// backends in every search mode, so ranking does not depend on the store.
func TestRecallMatchesBadger(t *testing.T) {
	for _, mode := range []string{engine.ModeText, engine.ModeVector, engine.ModeHybrid} {
		t.Run(mode, func(t *testing.T) {
			b, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { b.Close() })
			want, got := recall(t, b, mode), recall(t, open(t, pg.NewDatabase(t)), mode)
			if want.Questions.Asked == 0 {
				t.Fatal("the benchmark asked nothing")
			}
			if diff := cmp.Diff(want.Overall, got.Overall); diff != "" {
				t.Errorf("overall scores, Badger (-) vs Postgres (+):\n%s", diff)
			}
			if diff := cmp.Diff(want.ByCategory, got.ByCategory); diff != "" {
				t.Errorf("scores by category, Badger (-) vs Postgres (+):\n%s", diff)
			}
			if diff := cmp.Diff(want.Misses, got.Misses); diff != "" {
				t.Errorf("misses, Badger (-) vs Postgres (+):\n%s", diff)
			}
		})
	}
}
