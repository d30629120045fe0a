package index

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkVectorScan times one exact vector scan of n rows of 512
// dimensions, sequential (one part), as a query's vector views run it.
//
//	go test -run '^$' -bench VectorScan ./engine/index/
func BenchmarkVectorScan(b *testing.B) {
	const dim = 512
	for _, n := range []int{1_000, 15_000, 100_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(3, 4))
			s := NewShard(dim)
			v := make([]float32, dim)
			for i := range n {
				for j := range v {
					v[j] = float32(rng.NormFloat64())
				}
				s.Upsert(Row{ID: fmt.Sprintf("m%07d", i), State: "active"}, v, nil)
			}
			qs := make([]query, 16)
			for i := range qs {
				for j := range v {
					v[j] = float32(rng.NormFloat64())
				}
				qs[i] = newQuery(v)
			}
			b.ResetTimer()
			for i := range b.N {
				top := NewTopK(50)
				s.scan(qs[i%len(qs)], s.vectorPlane(), 0, n, nil, top)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
		})
	}
}
