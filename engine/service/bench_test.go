package service_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// Benchmarks of the engine on a real Badger store with fsync on every commit
// and the built-in embedder: what a default server pays per operation.
//
//	go test -run '^$' -bench . -benchtime 2s -count 3 ./engine/

const benchUser = "bench"

// benchSizes are the store sizes the read benchmarks run at.
var benchSizes = []struct {
	name string
	n    int
}{{"n=10k", 10_000}, {"n=100k", 100_000}}

// openBench opens an engine on a fresh store in a temp dir. noSync is only
// for preloading fixtures faster; measured writes always sync.
func openBench(b *testing.B, noSync bool) (*service.Engine, *store.Store) {
	b.Helper()
	return openBenchConfig(b, noSync, engine.Config{})
}

// openBenchConfig is openBench with the engine configured by cfg.
func openBenchConfig(b *testing.B, noSync bool, cfg engine.Config) (*service.Engine, *store.Store) {
	b.Helper()
	st, err := store.Open(store.Options{Dir: b.TempDir(), NoSync: noSync})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return servedEngine(b, st, cfg), st
}

// servedEngine opens an engine on st wired as `memsvc serve` wires it,
// closed at b's cleanup.
func servedEngine(b *testing.B, st *store.Store, cfg engine.Config) *service.Engine {
	b.Helper()
	forms, freq, err := llm.NewWordData()
	if err != nil {
		b.Fatal(err)
	}
	// Word forms and frequencies as `memsvc serve` wires them: the search
	// path reads both, and a benchmark without them measures less work than
	// a server does.
	eng, err := service.New(context.Background(), cfg,
		service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(), Extractors: []engine.Extractor{extract.NewBuiltin()},
			WordForms: forms, WordFrequency: freq})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(eng.Close) // its meaning filler, before the store closes
	return eng
}

// sentences generates varied, deterministic memory texts.
type sentences struct {
	rng *rand.Rand
	i   int
}

func newSentences(seed uint64) *sentences {
	return &sentences{rng: rand.New(rand.NewPCG(seed, 42))}
}

var (
	benchNames   = strings.Fields("Alice Bob Carol Dave Erin Frank Grace Heidi Ivan Judy Mallory Niaj Olivia Peggy Rupert Sybil Trent Victor Walter")
	benchPlaces  = strings.Fields("Paris Berlin Lisbon Tokyo Nairobi Lima Oslo Denver Austin Porto Seoul Quebec Dublin Hanoi Cairo Zurich")
	benchThings  = strings.Fields("guitar piano espresso sourdough marathon chess kayak novel garden telescope bicycle camera podcast violin pottery")
	benchJobs    = strings.Fields("engineer nurse teacher designer chef pilot lawyer carpenter journalist architect dentist")
	benchFormats = []string{
		"%[1]s moved to %[2]s last %[5]s and loves the %[3]s there",
		"%[1]s works as a %[4]s in %[2]s",
		"%[1]s prefers %[3]s over everything else on weekends",
		"%[1]s is allergic to peanuts and avoids %[3]s near %[2]s",
		"Deploy the %[3]s service to %[2]s with make release, then tell %[1]s",
		"%[1]s met a %[4]s from %[2]s while learning the %[3]s",
		"The %[3]s meeting with %[1]s is planned for %[5]s in %[2]s",
		"%[1]s has a dog and a cat and wants a %[3]s for %[5]s",
	}
	benchWhen = strings.Fields("Monday spring summer autumn winter January March July October December weekend")
	benchApps = []string{"claude", "cursor", "codex", "chat"}
)

// next returns one generated memory; every 10th is episodic, every 10th
// (offset) procedural, and the app cycles, so filtered lists have work.
func (s *sentences) next() engine.AddRequest {
	pick := func(xs []string) string { return xs[s.rng.IntN(len(xs))] }
	text := fmt.Sprintf(pick(benchFormats), pick(benchNames), pick(benchPlaces), pick(benchThings), pick(benchJobs), pick(benchWhen))
	// Sessions of 20 turns, as conversations are stored: the neighbouring-turn
	// and passage views have neighbours to read.
	r := engine.AddRequest{Text: fmt.Sprintf("%s (note %d)", text, s.i), AppName: benchApps[s.i%len(benchApps)],
		SessionID: fmt.Sprintf("s%d", s.i/20)}
	switch s.i % 10 {
	case 0:
		r.MemoryType = engine.TypeEpisodic
	case 1:
		r.MemoryType = engine.TypeProcedural
	}
	s.i++
	return r
}

func (s *sentences) batch(n int) []engine.AddRequest {
	out := make([]engine.AddRequest, n)
	for i := range out {
		out[i] = s.next()
	}
	return out
}

