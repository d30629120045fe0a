package lexicon

// bloom is a Bloom filter over strings: a fixed bit set probed at three positions derived from one 64-bit
// FNV-1a hash (double hashing). With 2^21 bits and ~135k words it answers "certainly not a word" for all but
// about 0.5% of non-words, from 256 KB that stay in cache, where a map miss costs a trip to memory.
type bloom struct {
	bits []uint64
	mask uint64
}

// newBloom returns a filter of n bits; n must be a power of two.
func newBloom(n uint64) bloom {
	return bloom{bits: make([]uint64, n/64), mask: n - 1}
}

func bloomHash[T string | []byte](s T) (uint64, uint64) {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h, (h >> 32) | 1
}

func (b *bloom) add(s string) {
	h1, h2 := bloomHash(s)
	for i := uint64(0); i < 3; i++ {
		p := (h1 + i*h2) & b.mask
		b.bits[p>>6] |= 1 << (p & 63)
	}
}

func (b *bloom) mayHave(s []byte) bool {
	h1, h2 := bloomHash(s)
	for i := uint64(0); i < 3; i++ {
		p := (h1 + i*h2) & b.mask
		if b.bits[p>>6]&(1<<(p&63)) == 0 {
			return false
		}
	}
	return true
}
