package index

import "math"

// Vectors are held as int8, each with one float32 scale: a quarter of the
// memory of float32, and a quarter of the bytes a scan reads, which is what
// bounds an exact scan of many vectors. An L2-normalised vector v is stored
// as round(v/scale) with scale = max|v_i|/127, so its largest component
// keeps full precision; a query is quantised the same way and the cosine is
// the integer dot product times both scales. Over 512 dimensions the error
// is about 1e-3 of the cosine, below what reorders the dev sets' answers
// (README, Memory and speed).

// quantize writes the int8 form of v (already normalised) into dst and
// returns its scale (0 for a zero vector).
func quantize(dst []int8, v []float32) float32 {
	var m float32
	for _, x := range v {
		m = max(m, abs32(x))
	}
	if m == 0 || math.IsNaN(float64(m)) || math.IsInf(float64(m), 0) {
		clear(dst)
		return 0
	}
	inv := 127 / m
	for i, x := range v {
		dst[i] = int8(math.Round(float64(x * inv)))
	}
	return m / 127
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// dotInt8Go is the portable dot product of two int8 vectors of equal length.
func dotInt8Go(a, b []int8) int32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 int32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += int32(a[i]) * int32(b[i])
		s1 += int32(a[i+1]) * int32(b[i+1])
		s2 += int32(a[i+2]) * int32(b[i+2])
		s3 += int32(a[i+3]) * int32(b[i+3])
	}
	for ; i < len(a); i++ {
		s0 += int32(a[i]) * int32(b[i])
	}
	return s0 + s1 + s2 + s3
}

// dotsInt8Go is the portable dotsInt8: one dot product a row.
func dotsInt8Go(q, rows []int8, out []int32) {
	dim := len(q)
	for i := range out {
		out[i] = dotInt8(q, rows[i*dim:(i+1)*dim])
	}
}

// query is a search vector in the shards' form: v quantised (no element
// -128, which the AVX2 kernel relies on), sum the sum of its elements,
// which the VNNI kernel takes off its results (dot_amd64.s).
type query struct {
	v     []int8
	sum   int32
	scale float32
}

// newQuery normalises and quantises q.
func newQuery(q []float32) query {
	qn := make([]float32, len(q))
	copy(qn, q)
	normalize(qn)
	v := make([]int8, len(q))
	scale := quantize(v, qn)
	return queryOf(v, scale)
}

// queryOf is the query of quantised v with its scale.
func queryOf(v []int8, scale float32) query {
	return query{v: v, sum: sumInt8(v), scale: scale}
}

// cosine is q's cosine with row i's vector. Callers hold a lock.
func (s *Shard) cosine(q query, i int) float64 {
	return q.cosine(dotInt8(q.v, s.vecs[i*s.dim:(i+1)*s.dim]), s.scales[i])
}

// cosine is the cosine of q with a row of the given scale whose int8
// vector's dot product with q's is dot: one expression for every scan, so
// the scores agree to the bit however the dot products were computed.
func (q query) cosine(dot int32, scale float32) float64 {
	return float64(dot) * float64(q.scale) * float64(scale)
}

// sumInt8 is the sum of v's elements.
func sumInt8(v []int8) int32 {
	var s int32
	for _, x := range v {
		s += int32(x)
	}
	return s
}
