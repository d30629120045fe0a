package sentvec

import "golang.org/x/sys/cpu"

// hasFMA says the CPU (and the OS) run the AVX2 kernel of matmul_amd64.s.
var hasFMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// mulTileFMA is mulTileGo with AVX2 and FMA, for k even: x0…x3 are the tile's rows of k floats,
// d0…d3 where their 16 outputs go, q the panel's k × 16 int8 weights.
//
//go:noescape
func mulTileFMA(x0, x1, x2, x3, d0, d1, d2, d3 *float32, q *int8, k int, scale, bias *float32)

// mulTile runs the fastest kernel the CPU has on one tile.
func mulTile(tl *tile, p panelOf) {
	k := len(tl.x[0])
	if !hasFMA || k == 0 || k%2 != 0 {
		mulTileGo(tl, p)
		return
	}
	q, scale, bias := p.q[:k*panelWidth], p.scale[:panelWidth], p.bias[:panelWidth]
	x, d := &tl.x, &tl.dst
	for r := range tileRows {
		_, _ = x[r][k-1], d[r][panelWidth-1] // every row as long as the kernel reads or writes
	}
	mulTileFMA(&x[0][0], &x[1][0], &x[2][0], &x[3][0], &d[0][0], &d[1][0], &d[2][0], &d[3][0],
		&q[0], k, &scale[0], &bias[0])
}
