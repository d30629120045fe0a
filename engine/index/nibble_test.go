package index

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// nibbleDots is a checkDots kernel computing each whole-byte dot product
// from nibble planes with kernel, as scanNibbles does: each row is packed
// (nibbles.set) and q·x = 16·(q·(h+8)) − 128·Σq + q·l.
func nibbleDots(kernel func(q []int8, rows []uint8, out []int32)) func(q, rows []int8, out []int32) {
	return func(q, rows []int8, out []int32) {
		dim := len(q)
		p := newNibbles(dim, len(out))
		for i := range out {
			p.set(i, rows[i*dim:(i+1)*dim])
		}
		his, los := make([]int32, len(out)), make([]int32, len(out))
		kernel(q, p.hi, his)
		kernel(q, p.lo, los)
		for i := range out {
			out[i] = 16*his[i] - 16*nibbleBias*sumInt8(q) + los[i]
		}
	}
}

// The nibble kernels, composed as a scan composes them, give the whole
// bytes' dot products: the packing loses nothing and each half of a row
// meets its half of the query.
func TestNibbleDotsMatchPlainSums(t *testing.T) {
	t.Run("selected", func(t *testing.T) { checkDots(t, nibbleDots(dotsNibbles), 2, 32, 64, 128, 512, 770) })
	t.Run("go", func(t *testing.T) { checkDots(t, nibbleDots(dotsNibblesGo), 2, 32, 512, 770) })
}

// A row unpacks to what was set, the extremes included.
func TestNibblesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const dim, n = 16, 40
	p := newNibbles(dim, n)
	want := make([]int8, n*dim)
	for i := range want {
		want[i] = int8(rng.IntN(256) - 128)
	}
	want[0], want[1], want[dim/2], want[dim/2+1] = -128, 127, -1, 0
	for i := range n {
		p.set(i, want[i*dim:(i+1)*dim])
	}
	p.move(n-1, 3) // a removal's swap
	copy(want[3*dim:4*dim], want[(n-1)*dim:])
	p.shrink(n - 1)
	got := make([]int8, dim)
	for i := range n - 1 {
		p.unpack(i, got)
		if !slices.Equal(got, want[i*dim:(i+1)*dim]) {
			t.Fatalf("row %d unpacks to %v, want %v", i, got, want[i*dim:(i+1)*dim])
		}
	}
}

// SearchMeaning's scan of the nibble planes, with its bound, returns what
// a whole-byte scan of the same int8 vectors returns: the same ids in the
// same order with the same scores, to the bit. The rows cluster around a
// few directions, so most of them are ruled out by the bound and some
// tie, and the shard is large enough to be scanned in parts.
func TestScanNibblesMatchesWholeBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	centres := make([][]float32, 8)
	for i := range centres {
		centres[i] = unitMeaning(rng)
	}
	near := func(spread float64) []float32 {
		c := centres[rng.IntN(len(centres))]
		v := make([]float32, MeaningDim)
		for j := range v {
			v[j] = c[j] + float32(spread*rng.NormFloat64())
		}
		normalize(v)
		return v
	}
	s := NewShard(2)
	const n = 2*minScanPart + 500
	for i := range n {
		id := fmt.Sprintf("m%06d", i)
		s.Upsert(Row{ID: id, State: "active"}, nil, nil)
		switch {
		case i%97 == 0: // no meaning
		case i%5 == 0:
			setMeaning(t, s, id, unitMeaning(rng))
		case i%41 == 0: // a duplicate of the row before it: a tie
			v, scale := make([]int8, MeaningDim), s.meaningScales[i-1]
			s.meanings.unpack(i-1, v)
			s.SetMeaning(id, v, scale)
		default:
			setMeaning(t, s, id, near(0.02+0.1*rng.Float64()))
		}
	}
	s.Remove("m000007")
	s.DropMeaning("m000010")
	whole := make([]int8, len(s.meaningScales)*MeaningDim)
	for i := range s.meaningScales {
		s.meanings.unpack(i, whole[i*MeaningDim:(i+1)*MeaningDim])
	}
	odd := func(r *Row) bool { return r.ID[len(r.ID)-1]%2 == 1 }
	for c := range 12 {
		q := near(0.05 * float64(c%4))
		if c%6 == 5 {
			q = unitMeaning(rng)
		}
		for _, k := range []int{1, 6, 20, 300} {
			for name, keep := range map[string]func(*Row) bool{"all": nil, "odd": odd} {
				got := s.SearchMeaning(q, k, keep)
				want := s.searchPlane(newQuery(q), plane{vecs: whole, scales: s.meaningScales, dim: MeaningDim}, k, keep)
				if !slices.Equal(got, want) {
					t.Fatalf("query %d k=%d %s: nibble scan %v, whole bytes %v", c, k, name, got[:min(len(got), 3)], want[:min(len(want), 3)])
				}
			}
		}
	}
}
