package service_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// The in-memory index's memory: what a stored memory costs once its
// user's shard is loaded, how long a cold load takes, and the budget
// holding over many users.
//
//	go test -run TestShardBudgetManyUsers -v ./engine/service/
//	go test -run '^$' -bench ShardColdLoad -benchtime 5x -count 3 ./engine/service/

// engineOn opens an engine with cfg on st (shared by engines that stand
// for successive server starts) and emb (nil: a new built-in embedder).
func engineOn(tb testing.TB, st *store.Store, cfg engine.Config, emb engine.Embedder) *service.Engine {
	tb.Helper()
	if emb == nil {
		emb = llm.NewBuiltinEmbedder()
	}
	eng, err := service.New(context.Background(), cfg,
		service.Deps{Store: st, Embedder: emb, Extractors: []engine.Extractor{extract.NewBuiltin()}})
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

// TestShardBudgetManyUsers touches 5,000 users under a 4 MiB budget, first
// writing to each (a load, then writes), then searching each twice (a
// reload each time): the accounted bytes of the loaded shards never exceed
// the budget, and the second read pass, once Badger's memtables and block
// cache are warm, does not grow the heap by the users' shards (evicted ones
// are garbage).
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
	var peak int64
	check := func() {
		if s := eng.CacheStats(); s.Bytes > peak {
			peak = s.Bytes
		}
	}
	user := func(u int) string { return fmt.Sprintf("user-%04d", u) }
	for u := range users {
		if _, err := eng.Add(ctx, user(u), gen.batch(3)); err != nil { // loads the user's shard, then writes to it
			t.Fatal(err)
		}
		check()
	}
	searchAll := func() {
		for u := range users {
			if _, err := eng.Search(ctx, user(u), engine.Query{Text: "where does Alice live", TopK: 3}); err != nil {
				t.Fatal(err)
			}
			check()
		}
	}
	searchAll() // fills Badger's block cache (bounded, and not the index's) with every user's blocks
	base := heapAlloc()
	searchAll()
	end := heapAlloc()
	stats := eng.CacheStats()
	t.Logf("after %d users written and searched: %+v; peak accounted %d B; heap %d MiB before the second search pass, %d MiB after",
		users, stats, peak, base>>20, end>>20)
	if peak > budget {
		t.Errorf("accounted bytes beyond the budget: peak %d, budget %d", peak, budget)
	}
	if stats.Loads < 3*users-uint64(stats.Shards) || stats.Evictions == 0 {
		t.Errorf("expected a load per user and pass, and steady eviction: %+v", stats)
	}
	// The second pass loads every user's shard anew: were evicted shards
	// kept alive, it would add 5,000 × their size (≈ 25 MiB here). Allow
	// the budget and 8 MiB of store and runtime drift.
	if grew := end - base; grew > budget+8<<20 {
		t.Errorf("heap grew %d MiB over 5,000 searched users: shards are not let go", grew>>20)
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
