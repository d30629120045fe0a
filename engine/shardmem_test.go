package engine_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// The in-memory index's memory: what a stored memory costs once its
// user's shard is loaded, how long a cold load takes, and the budget
// holding over many users.
//
//	go test -run TestShardBudgetManyUsers -v ./engine/
//	go test -run '^$' -bench ShardColdLoad -benchtime 5x -count 3 ./engine/

// engineOn opens an engine with cfg on st (shared by engines that stand
// for successive server starts) and emb (nil: a new built-in embedder).
func engineOn(tb testing.TB, st *store.Store, cfg engine.Config, emb engine.Embedder) *engine.Engine {
	tb.Helper()
	if emb == nil {
		emb = llm.NewBuiltinEmbedder()
	}
	eng, err := engine.New(context.Background(), cfg,
		engine.Deps{Store: st, Embedder: emb, Extractors: []engine.Extractor{extract.NewBuiltin()}})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(eng.Close)
	return eng
}

func heapAlloc() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestShardBudgetManyUsers touches 5,000 users under a 4 MiB budget: the
// accounted bytes of the loaded shards stay within it, and the heap after
// touching them all has not grown by the users' shards (evicted ones are
// garbage), only by the budget plus the store's own bounded caches.
func TestShardBudgetManyUsers(t *testing.T) {
	if testing.Short() {
		t.Skip("touches 5,000 users")
	}
	const users, budget = 5000, 4 << 20
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	eng := engineOn(t, st, engine.Config{ShardBudget: budget}, nil)
	gen := newSentences(5)
	ctx := context.Background()
	var base int64
	var peak index.CacheStats
	for u := range users {
		user := fmt.Sprintf("user-%04d", u)
		if _, err := eng.Add(ctx, user, gen.batch(4)); err != nil {
			t.Fatal(err)
		}
		if _, err := eng.Search(ctx, user, engine.Query{Text: "where does Alice live", TopK: 3}); err != nil {
			t.Fatal(err)
		}
		if s := eng.CacheStats(); s.Bytes > peak.Bytes {
			peak = s
		}
		if u == 500 {
			base = heapAlloc() // the store's caches warm, the budget filled
		}
	}
	end := heapAlloc()
	stats := eng.CacheStats()
	t.Logf("after %d users: %+v; peak accounted %d B; heap %d MiB at user 500, %d MiB at the end",
		users, stats, peak.Bytes, base>>20, end>>20)
	if peak.Bytes > budget || stats.Bytes > budget {
		t.Errorf("accounted bytes beyond the budget: peak %d, now %d, budget %d", peak.Bytes, stats.Bytes, budget)
	}
	if stats.Evictions < users-stats.Loads/2 || int(stats.Loads) < users {
		t.Errorf("expected a load per user and steady eviction: %+v", stats)
	}
	// 4,500 more users' shards held would be ≥ 4,500 × their accounted
	// size; allow the budget and 16 MiB of store and runtime drift.
	if grew := end - base; grew > budget+16<<20 {
		t.Errorf("heap grew %d MiB over 4,500 more users: shards are not let go", grew>>20)
	}
}

// BenchmarkShardColdLoad measures loading one user's shard of 10,000
// memories from Badger (a fresh engine's first search, which includes one
// warm search's cost), and reports the accounted bytes per memory (which
// TestBytesTrackHeap holds to the heap; a heap delta here would mostly
// measure when Badger allocates its next memtable).
func BenchmarkShardColdLoad(b *testing.B) {
	const n = 10_000
	st, err := store.Open(store.Options{Dir: b.TempDir(), NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	emb := llm.NewBuiltinEmbedder() // one, warm: its lexicon is not the index's
	eng := engineOn(b, st, engine.Config{}, emb)
	preload(b, eng, n)
	ctx := context.Background()
	q := engine.Query{Text: "Alice moved to Lisbon", TopK: 10}
	if _, err := eng.Search(ctx, benchUser, q); err != nil {
		b.Fatal(err)
	}
	var accounted int64
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		fresh := engineOn(b, st, engine.Config{}, emb)
		b.StartTimer()
		if _, err := fresh.Search(ctx, benchUser, q); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		accounted = fresh.CacheStats().Bytes
		runtime.KeepAlive(fresh)
		b.StartTimer()
	}
	b.ReportMetric(float64(accounted)/n, "accounted-B/memory")
	start := time.Now()
	if _, err := eng.Search(ctx, benchUser, q); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000, "warm-search-ms")
}
