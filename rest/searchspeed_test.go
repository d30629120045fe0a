package rest_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/rest"
	"github.com/memsvc/memsvc/rest/client"
)

// BenchmarkSearchHTTP measures hybrid search over real HTTP (loopback, the
// Go client) for a user with 500 memories and one with 15,000 in the same
// server, alternating queries between them so the machine's load (shared
// with others) weighs on both alike, and reports each one's median and 95th
// percentile and the ratio of the medians.
//
//	go test -run '^$' -bench SearchHTTP -benchtime 300x ./rest/
func BenchmarkSearchHTTP(b *testing.B) {
	st, err := store.Open(store.Options{Dir: b.TempDir(), NoSync: true}) // fsync off: it only speeds up filling
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	eng := newServingEngine(b, st)
	h, err := rest.New(rest.Options{Engine: eng, Keys: auth.NewKeyring("", b.TempDir()), Logger: log.New(io.Discard)})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h)
	b.Cleanup(srv.Close)
	c := &client.Client{BaseURL: srv.URL}
	ctx := context.Background()
	sizes := []int{500, 15_000}
	for _, n := range sizes {
		fillUser(b, eng, fmt.Sprintf("u%d", n), n)
	}
	queries := speedTexts(7, 256)
	took := make([][]time.Duration, len(sizes))
	b.ResetTimer()
	for i := range b.N {
		for j, n := range sizes {
			start := time.Now()
			_, err := c.Search(ctx, client.SearchRequest{Query: queries[i%len(queries)], UserID: fmt.Sprintf("u%d", n)})
			if err != nil {
				b.Fatal(err)
			}
			took[j] = append(took[j], time.Since(start))
		}
	}
	b.StopTimer()
	var p50 []float64
	for j, n := range sizes {
		slices.Sort(took[j])
		p50 = append(p50, ms(took[j][len(took[j])/2]))
		b.ReportMetric(p50[j], fmt.Sprintf("p50-ms/n=%d", n))
		b.ReportMetric(ms(took[j][len(took[j])*95/100]), fmt.Sprintf("p95-ms/n=%d", n))
	}
	b.ReportMetric(p50[1]/p50[0], "p50-ratio")
}

// newServingEngine is an engine wired as `memsvc serve` wires it: with
// word forms and frequencies, which the search path reads (the other REST
// tests leave them out; a benchmark without them measures less work than a
// server does).
func newServingEngine(b *testing.B, st *store.Store) *service.Engine {
	b.Helper()
	forms, freq, err := llm.NewWordData()
	if err != nil {
		b.Fatal(err)
	}
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Extractors: []engine.Extractor{extract.NewBuiltin()},
		Logger: log.New(io.Discard), WordForms: forms, WordFrequency: freq})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(eng.Close)
	return eng
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// fillUser stores n generated memories for user, in sessions of 20 turns.
func fillUser(b *testing.B, eng *service.Engine, user string, n int) {
	b.Helper()
	texts := speedTexts(uint64(n), n)
	for start := 0; start < n; start += 500 {
		var batch []engine.AddRequest
		for i := start; i < min(start+500, n); i++ {
			batch = append(batch, engine.AddRequest{Text: fmt.Sprintf("%s (note %d)", texts[i], i), SessionID: fmt.Sprintf("s%d", i/20)})
		}
		if _, err := eng.Add(context.Background(), user, batch); err != nil {
			b.Fatal(err)
		}
	}
}

// speedTexts generates n varied, deterministic memory texts.
func speedTexts(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 42))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Olivia", "Rupert"}
	places := []string{"Paris", "Berlin", "Lisbon", "Tokyo", "Nairobi", "Lima", "Oslo", "Denver", "Porto", "Seoul", "Dublin"}
	things := []string{"guitar", "piano", "espresso", "sourdough", "marathon", "chess", "kayak", "novel", "garden", "camera"}
	formats := []string{
		"%s moved to %s last spring and loves the %s there",
		"%s works in %s and practises the %s on weekends",
		"%s is allergic to peanuts and avoids %s cafes near the %s",
		"The %s meeting with %s in %s is planned for Monday",
	}
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(pick(formats), pick(names), pick(places), pick(things))
	}
	return out
}
