package sentvec

import "golang.org/x/sys/cpu"

// The CPU's kernels (matmul_amd64.s): AVX2 with FMA, and AVX-512 where the CPU and the OS support
// it. Both fuse each multiply and add in the same order, so they give the same sums, bit for bit.
var (
	hasFMA    = cpu.X86.HasAVX2 && cpu.X86.HasFMA
	hasAVX512 = cpu.X86.HasAVX512F
)

// mulTileFMA is mulTileGo with AVX2 and FMA on four rows, for k even: x0…x3 are the rows of k
// floats, d0…d3 where their 16 outputs go, q the panel's k × 16 int8 weights.
//
//go:noescape
func mulTileFMA(x0, x1, x2, x3, d0, d1, d2, d3 *float32, q *int8, k int, scale, bias *float32)

// mulTileAVX512 is mulTileGo with AVX-512 on eight rows (one 16-wide register of sums each), for k
// even: x and d hold the rows' and their outputs' addresses.
//
//go:noescape
func mulTileAVX512(x, d *[tileRows]*float32, q *int8, k int, scale, bias *float32)

// mulTile runs the fastest kernel the CPU has on one tile.
func mulTile(tl *tile, p panelOf) {
	k := len(tl.x[0])
	if !hasFMA || k == 0 || k%2 != 0 {
		mulTileGo(tl, p)
		return
	}
	q, scale, bias := p.q[:k*panelWidth], p.scale[:panelWidth], p.bias[:panelWidth]
	var xp, dp [tileRows]*float32
	for r := range tileRows {
		x, d := tl.x[r][:k], tl.dst[r][:panelWidth] // every row as long as the kernel reads or writes
		xp[r], dp[r] = &x[0], &d[0]
	}
	if hasAVX512 {
		mulTileAVX512(&xp, &dp, &q[0], k, &scale[0], &bias[0])
		return
	}
	for r := 0; r < tl.rows; r += 4 { // a half of scratch rows only is skipped
		mulTileFMA(xp[r], xp[r+1], xp[r+2], xp[r+3], dp[r], dp[r+1], dp[r+2], dp[r+3], &q[0], k, &scale[0], &bias[0])
	}
}
