package storetest

import (
	"fmt"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// BenchOpener returns a new, empty store for one benchmark.
type BenchOpener func(b *testing.B) engine.Store

// benchDim is a common embedding size (nomic-embed-text, bge-small: 384-768).
const benchDim = 384

// Bench measures the calls the engine makes most, identically on every
// backend: a memory read in a View, a one-memory write (record, postings,
// vector) in an Update, and a full shard load (ScanMemories + ScanPostings)
// of a user with 1,000 memories.
func Bench(b *testing.B, open BenchOpener) {
	b.Run("Get", func(b *testing.B) {
		s := open(b)
		fill(b, s, "u", 1000)
		i := 0
		for b.Loop() {
			id := fmt.Sprintf("m%05d", i%1000)
			i++
			if _, err := getMem(s, "u", id); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Put", func(b *testing.B) {
		s := open(b)
		vec := make([]float32, benchDim)
		i := 0
		for b.Loop() {
			m := Mem(fmt.Sprintf("m%07d", i), "")
			i++
			err := s.Update(ctx, "u", func(tx engine.Tx) error {
				if err := tx.PutMemory(m, benchTerms); err != nil {
					return err
				}
				return tx.PutVector(m.ID, vec)
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Scan1000", func(b *testing.B) {
		s := open(b)
		fill(b, s, "u", 1000)
		for b.Loop() {
			n := 0
			if err := s.ScanMemories(ctx, "u", func(*engine.Memory, []float32) error { n++; return nil }); err != nil {
				b.Fatal(err)
			}
			if err := s.ScanPostings(ctx, "u", func(string, string, int, int) error { return nil }); err != nil {
				b.Fatal(err)
			}
			if n != 1000 {
				b.Fatalf("scanned %d memories", n)
			}
		}
	})
}

var benchTerms = []string{"alice", "keep", "bee", "balconi", "lyon", "summer", "honey", "neighbour", "bee", "flower"}

// fill writes n memories with vectors and postings, 100 per Update.
func fill(b *testing.B, s engine.Store, user string, n int) {
	b.Helper()
	vec := make([]float32, benchDim)
	for start := 0; start < n; start += 100 {
		err := s.Update(ctx, user, func(tx engine.Tx) error {
			for i := start; i < start+100 && i < n; i++ {
				m := Mem(fmt.Sprintf("m%05d", i), "Alice keeps bees on her balcony in Lyon")
				if err := tx.PutMemory(m, benchTerms); err != nil {
					return err
				}
				if err := tx.PutVector(m.ID, vec); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
