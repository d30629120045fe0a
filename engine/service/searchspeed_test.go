package service_test

import (
	"context"
	"fmt"
	"runtime"
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
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			eng, _ := openBench(b, true)
			preload(b, eng, n)
			ctx := context.Background()
			queries := newSentences(99)
			texts := make([]string, 256)
			for i := range texts {
				texts[i] = queries.next().Text
			}
			if _, err := eng.Search(ctx, benchUser, engine.Query{Text: texts[0]}); err != nil { // load the shard
				b.Fatal(err)
			}
			took := make([]time.Duration, 0, b.N)
			// The preload's garbage is collected now, not by the queries'
			// GC cycles: their p95 measures search, not the setup.
			runtime.GC()
			cpu := cpuTime()
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
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
}

// cpuTime is the process's CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
