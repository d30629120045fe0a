package index

import "testing"

// Each assembly kernel the CPU has, called directly, against plain sums
// (TestDotsMatchPlainSums checks only the one the CPU selects).
func TestAssemblyKernelsMatchPlainSums(t *testing.T) {
	if hasAVX2 {
		checkDots(t, func(q, rows []int8, out []int32) {
			if len(out) > 0 {
				dotsInt8AVX2(&q[0], &rows[0], len(q), len(out), &out[0])
			}
		}, 32, 96, 512)
	}
	if hasVNNI {
		checkDots(t, func(q, rows []int8, out []int32) {
			if len(out) > 0 {
				dotsInt8VNNI(&q[0], &rows[0], len(q), len(out), sumInt8(q), &out[0])
			}
		}, 64, 512, 768)
	}
	if !hasAVX2 && !hasVNNI {
		t.Skip("no assembly kernel on this CPU")
	}
}
