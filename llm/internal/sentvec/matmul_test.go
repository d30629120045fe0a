package sentvec

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// randomPanels is a rows × cols int8 matrix with random values and scales, packed, and its float32
// rows for a reference product.
func randomPanels(rng *rand.Rand, rows, cols int) (panels, []float32) {
	q := make([]byte, rows*cols)
	for i := range q {
		q[i] = byte(rng.IntN(256))
	}
	scales := make([]float32, rows)
	w := make([]float32, rows*cols)
	for o := range scales {
		scales[o] = rng.Float32() / 100
		for c := range cols {
			w[o*cols+c] = float32(int8(q[o*cols+c])) * scales[o]
		}
	}
	p, err := pack(rows, cols, q, scales)
	if err != nil {
		panic(err)
	}
	return p, w
}

func randomFloats(rng *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = rng.Float32()*2 - 1
	}
	return v
}

// TestMatMulMatchesDotProducts checks matMul, with the CPU's kernel, against float64 dot
// products of the weights' rows, for every count of rows a tile can be left with and an odd width
// (which the portable kernel takes).
func TestMatMulMatchesDotProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, shape := range [][2]int{{16, 2}, {32, 256}, {48, 37}, {512, 1536}} {
		rows, cols := shape[0], shape[1]
		w, ref := randomPanels(rng, rows, cols)
		bias := randomFloats(rng, rows)
		for _, n := range []int{1, 2, 3, 4, 5, 7, 9} {
			t.Run(fmt.Sprintf("%dx%d/n=%d", rows, cols, n), func(t *testing.T) {
				x := randomFloats(rng, n*cols)
				dst := make([]float32, n*rows)
				matMul(dst, x, n, w, bias)
				for r := range n {
					for o := range rows {
						want, size := float64(bias[o]), math.Abs(float64(bias[o]))
						for c := range cols {
							term := float64(x[r*cols+c]) * float64(ref[o*cols+c])
							want, size = want+term, size+math.Abs(term)
						}
						// float32 sums: within a few units of rounding of the terms' size.
						if got := float64(dst[r*rows+o]); math.Abs(got-want) > 1e-6*size {
							t.Fatalf("row %d unit %d: %g, want %g", r, o, got, want)
						}
					}
				}
			})
		}
	}
}

// TestKernelMatchesPortable holds the assembly kernel (where the CPU runs it) to the portable one:
// they differ only by the fused multiply-add's rounding.
func TestKernelMatchesPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, cols := range []int{2, 256, 1536} {
		w, _ := randomPanels(rng, panelWidth, cols)
		p := panelOf{q: w.q, scale: w.scales, bias: randomFloats(rng, panelWidth)}
		fast, portable := tile{rows: tileRows}, tile{rows: tileRows}
		for r := range tileRows {
			x := randomFloats(rng, cols)
			fast.x[r], portable.x[r] = x, x
			fast.dst[r], portable.dst[r] = make([]float32, panelWidth), make([]float32, panelWidth)
		}
		mulTile(&fast, p)
		mulTileGo(&portable, p)
		for r := range tileRows {
			for j := range panelWidth {
				got, want := fast.dst[r][j], portable.dst[r][j]
				if math.Abs(float64(got-want)) > 1e-5*(1+math.Abs(float64(want))) {
					t.Fatalf("cols %d, row %d unit %d: kernel %g, portable %g", cols, r, j, got, want)
				}
			}
		}
	}
}

func TestPackRefusesPartialPanels(t *testing.T) {
	if _, err := pack(20, 4, make([]byte, 80), make([]float32, 20)); err == nil {
		t.Error("pack accepted 20 output units")
	}
}