// preload adds n memories in batches of 500 and returns their ids. It runs
// outside the timer.
func preload(b *testing.B, eng *service.Engine, n int) []string {
	b.Helper()
	start := time.Now()
	gen := newSentences(uint64(n))
	ids := make([]string, 0, n)
	for len(ids) < n {
		res, err := eng.Add(context.Background(), benchUser, gen.batch(min(500, n-len(ids))))
		if err != nil {
			b.Fatalf("preload: %v", err)
		}
		for _, r := range res {
			ids = append(ids, r.ID)
		}
	}
	b.Logf("preloaded %d memories in %v", n, time.Since(start).Round(time.Millisecond))
	return ids
}

// BenchmarkAdd stores one memory per op, fsync on, into an empty store.
func BenchmarkAdd(b *testing.B) {
	eng, _ := openBench(b, false)
	gen := newSentences(1)
	reqs := gen.batch(b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := eng.Add(context.Background(), benchUser, reqs[i:i+1]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAddBatch100 stores 100 memories per op in one transaction.
func BenchmarkAddBatch100(b *testing.B) {
	eng, _ := openBench(b, false)
	gen := newSentences(2)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		batch := gen.batch(100)
		b.StartTimer()
		if _, err := eng.Add(context.Background(), benchUser, batch); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGet reads one memory by id from a store of n memories.
func BenchmarkGet(b *testing.B) {
	for _, size := range benchSizes {
		eng, _ := openBench(b, false)
		ids := preload(b, eng, size.n)
		b.Run(size.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(7, 7))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := eng.Get(context.Background(), benchUser, ids[rng.IntN(len(ids))]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkList pages through a store of n memories, newest first: the
// first page unfiltered, and the first page of an app + type filter.
func BenchmarkList(b *testing.B) {
	filters := []struct {
		name string
		f    engine.ListFilter
	}{
		{"page1", engine.ListFilter{Page: 1, Size: 20}},
		{"filtered", engine.ListFilter{Page: 1, Size: 20, AppName: "claude", MemoryType: engine.TypeEpisodic}},
	}
	for _, size := range benchSizes {
		eng, _ := openBench(b, false)
		preload(b, eng, size.n)
		for _, fl := range filters {
			b.Run(size.name+"/"+fl.name, func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					p, err := eng.List(context.Background(), benchUser, fl.f)
					if err != nil || len(p.Items) != 20 {
						b.Fatalf("list: %v, %d items", err, len(p.Items))
					}
				}
			})
		}
	}
}

// BenchmarkSearch recalls from a store of n memories per user in each mode,
// without rerank; the query words come from the same generator as the
// memories, so every query has lexical and vector hits. A size's store is
// only built when one of its sub-benchmarks is selected.
func BenchmarkSearch(b *testing.B) {
	sizes := append([]struct {
		name string
		n    int
	}{{"n=1k", 1_000}}, benchSizes...)
	for _, size := range sizes {
		b.Run(size.name, func(b *testing.B) {
			eng, _ := openBench(b, true)
			preload(b, eng, size.n)
			queries := newSentences(99)
			for _, mode := range []string{engine.ModeHybrid, engine.ModeText, engine.ModeVector} {
				b.Run(mode, func(b *testing.B) {
					b.ReportAllocs()
					for range b.N {
						q := engine.Query{Text: queries.next().Text, Mode: mode}
						if _, err := eng.Search(context.Background(), benchUser, q); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

// BenchmarkAddConversation runs the whole pipeline (skip, distil, embed,
// dedupe/decide, one synced transaction) for a typical two-message
// exchange against a user with 1,000 stored memories, with the built-in
// extractor, and reports the 95th percentile as p95-ms.
func BenchmarkAddConversation(b *testing.B) {
	eng, _ := openBench(b, false)
	preload(b, eng, 1_000)
	users := []string{"Priya", "Tom", "Lena", "Omar"}
	cities := []string{"Lisbon", "Oslo", "Austin", "Kyoto", "Accra", "Lima"}
	jobs := []string{"Globex", "Initech", "Umbrella", "Hooli"}
	took := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		name := users[i%len(users)]
		req := engine.ConversationRequest{Messages: []engine.Message{
			{Role: "user", Name: name, Content: fmt.Sprintf("I moved to %s last month and I started a new job at %s. I'm allergic to peanuts, by the way.",
				cities[i%len(cities)], jobs[i%len(jobs)])},
			{Role: "assistant", Content: "Congratulations on the move and the new job! I'll keep the allergy in mind."},
		}}
		start := time.Now()
		if _, err := eng.AddConversation(context.Background(), benchUser, req); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}
