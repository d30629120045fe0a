package bench_test

import (
	"testing"

	"github.com/memsvc/memsvc/bench"
	"github.com/memsvc/memsvc/engine"
)

// TestExplainMisses checks that every view accounts for every evidence
// turn the final top k missed, once, and that each detailed miss's
// evidence shows its ranks in the views, the final one outside the top k.
func TestExplainMisses(t *testing.T) {
	eng := newEngine(t)
	rep, err := bench.Run(t.Context(), fixture(t), bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}},
		bench.Options{Mode: engine.ModeHybrid, K: 2, Misses: 100, ExplainMisses: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Misses) == 0 || len(rep.MissViews) == 0 {
		t.Fatalf("%d misses, %d views: the fixture at k=2 misses some evidence", len(rep.Misses), len(rep.MissViews))
	}
	names := map[string]bool{}
	want := -1
	for _, v := range rep.MissViews {
		names[v.View] = true
		n := v.Top10 + v.To20 + v.To50 + v.Deeper + v.Missing
		if want == -1 {
			want = n
		}
		if n != want || n == 0 {
			t.Errorf("view %+v counts %d missed evidence turns, want %d (every view sees every one)", v, n, want)
		}
	}
	for _, name := range []string{"bm25", "passage", "vector", "fused", "final"} {
		if !names[name] {
			t.Errorf("no %q view in %+v", name, rep.MissViews)
		}
	}
	explained := 0
	for _, m := range rep.Misses {
		// k = 2: the final order is shown to 3k, or as far as it goes.
		if len(m.Final) == 0 || len(m.Final) > 6 {
			t.Errorf("%q: %d memories of the final order, want 1 to 6", m.Question, len(m.Final))
		}
		for _, e := range m.Evidence {
			if e.Views == nil {
				t.Errorf("%q evidence %s has no view ranks", m.Question, e.Turn)
				continue
			}
			if r := e.Views["final"]; r == 0 || r > 2 {
				explained++
			}
		}
	}
	if rep.NearMisses == nil || rep.NearMisses.N > want {
		t.Errorf("near misses %+v: want at most the %d missed evidence turns", rep.NearMisses, want)
	}
	if explained != want {
		t.Errorf("%d detailed evidence turns outside the final top 2, the views count %d", explained, want)
	}
}
