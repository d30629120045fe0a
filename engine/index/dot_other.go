//go:build !amd64

package index

// dotInt8 is the dot product of two int8 vectors of equal length.
func dotInt8(a, b []int8) int32 { return dotInt8Go(a, b) }

// dots writes to out[i] q's dot product with rows[i*dim:(i+1)*dim].
func (q query) dots(rows []int8, out []int32) { dotsInt8Go(q.v, rows, out) }

// dotsNibbles writes to out[i] q's dot product with the nibbles of row i of
// rows (nibble.go).
func dotsNibbles(q []int8, rows []uint8, out []int32) { dotsNibblesGo(q, rows, out) }
