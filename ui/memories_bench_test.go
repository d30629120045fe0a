package ui_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/rest"
	"github.com/memsvc/memsvc/ui"
)

// BenchmarkMemoriesPage renders the memories page over real HTTP from a
// Badger store of 10,000 memories: the first page unfiltered, filtered by
// tag, by metadata value (both read the candidate records), by tag and
// project, and a search narrowed by tag.
func BenchmarkMemoriesPage(b *testing.B) {
	url := benchDashboard(b, 10_000)
	for _, path := range []struct{ name, query string }{
		{"list", ""},
		{"tag", "tag=blue"},
		{"meta", "meta_key=batch&meta_value=7"},
		{"tag+project", "tag=blue&project=p3"},
		{"search+tag", "q=harbour+lantern&tag=blue"},
	} {
		b.Run(path.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				resp, err := http.Get(url + "/memories?" + path.query)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("%s: %d", path.query, resp.StatusCode)
				}
			}
		})
	}
}

// benchDashboard serves the dashboard (auth off) over a store of n
// memories: a tenth tagged "blue", each with a batch number in metadata
// and one of ten projects.
func benchDashboard(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Logger: log.New(io.Discard)})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(eng.Close)
	words := []string{"harbour", "lantern", "ledger", "orchard", "violin", "granite", "compass", "meadow", "cobalt", "saffron"}
	for done := 0; done < n; {
		var reqs []engine.AddRequest
		for i := done; i < min(done+500, n); i++ {
			r := engine.AddRequest{Text: fmt.Sprintf("Note %d about the %s and the %s", i, words[i%10], words[(i/10)%10]),
				Project: fmt.Sprintf("p%d", i%10), Metadata: map[string]any{"batch": float64(i / 500)}}
			if i%10 == 3 {
				r.Tags = []string{"blue"}
			}
			reqs = append(reqs, r)
		}
		if _, err := eng.Add(context.Background(), auth.DefaultUser, reqs); err != nil {
			b.Fatal(err)
		}
		done += len(reqs)
	}
	gate, err := rest.NewGate(auth.NewKeyring("", dir), nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	h, err := ui.New(ui.Options{Engine: eng, Gate: gate, Logger: log.New(io.Discard)})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h)
	b.Cleanup(srv.Close)
	return srv.URL
}
