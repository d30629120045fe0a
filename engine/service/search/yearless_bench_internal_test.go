package search

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// BenchmarkYearlessNow times the year a month named without one is read
// in, over 100,000 memories said one a day-and-a-bit over the eight years
// before now, for a month this year holds ("March", asked in November)
// and one it does not yet ("December": the latest earlier year is read),
// in CPU time (a shared machine inflates wall time more).
//
//	go test -run '^$' -bench YearlessNow ./engine/service/search/
func BenchmarkYearlessNow(b *testing.B) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	const n = 100_000
	shard := index.NewShard(2)
	step := 8 * 365 * 24 * time.Hour / n
	for i := range n {
		at := now.Add(-time.Duration(n-i) * step)
		shard.Upsert(index.Row{ID: fmt.Sprintf("m%07d", i), State: engine.StateActive, ValidFrom: at, CreatedAt: at}, nil, nil)
	}
	for _, tt := range []struct{ name, query string }{
		{"this year", "What did I do in March?"},
		{"an earlier year", "What did I do in December?"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			q := &engine.Query{Text: tt.query}
			var ru0, ru1 syscall.Rusage
			_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
			for range b.N {
				yearlessNow(shard, q, now)
			}
			_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
			cpu := ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano()
			b.ReportMetric(float64(cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
