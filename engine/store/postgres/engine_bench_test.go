package postgres_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// BenchmarkEngine measures an engine's write and search latency on each
// backend with 1,000 memories per user: Badger (fsync on) and PostgreSQL on
// loopback (fsync off in the throwaway cluster). Every search on Postgres
// includes the user's version check that keeps replicas current.
func BenchmarkEngine(b *testing.B) {
	backends := []struct {
		name string
		open func(b *testing.B) engine.Store
	}{
		{"badger", func(b *testing.B) engine.Store {
			s, err := store.Open(store.Options{Dir: b.TempDir()})
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { s.Close() })
			return s
		}},
		{"postgres", func(b *testing.B) engine.Store { return open(b, pg.NewDatabase(b)) }},
	}
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: be.open(b),
				Embedder: llm.NewBuiltinEmbedder(), Extractors: []engine.Extractor{extract.NewBuiltin()}})
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(eng.Close)
			rng := rand.New(rand.NewPCG(1, 2))
			for range 2 {
				if _, err := eng.Add(context.Background(), "u", sentences(rng, 500)); err != nil {
					b.Fatal(err)
				}
			}
			b.Run("add", func(b *testing.B) {
				for range b.N {
					if _, err := eng.Add(context.Background(), "u", sentences(rng, 1)); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("search", func(b *testing.B) {
				for range b.N {
					if _, err := eng.Search(context.Background(), "u", engine.Query{Text: sentences(rng, 1)[0].Text}); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

var benchWords = []string{"alice", "bob", "garden", "tea", "lyon", "bees", "train", "office", "piano", "python",
	"deadline", "dentist", "marathon", "sister", "coffee", "meeting", "holiday", "budget", "recipe", "guitar"}

// sentences returns n generated memories of six words each.
func sentences(rng *rand.Rand, n int) []engine.AddRequest {
	out := make([]engine.AddRequest, n)
	for i := range out {
		text := "note"
		for range 6 {
			text += " " + benchWords[rng.IntN(len(benchWords))]
		}
		out[i] = engine.AddRequest{Text: fmt.Sprintf("%s %d", text, rng.IntN(1000))}
	}
	return out
}
