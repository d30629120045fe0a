package service_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
)

// benchStore, when set, keeps the latency benchmarks' stores in
// DIR/n=<n> across runs, built when absent and never removed: a
// before/after comparison of two builds then reads the same memories, and
// pays the preload once.
var benchStore = flag.String("benchstore", "", "keep the latency benchmarks' preloaded stores in this directory across runs")

// preloaded keeps, for the life of the test process, one Badger store per
// size holding benchUser's n generated memories with every meaning vector
// stored. At 100,000 the preload and the encoding of every memory take
// minutes, and a benchmark runs its body at least twice (b.N = 1, then the
// N asked) and once more per -count: the latency benchmarks build each
// size once. Each run opens an engine of its own on the store, so its
// first (untimed) search still loads the shard cold. TestMain closes them
// and removes those not kept (closePreloaded).
var preloaded = struct {
	sync.Mutex
	stores map[int]*store.Store
	dirs   []string // to remove
}{stores: map[int]*store.Store{}}

// preloadMark is the file a kept store's directory holds once its preload
// is complete.
const preloadMark = "preloaded"

// preloadedStore returns the process's store of n memories and their
// meanings, building it on first use (batches of 500, fsync off, then the
// meaning filler waited for; both times are logged).
func preloadedStore(b *testing.B, n int) *store.Store {
	b.Helper()
	preloaded.Lock()
	defer preloaded.Unlock()
	if st := preloaded.stores[n]; st != nil {
		return st
	}
	dir := preloadDir(b, n)
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	preloaded.stores[n] = st
	eng := servedEngine(b, st, engine.Config{})
	if _, err := os.Stat(filepath.Join(dir, preloadMark)); err != nil {
		preload(b, eng, n)
		if err := os.WriteFile(filepath.Join(dir, preloadMark), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	// A kept store may lack meanings still (a run cut short): the shard's
	// load queues them for the filler.
	ctx := context.Background()
	if _, err := eng.Search(ctx, benchUser, engine.Query{Text: "load the shard"}); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if err := service.WaitMeanings(ctx, eng); err != nil {
		b.Fatal(err)
	}
	b.Logf("meaning vectors of %d memories stored in %v", n, time.Since(start).Round(time.Millisecond))
	eng.Close() // its shard let go: each run loads its own
	return st
}

// preloadDir is the directory of the store of n memories: under
// -benchstore, else a new temporary one.
func preloadDir(b *testing.B, n int) string {
	if *benchStore != "" {
		dir := filepath.Join(*benchStore, fmt.Sprintf("n=%d", n))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		return dir
	}
	dir, err := os.MkdirTemp("", "memsvc-bench-")
	if err != nil {
		b.Fatal(err)
	}
	preloaded.dirs = append(preloaded.dirs, dir)
	return dir
}

// closePreloaded closes the stores preloadedStore opened and removes those
// not kept.
func closePreloaded() {
	preloaded.Lock()
	defer preloaded.Unlock()
	for _, st := range preloaded.stores {
		st.Close()
	}
	for _, dir := range preloaded.dirs {
		os.RemoveAll(dir)
	}
	clear(preloaded.stores)
	preloaded.dirs = nil
}
