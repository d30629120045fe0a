package index

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestDotInt8MatchesPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 31, 32, 33, 64, 100, 512, 1024 + 7} {
		a, b := make([]int8, n), make([]int8, n)
		for i := range a {
			a[i], b[i] = int8(rng.IntN(256)-128), int8(rng.IntN(256)-128)
		}
		if n > 0 { // the extremes
			a[0], b[0] = -128, -128
		}
		var want int32
		for i := range a {
			want += int32(a[i]) * int32(b[i])
		}
		if got := dotInt8(a, b); got != want {
			t.Errorf("n=%d: dotInt8 = %d, want %d", n, got, want)
		}
	}
}

// TestDotsMatchPlainSums checks the block kernel the CPU selects against
// plain sums, over dimensions it takes and ones it leaves to the portable
// loop, with the extremes: rows may hold -128, a quantised query only ±127.
func TestDotsMatchPlainSums(t *testing.T) {
	checkDots(t, func(q, rows []int8, out []int32) { queryOf(q, 1).dots(rows, out) })
}

func checkDots(t *testing.T, dots func(q, rows []int8, out []int32), dims ...int) {
	t.Helper()
	if len(dims) == 0 {
		dims = []int{4, 31, 32, 96, 512, 768 + 7}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, dim := range dims {
		for _, n := range []int{0, 1, 7, 300} {
			q, rows := make([]int8, dim), make([]int8, n*dim)
			for i := range q {
				q[i] = int8(rng.IntN(255) - 127)
			}
			for i := range rows {
				rows[i] = int8(rng.IntN(256) - 128)
			}
			q[0], q[1] = -127, 127
			if n > 0 {
				rows[0], rows[1], rows[len(rows)-1] = -128, 127, -128
			}
			out := make([]int32, n)
			dots(q, rows, out)
			for i := range n {
				var want int32
				for j, x := range q {
					want += int32(x) * int32(rows[i*dim+j])
				}
				if out[i] != want {
					t.Fatalf("dim=%d n=%d row %d: dot = %d, want %d", dim, n, i, out[i], want)
				}
			}
		}
	}
}

// The quantised query form holds no -128, which dotsInt8 relies on.
func TestQuantizeStaysWithin127(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	v := make([]float32, 512)
	for range 200 {
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		v[rng.IntN(len(v))] = -float32(rng.ExpFloat64() * 10) // a dominant negative component
		for _, x := range newQuery(v).v {
			if x < -127 {
				t.Fatalf("quantised element %d", x)
			}
		}
	}
}

// TestQuantizedCosineIsClose holds the int8 cosine to the float one over
// random 512-d vectors.
func TestQuantizedCosineIsClose(t *testing.T) {
	const dim = 512
	rng := rand.New(rand.NewPCG(5, 6))
	s := NewShard(dim)
	vecs := make([][]float32, 200)
	for i := range vecs {
		vecs[i] = make([]float32, dim)
		for j := range vecs[i] {
			vecs[i][j] = float32(rng.NormFloat64())
		}
		s.Upsert(Row{ID: string(rune('a' + i))}, vecs[i], nil)
	}
	q := make([]float32, dim)
	for j := range q {
		q[j] = vecs[0][j] + float32(rng.NormFloat64()) // near row 0
	}
	var worst float64
	for _, h := range s.Search(q, 200, nil) {
		i, _ := s.pos[h.ID]
		want := float64(cos32(q, vecs[i]))
		worst = max(worst, math.Abs(h.Score-want))
	}
	if worst > 0.005 {
		t.Errorf("quantised cosine off by %.4f", worst)
	}
	t.Logf("worst cosine error %.5f", worst)
}

func cos32(a, b []float32) float64 {
	var ab, aa, bb float64
	for i := range a {
		ab += float64(a[i]) * float64(b[i])
		aa += float64(a[i]) * float64(a[i])
		bb += float64(b[i]) * float64(b[i])
	}
	return ab / math.Sqrt(aa*bb)
}
