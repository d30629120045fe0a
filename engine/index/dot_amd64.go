package index

import "golang.org/x/sys/cpu"

// hasAVX2 selects the assembly kernel (dot_amd64.s).
var hasAVX2 = cpu.X86.HasAVX2

// dotInt8AVX2 sums a[i]*b[i] over the first n elements, n a multiple of 32.
//
//go:noescape
func dotInt8AVX2(a, b *int8, n int) int32

// dotInt8 is the dot product of two int8 vectors of equal length.
func dotInt8(a, b []int8) int32 {
	n := len(a) &^ 31
	if !hasAVX2 || n == 0 {
		return dotInt8Go(a, b)
	}
	b = b[:len(a)]
	return dotInt8AVX2(&a[0], &b[0], n) + dotInt8Go(a[n:], b[n:])
}
