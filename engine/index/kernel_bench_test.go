//go:build amd64

package index

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkDotsKernel times the dot-product kernels alone over n rows of
// 512 int8s in blocks of scanBlock rows, as a scan calls them, in CPU time
// per row (a shared machine inflates wall time more): whether a kernel is
// bound by its instructions (the same cost at 1,000 rows, which stay in
// cache) or by memory (100,000 rows, 51 MB).
//
//	go test -run '^$' -bench DotsKernel ./engine/index/
func BenchmarkDotsKernel(b *testing.B) {
	const dim = 512
	kernels := map[string]func(q query, rows []int8, out []int32){
		"go": func(q query, rows []int8, out []int32) { dotsInt8Go(q.v, rows, out) },
	}
	if hasAVX2 {
		kernels["avx2"] = func(q query, rows []int8, out []int32) {
			dotsInt8AVX2(&q.v[0], &rows[0], dim, len(out), &out[0])
		}
	}
	if hasVNNI {
		kernels["vnni"] = func(q query, rows []int8, out []int32) {
			dotsInt8VNNI(&q.v[0], &rows[0], dim, len(out), q.sum, &out[0])
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{1_024, 100_000} {
		rows := make([]int8, n*dim)
		for i := range rows {
			rows[i] = int8(rng.IntN(255) - 127)
		}
		v := make([]float32, dim)
		for i := range v {
			v[i] = float32(rng.NormFloat64())
		}
		q := newQuery(v)
		for _, name := range []string{"go", "avx2", "vnni"} {
			kernel, ok := kernels[name]
			if !ok {
				continue
			}
			benchKernel(b, name, n, dim, q, rows, kernel)
		}
	}
}

// BenchmarkNibbleKernel is BenchmarkDotsKernel for the nibble kernels
// (nibble.go): one plane of n rows of 256 bytes, as scanNibbles reads the
// high plane of every row, in CPU time per row.
//
//	go test -run '^$' -bench NibbleKernel ./engine/index/
func BenchmarkNibbleKernel(b *testing.B) {
	const dim, half = 512, 256
	kernels := map[string]func(q []int8, rows []uint8, out []int32){"go": dotsNibblesGo}
	if hasAVX2 {
		kernels["avx2"] = func(q []int8, rows []uint8, out []int32) {
			dotsNibblesAVX2(&q[0], &rows[0], half, len(out), &out[0])
		}
	}
	if hasNibbleVNNI {
		kernels["vnni"] = func(q []int8, rows []uint8, out []int32) {
			dotsNibblesVNNI(&q[0], &rows[0], half, len(out), &out[0])
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	q := make([]int8, dim)
	for i := range q {
		q[i] = int8(rng.IntN(255) - 127)
	}
	for _, n := range []int{1_024, 100_000} {
		rows := make([]uint8, n*half)
		for i := range rows {
			rows[i] = uint8(rng.IntN(256))
		}
		for _, name := range []string{"go", "avx2", "vnni"} {
			kernel, ok := kernels[name]
			if !ok {
				continue
			}
			benchKernel(b, name, n, half, q, rows, kernel)
		}
	}
}

// benchKernel times kernel over the n rows of width elements in rows, in
// blocks of scanBlock rows as a scan calls it, reporting CPU ns per row.
func benchKernel[Q any, R any](b *testing.B, name string, n, width int, q Q, rows []R, kernel func(Q, []R, []int32)) {
	b.Run(fmt.Sprintf("%s/n=%d", name, n), func(b *testing.B) {
		var out [scanBlock]int32
		cpu := cpuTime()
		for range b.N {
			for lo := 0; lo < n; lo += scanBlock {
				hi := min(lo+scanBlock, n)
				kernel(q, rows[lo*width:hi*width], out[:hi-lo])
			}
		}
		b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/row")
	})
}
