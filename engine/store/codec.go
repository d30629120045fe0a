package store

import (
	"encoding/binary"
	"math"
)

// EncodeVector is the stored form of an embedding in every backend:
// little-endian float32s, no length or dimension header.
func EncodeVector(vec []float32) []byte {
	b := make([]byte, 4*len(vec))
	for i, f := range vec {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return b
}

// DecodeVector reads an embedding written by EncodeVector.
func DecodeVector(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

// TermCounts turns a memory's analysed text into its postings: the distinct
// terms in first-seen order and each one's frequency. Every backend indexes
// PutMemory's terms through it, so their postings agree.
func TermCounts(terms []string) (order []string, counts map[string]int) {
	counts = map[string]int{}
	for _, term := range terms {
		if counts[term] == 0 {
			order = append(order, term)
		}
		counts[term]++
	}
	return order, counts
}
