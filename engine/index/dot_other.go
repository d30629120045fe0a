//go:build !amd64

package index

// dotInt8 is the dot product of two int8 vectors of equal length.
func dotInt8(a, b []int8) int32 { return dotInt8Go(a, b) }

// dotsInt8 writes to out[i] q's dot product with rows[i*len(q):(i+1)*len(q)].
func dotsInt8(q, rows []int8, out []int32) { dotsInt8Go(q, rows, out) }
