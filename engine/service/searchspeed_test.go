package service_test

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// BenchmarkSearchLatency measures hybrid search (the default mode, no
// rerank) in-process over one user's store of n memories and reports the
// median and 95th percentile of the queries' latencies, with allocations
// per query. The queries come from the memories' generator, so each has
// lexical and vector hits.
//
//	go test -run '^$' -bench SearchLatency -benchtime 200x -count 3 ./engine/service/
//	go test -run '^$' -bench 'SearchLatency/n=15000' -cpuprofile cpu.out ./engine/service/
func BenchmarkSearchLatency(b *testing.B) {
	for _, n := range []int{500, 15_000, 100_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { searchLatency(b, n, "", 0) })
	}
}

// BenchmarkSearchLatencyFirstPerson is BenchmarkSearchLatency for prompts
// about the user's own life ("can you remind me …"), which the sentence
// encoder reads too (search.liftNearestInMeaning): the prompt and each
// of the first five hits not encoded before. "warm" runs 256 other
// prompts first, as a store's memories are met again and again.
//
//	go test -run '^$' -bench SearchLatencyFirstPerson -benchtime 200x -count 3 ./engine/service/
func BenchmarkSearchLatencyFirstPerson(b *testing.B) {
	for _, n := range []int{500, 15_000, 100_000} {
		for _, warm := range []int{0, 256} {
			b.Run(fmt.Sprintf("n=%d/warm=%d", n, warm), func(b *testing.B) {
				searchLatency(b, n, "can you remind me about this: ", warm)
			})
		}
	}
}

// searchLatency runs b.N searches of generated queries, each prefixed with
// prefix, over a store of n memories, after warm searches of others, and
// reports their p50 and p95.
func searchLatency(b *testing.B, n int, prefix string, warm int) {
	eng := servedEngine(b, preloadedStore(b, n), engine.Config{})
	ctx := context.Background()
	queries := newSentences(99)
	texts := make([]string, 256+warm)
	for i := range texts {
		texts[i] = prefix + queries.next().Text
	}
	for _, t := range texts[:1+warm] { // load the shard, warm what is to be warmed
		if _, err := eng.Search(ctx, benchUser, engine.Query{Text: t}); err != nil {
			b.Fatal(err)
		}
	}
	texts = texts[warm:]
	took := make([]time.Duration, 0, b.N)
	// The preload's garbage is collected now, not by the queries'
	// GC cycles: their p95 measures search, not the setup.
	runtime.GC()
	cpu, gc := cpuTime(), gcUse()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		if _, err := eng.Search(ctx, benchUser, engine.Query{Text: texts[i%len(texts)]}); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	// CPU time (user + system, GC included) as well as wall-clock:
	// on a shared machine the latter measures the neighbours too.
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	// The collector's share of it, what the queries' allocations cost
	// beyond their own time, and its cycles in all (the CPU is counted
	// as each cycle ends: 0 when none did).
	after := gcUse()
	b.ReportMetric((after.cpu-gc.cpu)*1000/float64(b.N), "gc-cpu-ms/op")
	b.ReportMetric(float64(after.cycles-gc.cycles), "gc-cycles")
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}

// gcStats is what the garbage collector has done so far: its CPU time in
// seconds (the runtime's estimate, marking and assists included) and its
// completed cycles.
type gcStats struct {
	cpu    float64
	cycles uint64
}

func gcUse() gcStats {
	sample := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(sample)
	var st gcStats
	if sample[0].Value.Kind() == metrics.KindFloat64 {
		st.cpu = sample[0].Value.Float64()
	}
	if sample[1].Value.Kind() == metrics.KindUint64 {
		st.cycles = sample[1].Value.Uint64()
	}
	return st
}

// cpuTime is the process's CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
