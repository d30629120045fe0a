package index

// Nibble planes. A scan of many int8 vectors is bound by the bytes it
// reads (about 40 ns a 512-byte row out of cache against 6 in it,
// BenchmarkDotsKernel), so the meaning vectors are held split in two
// planes of 4-bit halves: each element x = 16·h + l, with h = x>>4 (-8…7)
// and l = x&15 (0…15). The high plane alone bounds a row's dot product
// with q exactly, from above:
//
//	q·x = 16·(q·h) + q·l ≤ 16·(q·h) + 15·Σ{q_j > 0} q_j
//
// so a scan reads the high plane of every row (half the bytes) and the
// low plane only of a row whose bound could still enter its top k; that
// row's q·x is then the exact integer sum, as a whole-byte scan computes
// it, and its score the same to the bit. Over the sentence encoder's
// vectors about 1.4% of the rows of a 15,000-memory store get past the
// bound (measured on the first-person latency benchmark); the embeddings'
// cosines lie too close together for it (about half the rows did), so they
// stay whole bytes. The two planes hold as many bytes as one int8 plane.
//
// Each plane holds, for row i, half = dim/2 bytes: byte j packs element j
// in its low 4 bits and element j+half in its high 4 bits, the high plane
// biased by 8 to be unsigned (h+8, 0…15), so that one unsigned-by-signed
// multiply (VPDPBUSD, VPMADDUBSW) takes a nibble as it is.
type nibbles struct {
	half   int
	hi, lo []uint8
}

// nibbleBias is what the high plane adds to each h to make it unsigned.
const nibbleBias = 8

func newNibbles(dim, rows int) nibbles {
	return nibbles{half: dim / 2, hi: make([]uint8, rows*dim/2), lo: make([]uint8, rows*dim/2)}
}

// set stores v (of 2·half elements) as row i.
func (p *nibbles) set(i int, v []int8) {
	hi, lo := p.hi[i*p.half:(i+1)*p.half], p.lo[i*p.half:(i+1)*p.half]
	for j := range hi {
		a, b := v[j], v[j+p.half]
		hi[j] = uint8(a>>4+nibbleBias) | uint8(b>>4+nibbleBias)<<4
		lo[j] = uint8(a)&15 | uint8(b)<<4
	}
}

// unpack writes row i's int8 vector to dst (of 2·half elements).
func (p *nibbles) unpack(i int, dst []int8) {
	hi, lo := p.hi[i*p.half:(i+1)*p.half], p.lo[i*p.half:(i+1)*p.half]
	for j := range hi {
		dst[j] = int8(hi[j]&15-nibbleBias)<<4 | int8(lo[j]&15)
		dst[j+p.half] = int8(hi[j]>>4-nibbleBias)<<4 | int8(lo[j]>>4)
	}
}

// clearRow sets row i to no vector (its bytes zero; it is never read
// while its scale is 0).
func (p *nibbles) clearRow(i int) {
	clear(p.hi[i*p.half : (i+1)*p.half])
	clear(p.lo[i*p.half : (i+1)*p.half])
}

// grow appends an empty row.
func (p *nibbles) grow() {
	p.hi = append(p.hi, make([]uint8, p.half)...)
	p.lo = append(p.lo, make([]uint8, p.half)...)
}

// move copies row from to row to.
func (p *nibbles) move(from, to int) {
	copy(p.hi[to*p.half:(to+1)*p.half], p.hi[from*p.half:])
	copy(p.lo[to*p.half:(to+1)*p.half], p.lo[from*p.half:])
}

// shrink keeps the first n rows.
func (p *nibbles) shrink(n int) {
	p.hi, p.lo = p.hi[:n*p.half], p.lo[:n*p.half]
}

// bytes is the planes' allocated size.
func (p *nibbles) bytes() int64 { return int64(cap(p.hi) + cap(p.lo)) }

// scanNibbles is scan over a plane held as nibbles (p.nib), whose rows of
// scale 0 hold no vector: every row's bound from the high plane, the low
// plane read only for a row the bound does not rule out. The rows it
// offers, and their scores, are scan's: a row is skipped only when its
// bound's cosine, at least its own (cosine does not fall as the dot
// product rises), is Beaten already in every top. Callers hold the read
// lock.
func (s *Shard) scanNibbles(qq query, p plane, from, to int, keeps []func(*Row) bool, tops []*TopK) {
	var his, lows [scanBlock]int32
	half := p.nib.half
	// q·x = 16·(q·(h+8)) − 128·Σq + q·l, and 0 ≤ q·l ≤ 15·Σ{q_j>0} q_j.
	base, slack := -16*nibbleBias*qq.sum, 15*positiveSum(qq.v)
	whole := true // the first block fills the tops: most of its rows pass
	for lo := from; lo < to; lo += scanBlock {
		hi := min(lo+scanBlock, to)
		dotsNibbles(qq.v, p.nib.hi[lo*half:hi*half], his[:hi-lo])
		if whole {
			dotsNibbles(qq.v, p.nib.lo[lo*half:hi*half], lows[:hi-lo])
		}
		passed := 0
		for i := lo; i < hi; i++ {
			scale := p.scales[i]
			high := 16*his[i-lo] + base
			if scale == 0 || allBeaten(tops, qq.cosine(high+slack, scale)) {
				continue
			}
			passed++
			low := lows[i-lo : i-lo+1]
			if !whole {
				dotsNibbles(qq.v, p.nib.lo[i*half:(i+1)*half], low)
			}
			s.offer(&s.rows[i], qq.cosine(high+low[0], scale), keeps, tops)
		}
		// Where many rows pass (over random vectors the bound rules out
		// little), one call reading the next block's whole low plane is
		// cheaper than a call a row.
		whole = passed > (hi-lo)/8
	}
}

// positiveSum is the sum of v's positive elements.
func positiveSum(v []int8) int32 {
	var s int32
	for _, x := range v {
		s += int32(max(x, 0))
	}
	return s
}

// dotsNibblesGo is the portable dotsNibbles: out[i] is q's dot product with
// the nibbles of row i of rows (each of len(q)/2 bytes, packed as a plane
// of nibbles packs them), taken as unsigned 0…15.
func dotsNibblesGo(q []int8, rows []uint8, out []int32) {
	half := len(q) / 2
	for i := range out {
		row := rows[i*half : (i+1)*half]
		var s0, s1 int32
		for j, b := range row {
			s0 += int32(q[j]) * int32(b&15)
			s1 += int32(q[j+half]) * int32(b>>4)
		}
		out[i] = s0 + s1
	}
}
