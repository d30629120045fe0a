package sentvec

import (
	"slices"
	"testing"
)

// TestAVX512KernelMatchesAVX2 holds the two assembly kernels to the same sums, bit for bit: a
// vector must not depend on the CPU's register width. Encode is run with each.
func TestAVX512KernelMatchesAVX2(t *testing.T) {
	if !hasAVX512 || !hasFMA {
		t.Skip("the CPU runs one kernel at most")
	}
	texts := []string{benchTexts[12], benchTexts[40], "", "hello"}
	wide := Encode(texts)
	hasAVX512 = false
	defer func() { hasAVX512 = true }()
	narrow := Encode(texts)
	for i := range texts {
		if !slices.Equal(wide[i], narrow[i]) {
			t.Errorf("text %d: the AVX-512 kernel's vector differs from the AVX2 kernel's", i)
		}
	}
}

// TestAVX2KernelMatchesDotProducts is TestMatMulMatchesDotProducts with the AVX2 kernel where the
// CPU would run the AVX-512 one, so both are checked against the dot products, tails included.
func TestAVX2KernelMatchesDotProducts(t *testing.T) {
	if !hasAVX512 {
		t.Skip("TestMatMulMatchesDotProducts runs the AVX2 kernel")
	}
	hasAVX512 = false
	defer func() { hasAVX512 = true }()
	TestMatMulMatchesDotProducts(t)
}
