package index

import "testing"

// Each nibble kernel the CPU has, called directly (TestNibbleDotsMatchPlainSums
// checks only the one the CPU selects).
func TestNibbleAssemblyKernels(t *testing.T) {
	kernel := func(k func(q *int8, rows *uint8, half, n int, out *int32)) func(q []int8, rows []uint8, out []int32) {
		return func(q []int8, rows []uint8, out []int32) {
			if len(out) > 0 {
				k(&q[0], &rows[0], len(q)/2, len(out), &out[0])
			}
		}
	}
	if hasAVX2 {
		checkDots(t, nibbleDots(kernel(dotsNibblesAVX2)), 64, 128, 512)
	}
	if hasNibbleVNNI {
		checkDots(t, nibbleDots(kernel(dotsNibblesVNNI)), 128, 512, 768)
	}
	if !hasAVX2 && !hasNibbleVNNI {
		t.Skip("no assembly kernel on this CPU")
	}
}
