package mcp_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/bench"
)

// loadDuration is how long TestConcurrentClients runs:
// MEMSVC_MCP_LOAD_SECONDS, else 30 s in CI (CI=true) and 3 s locally.
func loadDuration(t *testing.T) time.Duration {
	if v := os.Getenv("MEMSVC_MCP_LOAD_SECONDS"); v != "" {
		n, err := strconv.ParseFloat(v, 64)
		if err != nil || n <= 0 {
			t.Fatalf("MEMSVC_MCP_LOAD_SECONDS=%q: want a positive number of seconds", v)
		}
		return time.Duration(n * float64(time.Second))
	}
	if os.Getenv("CI") == "true" {
		return 30 * time.Second
	}
	return 3 * time.Second
}

// loadStats collects latencies and failures from every client.
type loadStats struct {
	mu       sync.Mutex
	add      []time.Duration
	search   []time.Duration
	failures []string
}

func (s *loadStats) record(kind string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if kind == "add" {
		s.add = append(s.add, d)
	} else {
		s.search = append(s.search, d)
	}
}

func (s *loadStats) fail(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = append(s.failures, fmt.Sprintf(format, args...))
}

// TestConcurrentClients runs 50 MCP clients (25 users with two clients
// each, so writes of one user race too) against one server with fsync on,
// each adding notes and searching for them in a loop. Every call must
// succeed, and every memory a client sees must be its own user's. It logs
// the p50/p95/p99 latency of adds and searches.
func TestConcurrentClients(t *testing.T) {
	const clients, users = 50, 25
	dur := loadDuration(t)
	s := startServer(t, serverConfig{secret: "s3cret", sync: true})
	keys := make([]string, users)
	for u := range keys {
		keys[u] = s.mint(t, fmt.Sprintf("load-u%02d", u))
	}
	sessions := make([]*sdk.ClientSession, clients)
	for i := range sessions {
		sessions[i] = s.connect(t, conn{client: fmt.Sprintf("load-%02d", i), key: keys[i%users]})
	}
	stats := &loadStats{}
	end := time.Now().Add(dur)
	var wg sync.WaitGroup
	for i, sess := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runClient(sess, i, i%users, end, stats)
		}()
	}
	wg.Wait()
	if len(stats.failures) > 0 {
		t.Errorf("%d failures, first ones:\n%s", len(stats.failures), strings.Join(stats.failures[:min(10, len(stats.failures))], "\n"))
	}
	all := slices.Concat(stats.add, stats.search)
	if len(stats.add) == 0 || len(stats.search) == 0 {
		t.Fatalf("no calls completed in %v", dur)
	}
	t.Logf("%d clients for %v: %d calls (%.0f/s); add %s; search %s; all %s", clients, dur, len(all),
		float64(len(all))/dur.Seconds(), percentiles(stats.add), percentiles(stats.search), percentiles(all))
}

// runClient adds a note with a unique marker, then searches for it (and
// browses now and then), until end. user is the index of its user.
func runClient(sess *sdk.ClientSession, client, user int, end time.Time, stats *loadStats) {
	owner := fmt.Sprintf("load-u%02d", user)
	for n := 0; time.Now().Before(end); n++ {
		marker := fmt.Sprintf("mk%dx%dx%d", user, client, n)
		text := fmt.Sprintf("Note %s was written for %s", marker, owner)
		if _, ok := timedCall(sess, stats, "add", "add_memories", map[string]any{"memories": []string{text}}); !ok {
			return
		}
		args := map[string]any{"query": marker, "include_superseded": true, "top_k": 5}
		if n%5 == 4 {
			args = map[string]any{"top_k": 20} // browse
		}
		data, ok := timedCall(sess, stats, "search", "search_memory", args)
		if !ok {
			return
		}
		found := false
		for _, m := range list(data, "results") {
			if m["user_id"] != owner || !strings.Contains(str(m["text"]), owner) {
				stats.fail("client %d (%s) saw another user's memory: %v", client, owner, m)
			}
			found = found || strings.Contains(str(m["text"]), marker)
		}
		if !found && args["query"] != nil {
			stats.fail("client %d: search for %s did not find the note just added", client, marker)
		}
	}
}

// timedCall makes one call, records its latency and any failure.
func timedCall(sess *sdk.ClientSession, stats *loadStats, kind, tool string, args map[string]any) (map[string]any, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
	stats.record(kind, time.Since(start))
	if err != nil {
		stats.fail("%s: %v", tool, err)
		return nil, false
	}
	r := decodeResult(nopTB{}, res)
	if r.isError {
		stats.fail("%s: tool error: %s", tool, r.text)
		return nil, false
	}
	return r.data, true
}

func percentiles(d []time.Duration) string {
	if len(d) == 0 {
		return "no calls"
	}
	l := bench.Summarise(d) // the one percentile definition (nearest rank)
	return fmt.Sprintf("n=%d p50=%.1fms p95=%.1fms p99=%.1fms max=%.1fms", l.N, l.P50, l.P95, l.P99, l.Max)
}

// nopTB lets decodeResult run off the test goroutine; decoding our own
// server's structured content does not fail.
type nopTB struct{ testing.TB }

func (nopTB) Helper()                   {}
func (nopTB) Fatal(args ...any)         { panic(fmt.Sprint(args...)) }
func (nopTB) Fatalf(f string, a ...any) { panic(fmt.Sprintf(f, a...)) }
