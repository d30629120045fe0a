package llm

// Feature hashing. The hashes are fixed functions (FNV-1a folded through a 64-bit finaliser), not
// hash/maphash, because stored vectors must come out the same in every process and on every platform.

// Seeds separate the feature kinds, so the word "ball" and the character gram "ball" land apart.
const (
	seedWord    uint64 = 0x8c2a_51d3_07f1_e649
	seedConcept uint64 = 0x1f83_d9ab_fb41_bd6b
	seedChar    uint64 = 0x5be0_cd19_137e_2179
	seedBigram  uint64 = 0xcbbb_9d5d_c105_9ed8
	seedEmpty   uint64 = 0x6a09_e667_f3bc_c908
	seedAnswer  uint64 = 0x510e_527f_ade6_82d1
)

const (
	fnvOffset uint64 = 14695981039346656037
	fnvPrime  uint64 = 1099511628211
)

// mix is the murmur3 64-bit finaliser: it spreads every input bit over the output so the index (low bits) and
// sign (top bit) of a feature are independent.
func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

func hashString(seed uint64, s string) uint64 {
	h := fnvOffset ^ seed
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return mix(h)
}

func hashRunes(seed uint64, rs []rune) uint64 {
	h := fnvOffset ^ seed
	for _, r := range rs {
		h ^= uint64(r)
		h *= fnvPrime
	}
	return mix(h)
}

// add adds ±w at the feature's index: signed hashing makes collisions cancel out on average instead of
// piling up as spurious similarity.
func add(acc []float64, h uint64, w float64) {
	i := (h & 0x7fff_ffff_ffff_ffff) % uint64(len(acc))
	if h>>63 == 1 {
		w = -w
	}
	acc[i] += w
}
