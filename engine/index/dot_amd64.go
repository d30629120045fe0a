package index

import "golang.org/x/sys/cpu"

// hasAVX2 selects the assembly kernels (dot_amd64.s).
var hasAVX2 = cpu.X86.HasAVX2

// dotInt8AVX2 sums a[i]*b[i] over the first n elements, n a multiple of 32.
//
//go:noescape
func dotInt8AVX2(a, b *int8, n int) int32

// dotsInt8AVX2 writes to out[0:n] q's dot products with the n rows of dim
// elements at rows, dim a multiple of 32, no element of q -128.
//
//go:noescape
func dotsInt8AVX2(q, rows *int8, dim, n int, out *int32)

// dotInt8 is the dot product of two int8 vectors of equal length.
func dotInt8(a, b []int8) int32 {
	n := len(a) &^ 31
	if !hasAVX2 || n == 0 {
		return dotInt8Go(a, b)
	}
	b = b[:len(a)]
	return dotInt8AVX2(&a[0], &b[0], n) + dotInt8Go(a[n:], b[n:])
}

// dotsInt8 writes to out[i] q's dot product with rows[i*len(q):(i+1)*len(q)].
// q must be a quantised query (no element -128, as quantize gives); the
// rows may hold any int8.
func dotsInt8(q, rows []int8, out []int32) {
	dim := len(q)
	if !hasAVX2 || dim == 0 || dim%32 != 0 || len(out) == 0 {
		dotsInt8Go(q, rows, out)
		return
	}
	rows = rows[:len(out)*dim]
	dotsInt8AVX2(&q[0], &rows[0], dim, len(out), &out[0])
}
