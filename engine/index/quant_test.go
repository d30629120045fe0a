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
