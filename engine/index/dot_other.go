//go:build !amd64

package index

// dotInt8 is the dot product of two int8 vectors of equal length.
func dotInt8(a, b []int8) int32 { return dotInt8Go(a, b) }
