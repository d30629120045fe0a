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

// BenchmarkApproxVectorScan times a search of 100,000 rows of 512
// dimensions around a hundred centres, through the inverted file (Search)
// and reading every row (SearchExact), with the scan's parts on every
// core as a query's views run it; the inverted file is built before the
// timer starts.
//
//	go test -run '^$' -bench ApproxVectorScan ./engine/index/
func BenchmarkApproxVectorScan(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	s, centres := clusteredShard(100_000, 512, rng)
	qs := make([][]float32, 16)
	for i := range qs {
		qs[i] = noisy(centres[i], 0.6, rng)
	}
	s.Search(qs[0], 50, nil)
	for _, c := range []struct {
		name   string
		search func([]float32, int, func(*Row) bool) []Hit
	}{{"ivf", s.Search}, {"exact", s.SearchExact}} {
		b.Run(c.name, func(b *testing.B) {
			for i := range b.N {
				c.search(qs[i%len(qs)], 50, nil)
			}
		})
	}
}
