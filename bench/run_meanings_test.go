package bench_test

import (
	"context"
	"testing"

	"github.com/memsvc/memsvc/bench"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// TestRunWaitsForMeanings checks that Run asks its questions over a store
// whose meaning vectors are all in: once it returns, the engine's filler has
// nothing left to fill. The filler waits for writes to pause (half a second)
// and the fixture's questions take less, so a Run that did not wait returns
// with the filler still busy.
func TestRunWaitsForMeanings(t *testing.T) {
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	forms, err := llm.NewWordForms() // the sentence encoder: the engine starts its meaning filler
	if err != nil {
		t.Fatal(err)
	}
	eng, err := service.New(t.Context(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Rerankers: []engine.Reranker{llm.NewBuiltinReranker()}, WordForms: forms})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	if _, err := bench.Run(t.Context(), fixture(t), bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}},
		bench.Options{Batch: 5}); err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(t.Context())
	cancel() // WaitMeanings returns at once: nil only when the filler is idle already
	if err := eng.WaitMeanings(done); err != nil {
		t.Errorf("after Run, the meaning filler is still busy: %v", err)
	}
}
