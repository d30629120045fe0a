package sentvec

// matMul writes x·Wᵀ + bias to dst for n rows of x: dst[t][o] = x[t]·w[o] + bias[o]. Each weight row is
// read once for all n rows of x, while it is in cache.
func matMul(dst, x []float32, n int, w matrix, bias []float32) {
	in := w.cols
	for o := 0; o < w.rows; o++ {
		row := w.w[o*in : (o+1)*in]
		for t := 0; t < n; t++ {
			dst[t*w.rows+o] = dot(x[t*in:(t+1)*in], row) + bias[o]
		}
	}
}

// dot is the dot product of two equally long slices, unrolled four ways.
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
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
