package store

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/memsvc/memsvc/engine"
)

// ErrReadOnly is what a write method returns in a View, in every backend.
var ErrReadOnly = errors.New("store: write in a read-only transaction")

// EncodeDoc is the stored form of a document of collection: its JSON.
func EncodeDoc(collection string, v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("store: encode %s: %w", collection, err)
	}
	return raw, nil
}

// Untranslated reports whether err passes a backend's boundary as it is:
// nil, already an engine error, or the caller's own cancellation.
func Untranslated(err error) bool {
	var ee *engine.Error
	return err == nil || errors.As(err, &ee) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

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

// EncodeMeaning is the stored form of a meaning vector in every backend:
// its scale (little-endian float32), then its int8s.
func EncodeMeaning(m engine.Meaning) []byte {
	b := binary.LittleEndian.AppendUint32(make([]byte, 0, 4+len(m.Vec)), math.Float32bits(m.Scale))
	for _, x := range m.Vec {
		b = append(b, byte(x))
	}
	return b
}

// DecodeMeaning reads a meaning written by EncodeMeaning; ok is false for
// a value too short to hold a scale.
func DecodeMeaning(b []byte) (m engine.Meaning, ok bool) {
	if len(b) < 4 {
		return engine.Meaning{}, false
	}
	m.Scale = math.Float32frombits(binary.LittleEndian.Uint32(b))
	m.Vec = make([]int8, len(b)-4)
	for i, x := range b[4:] {
		m.Vec[i] = int8(x)
	}
	return m, true
}
