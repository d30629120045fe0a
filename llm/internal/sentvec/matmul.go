package sentvec

import "fmt"

// Matrix products go through one kernel: a tile of tileRows rows of x times a panel of panelWidth
// output units. A weight matrix is kept as the file has it, int8 with one scale per output unit, a
// quarter of float32's bytes: a lone prompt's encode reads every weight once, and on a busy machine
// the memory bus, not the arithmetic, bounds it. It is packed at load (panels) so that a panel's
// weights for one input column are panelWidth contiguous bytes: the kernel widens them to float32
// once per tile, multiplies them by each row's value of that column (broadcast) and keeps the
// tile's tileRows × panelWidth sums in registers (AVX-512: one register a row; AVX2: two, four
// rows at a time), scaling each sum once at the end. Each output is
// summed over the columns in order, so a row's result does not depend on the rows it shares a tile
// or a batch with: a text encoded alone or among others gets the same vector, bit for bit.
const (
	panelWidth = 16
	tileRows   = 8
)

// panels is an int8 weight matrix of rows output units × cols inputs, packed for the kernel: panel
// p (units p·16 … p·16+15) is cols × 16 values, q[p·16·cols + c·16 + j] = w[p·16+j][c], and unit
// o's weights are its values times scales[o].
type panels struct {
	rows, cols int
	q          []int8
	scales     []float32
}

// pack lays out the int8 rows q (one row of cols per output unit, as the weights file stores
// them) as panels. rows must be a multiple of panelWidth.
func pack(rows, cols int, q []byte, scales []float32) (panels, error) {
	if rows%panelWidth != 0 {
		return panels{}, fmt.Errorf("%d output units, not a multiple of %d", rows, panelWidth)
	}
	p := make([]int8, rows*cols)
	for o := 0; o < rows; o++ {
		base := (o/panelWidth)*panelWidth*cols + o%panelWidth
		for c, v := range q[o*cols : (o+1)*cols] {
			p[base+c*panelWidth] = int8(v)
		}
	}
	return panels{rows: rows, cols: cols, q: p, scales: scales}, nil
}

// tile is one kernel call's operands: tileRows input rows of the panel's cols each, and where each
// row's panelWidth outputs go. Past the last row (rows), a tile repeats it into a scratch output.
type tile struct {
	rows int
	x    [tileRows][]float32
	dst  [tileRows][]float32
}

// matMul writes x·Wᵀ + bias to dst for n rows of x: dst[t][o] = x[t]·w[o] + bias[o]. Panels are
// the outer loop: a panel (16 × cols weights, at most 24 KB) is read from memory once and stays in
// the first-level cache while every tile of rows passes over it.
func matMul(dst, x []float32, n int, w panels, bias []float32) {
	in, out := w.cols, w.rows
	x, dst = x[:n*in], dst[:n*out]
	var sink [panelWidth]float32
	var tl tile
	for p := 0; p < out/panelWidth; p++ {
		units := panelOf{
			q:     w.q[p*panelWidth*in : (p+1)*panelWidth*in],
			scale: w.scales[p*panelWidth : (p+1)*panelWidth],
			bias:  bias[p*panelWidth : (p+1)*panelWidth],
		}
		for t := 0; t < n; t += tileRows {
			tl.rows = min(tileRows, n-t)
			for r := range tileRows {
				if row := t + r; row < n {
					tl.x[r] = x[row*in : (row+1)*in]
					tl.dst[r] = dst[row*out+p*panelWidth : row*out+(p+1)*panelWidth]
				} else {
					tl.x[r], tl.dst[r] = x[(n-1)*in:n*in], sink[:]
				}
			}
			mulTile(&tl, units)
		}
	}
}

// panelOf is one panel's weights with its units' scales and biases.
type panelOf struct {
	q           []int8
	scale, bias []float32
}

// mulTileGo is the portable kernel: for each row r, dst[r][j] = (Σ_c x[r][c]·q[c·16+j])·scale[j] +
// bias[j], summed over c in order as the assembly kernel does (which fuses each multiply and add).
func mulTileGo(tl *tile, p panelOf) {
	for r := range tl.rows {
		var acc [panelWidth]float32
		x := tl.x[r]
		q := p.q[:len(x)*panelWidth]
		for c, v := range x {
			w := q[c*panelWidth : (c+1)*panelWidth : (c+1)*panelWidth]
			for j := range acc {
				acc[j] += v * float32(w[j])
			}
		}
		dst, scale, bias := tl.dst[r][:panelWidth], p.scale[:panelWidth], p.bias[:panelWidth]
		for j := range acc {
			dst[j] = acc[j]*scale[j] + bias[j]
		}
	}
}

// axpy adds a·x to y.
func axpy(y, x []float32, a float32) {
	x = x[:len(y)]
	for i := range y {
		y[i] += a * x[i]
	}
}

// addInto adds x to y.
func addInto(y, x []float32) {
	x = x[:len(y)]
	for i := range y {
		y[i] += x[i]
	}
}
