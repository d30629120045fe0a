package index

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSearchMeaning times SearchMeaning over n rows that all hold a
// meaning vector, as a first-person prompt's lift runs it, with its
// allocations: the scan of the int8 meaning vectors and the top 20. It
// reports the process's CPU time per scan too, which a busy machine
// inflates less than wall time.
//
//	go test -run '^$' -bench SearchMeaning -benchmem ./engine/index/
func BenchmarkSearchMeaning(b *testing.B) {
	for _, n := range []int{15_000, 100_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(5, 6))
			s := NewShard(8)
			v := make([]float32, MeaningDim)
			randomize := func() {
				for j := range v {
					v[j] = float32(rng.NormFloat64())
				}
			}
			for i := range n {
				id := fmt.Sprintf("m%07d", i)
				s.Upsert(Row{ID: id, State: "active"}, nil, nil)
				randomize()
				vec, scale, _ := QuantizeMeaning(v)
				s.SetMeaning(id, vec, scale)
			}
			qs := make([][]float32, 16)
			for i := range qs {
				randomize()
				qs[i] = append([]float32(nil), v...)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			for i := range b.N {
				if len(s.SearchMeaning(qs[i%len(qs)], 20, nil)) != 20 {
					b.Fatal("fewer than 20 hits")
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}
