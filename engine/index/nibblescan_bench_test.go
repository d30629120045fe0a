package index

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkNibbleScan times one SearchMeaning scan (k = 6, as
// search.storeNearest asks) of 100,000 meaning vectors held as nibble
// planes against a whole-byte scan of the same int8 vectors, in one process
// so both meet the same load, in CPU time per row. The vectors cluster
// around topics, as sentences' do ("clustered"; over the first-person
// latency benchmark's store about 1.4% of rows got past the bound), or are
// random ("random": almost none is ruled out, the bound's worst case).
//
//	go test -run '^$' -bench NibbleScan ./engine/index/
func BenchmarkNibbleScan(b *testing.B) {
	const n = 100_000
	for _, data := range []string{"clustered", "random"} {
		rng := rand.New(rand.NewPCG(21, 22))
		centres := make([][]float32, 64)
		for i := range centres {
			centres[i] = unitMeaning(rng)
		}
		next := func() []float32 {
			if data == "random" {
				return unitMeaning(rng)
			}
			c := centres[rng.IntN(len(centres))]
			v := make([]float32, MeaningDim)
			for j := range v {
				v[j] = c[j] + float32(0.06*rng.NormFloat64())
			}
			normalize(v)
			return v
		}
		s := NewShard(2)
		for i := range n {
			id := fmt.Sprintf("m%07d", i)
			s.Upsert(Row{ID: id, State: "active"}, nil, nil)
			vec, scale, _ := QuantizeMeaning(next())
			s.SetMeaning(id, vec, scale)
		}
		whole := make([]int8, n*MeaningDim)
		for i := range n {
			s.meanings.unpack(i, whole[i*MeaningDim:(i+1)*MeaningDim])
		}
		qs := make([]query, 16)
		for i := range qs {
			qs[i] = newQuery(next())
		}
		planes := map[string]plane{
			"bytes":   {vecs: whole, scales: s.meaningScales, dim: MeaningDim},
			"nibbles": {nib: &s.meanings, scales: s.meaningScales, dim: MeaningDim},
		}
		for _, name := range []string{"bytes", "nibbles"} {
			b.Run(fmt.Sprintf("%s/%s", data, name), func(b *testing.B) {
				cpu := cpuTime()
				for i := range b.N {
					top := NewTopK(meaningRivalsBench)
					s.scan(qs[i%len(qs)], planes[name], 0, n, nil, top)
				}
				b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N)/n, "cpu-ns/row")
			})
		}
	}
}

// meaningRivalsBench is search.meaningRivals, the k of a first-person
// prompt's scan of the meanings.
const meaningRivalsBench = 6
