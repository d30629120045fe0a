package index

import "golang.org/x/sys/cpu"

// The CPU's kernels (dot_amd64.s): AVX2, and AVX-512 VNNI where the CPU
// and the OS support it.
var (
	hasAVX2 = cpu.X86.HasAVX2
	hasVNNI = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VNNI
	// The nibble kernel shifts bytes in 512-bit registers (VPSRLW).
	hasNibbleVNNI = hasVNNI && cpu.X86.HasAVX512BW
)

// dotInt8AVX2 sums a[i]*b[i] over the first n elements, n a multiple of 32.
//
//go:noescape
func dotInt8AVX2(a, b *int8, n int) int32

// dotsInt8AVX2 writes to out[0:n] q's dot products with the n rows of dim
// elements at rows, dim a multiple of 32, no element of q -128.
//
//go:noescape
func dotsInt8AVX2(q, rows *int8, dim, n int, out *int32)

// dotsInt8VNNI is dotsInt8AVX2 for dim a multiple of 64, any element of q
// allowed; sum is the sum of q's elements (query.sum).
//
//go:noescape
func dotsInt8VNNI(q, rows *int8, dim, n int, sum int32, out *int32)

// dotsNibblesAVX2 writes to out[0:n] q's dot products with the n rows of
// nibbles at rows (nibble.go), half bytes each, half a multiple of 32.
//
//go:noescape
func dotsNibblesAVX2(q *int8, rows *uint8, half, n int, out *int32)

// dotsNibblesVNNI is dotsNibblesAVX2 for half a multiple of 64.
//
//go:noescape
func dotsNibblesVNNI(q *int8, rows *uint8, half, n int, out *int32)

// dotInt8 is the dot product of two int8 vectors of equal length.
func dotInt8(a, b []int8) int32 {
	n := len(a) &^ 31
	if !hasAVX2 || n == 0 {
		return dotInt8Go(a, b)
	}
	b = b[:len(a)]
	return dotInt8AVX2(&a[0], &b[0], n) + dotInt8Go(a[n:], b[n:])
}

// dots writes to out[i] q's dot product with rows[i*dim:(i+1)*dim], with
// the fastest kernel the CPU has for q's dimension.
func (q query) dots(rows []int8, out []int32) {
	dim := len(q.v)
	switch {
	case len(out) == 0 || dim == 0:
	case hasVNNI && dim%64 == 0:
		rows = rows[:len(out)*dim]
		dotsInt8VNNI(&q.v[0], &rows[0], dim, len(out), q.sum, &out[0])
	case hasAVX2 && dim%32 == 0:
		rows = rows[:len(out)*dim]
		dotsInt8AVX2(&q.v[0], &rows[0], dim, len(out), &out[0])
	default:
		dotsInt8Go(q.v, rows, out)
	}
}

// dotsNibbles writes to out[i] q's dot product with the nibbles of row i of
// rows (nibble.go: len(q)/2 bytes a row), with the fastest kernel the CPU
// has for q's dimension.
func dotsNibbles(q []int8, rows []uint8, out []int32) {
	half := len(q) / 2
	switch {
	case len(out) == 0 || half == 0:
	case hasNibbleVNNI && half%64 == 0:
		rows = rows[:len(out)*half]
		dotsNibblesVNNI(&q[0], &rows[0], half, len(out), &out[0])
	case hasAVX2 && half%32 == 0:
		rows = rows[:len(out)*half]
		dotsNibblesAVX2(&q[0], &rows[0], half, len(out), &out[0])
	default:
		dotsNibblesGo(q, rows, out)
	}
}
