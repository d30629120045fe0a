package service_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// BenchmarkShardColdLoadMeanings is BenchmarkShardColdLoad with the
// sentence encoder wired as `memsvc serve` wires it: every memory's meaning
// vector stored (the filler is waited for), so the load reads them too and
// the accounted bytes per memory include them.
//
//	go test -run '^$' -bench ShardColdLoadMeanings -benchtime 3x ./engine/service/
func BenchmarkShardColdLoadMeanings(b *testing.B) {
	const n = 10_000
	st, err := store.Open(store.Options{Dir: b.TempDir(), NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	emb := llm.NewBuiltinEmbedder()
	forms, err := llm.NewWordForms()
	if err != nil {
		b.Fatal(err)
	}
	open := func() *service.Engine {
		eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: emb, WordForms: forms})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(eng.Close)
		return eng
	}
	eng := open()
	preload(b, eng, n)
	ctx := context.Background()
	if err := service.WaitMeanings(ctx, eng); err != nil {
		b.Fatal(err)
	}
	q := engine.Query{Text: "Alice moved to Lisbon", TopK: 10}
	var accounted int64
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		fresh := open()
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
}
