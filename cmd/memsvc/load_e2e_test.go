package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/bench"
)

// Load test (issue 19, point 7): 200 REST clients and 50 MCP clients over
// 100 users against one real server on loopback with fsync on, each
// adding notes and searching for them. Every call must succeed and no
// search may return another user's memory. It runs for
// MEMSVC_LOAD_SECONDS (default 3: the smoke run of the normal suite;
// `make load` runs 90) and logs p50/p95/p99 per call kind and the load
// average.
const (
	loadREST, loadMCP, loadUsers = 200, 50, 100
	loadSecret                   = "load-secret-0123456789abcdef0123456789ab"
)

func loadDuration(t *testing.T) time.Duration {
	v := os.Getenv("MEMSVC_LOAD_SECONDS")
	if v == "" {
		return 3 * time.Second
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || n <= 0 {
		t.Fatalf("MEMSVC_LOAD_SECONDS=%q: want a positive number of seconds", v)
	}
	return time.Duration(n * float64(time.Second))
}

// loadUser is one tenant: its key and the token planted in every note it
// writes, so any result without it is another user's memory.
type loadUser struct {
	name, key, token string
}

// loadRun collects latencies by call kind and failures from every client.
type loadRun struct {
	mu       sync.Mutex
	lat      map[string][]time.Duration
	failures []string
}

func (r *loadRun) record(kind string, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lat[kind] = append(r.lat[kind], d)
}

func (r *loadRun) fail(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func TestLoad(t *testing.T) {
	dur := loadDuration(t)
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": loadSecret})
	keys := auth.NewKeyring(loadSecret, s.dataDir)
	users := make([]loadUser, loadUsers)
	for i := range users {
		name := fmt.Sprintf("load-user-%03d", i)
		key, _, err := keys.Mint(name)
		if err != nil {
			t.Fatal(err)
		}
		users[i] = loadUser{name: name, key: key, token: "tok" + uniqueWord(i)}
	}
	hc := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: loadREST + loadMCP}}
	sessions := make([]*sdk.ClientSession, loadMCP)
	for i := range sessions {
		sessions[i] = connectMCP(t, hc, s.base, fmt.Sprintf("load-%02d", i), users[i%loadUsers].key)
	}
	run := &loadRun{lat: map[string][]time.Duration{}}
	end := time.Now().Add(dur)
	var wg sync.WaitGroup
	for i := range loadREST {
		wg.Add(1)
		go func() { defer wg.Done(); restClient(hc, s.base, i, users[i%loadUsers], end, run) }()
	}
	for i, sess := range sessions {
		wg.Add(1)
		go func() { defer wg.Done(); mcpClient(sess, i, users[i%loadUsers], end, run) }()
	}
	wg.Wait()
	load, _ := os.ReadFile("/proc/loadavg")
	if len(run.failures) > 0 {
		t.Errorf("%d failures, first ones:\n%s", len(run.failures), strings.Join(run.failures[:min(10, len(run.failures))], "\n"))
	}
	total := 0
	for _, kind := range []string{"rest add", "rest search", "mcp add", "mcp search"} {
		l := bench.Summarise(run.lat[kind])
		if l.N == 0 {
			t.Errorf("no %s call completed in %v", kind, dur)
		}
		total += l.N
		t.Logf("%-11s n=%d p50=%.1fms p95=%.1fms p99=%.1fms max=%.1fms", kind, l.N, l.P50, l.P95, l.P99, l.Max)
	}
	t.Logf("%d REST + %d MCP clients, %d users, %v, fsync on: %d calls (%.0f/s); load average %s",
		loadREST, loadMCP, loadUsers, dur, total, float64(total)/dur.Seconds(), strings.TrimSpace(string(load)))
}

// restClient adds a note with a unique marker, then searches for it, until
// end. Each result must be the user's own and the new note must be found.
func restClient(hc *http.Client, base string, client int, u loadUser, end time.Time, run *loadRun) {
	who := req{method: http.MethodPost, key: u.key, place: keyBearer}
	for n := 0; time.Now().Before(end); n++ {
		marker := fmt.Sprintf("mk%dr%d", client, n)
		add := who
		add.path, add.body = "/api/v1/memories", map[string]any{"text": "Note " + marker + " for " + u.token, "infer": false}
		if _, ok := timedREST(hc, base, add, "rest add", run); !ok {
			return
		}
		search := who
		search.path, search.body = "/api/v1/memories/search", map[string]any{"query": marker, "top_k": 5}
		r, ok := timedREST(hc, base, search, "rest search", run)
		if !ok {
			return
		}
		results, _ := r.body["results"].([]any)
		checkOwn(run, "rest", client, u, marker, results)
	}
}

func timedREST(hc *http.Client, base string, r req, kind string, run *loadRun) (resp, bool) {
	start := time.Now()
	res, err := sendJSON(hc, base, r)
	run.record(kind, time.Since(start))
	if err != nil || res.status != http.StatusOK {
		run.fail("%s: %v %d %s", kind, err, res.status, res.raw)
		return res, false
	}
	return res, true
}

// checkOwn fails the run for any result without the user's token or
// id, and when the note with marker is not among them.
func checkOwn(run *loadRun, edge string, client int, u loadUser, marker string, results []any) {
	found := false
	for _, x := range results {
		m, _ := x.(map[string]any)
		text, _ := m["text"].(string)
		if m["user_id"] != u.name || !strings.Contains(text, u.token) {
			run.fail("%s client %d (%s) saw another user's memory: %v", edge, client, u.name, m)
		}
		found = found || strings.Contains(text, marker)
	}
	if !found {
		run.fail("%s client %d (%s): search for %s missed the note just added", edge, client, u.name, marker)
	}
}

func mcpClient(sess *sdk.ClientSession, client int, u loadUser, end time.Time, run *loadRun) {
	for n := 0; time.Now().Before(end); n++ {
		marker := fmt.Sprintf("mk%dm%d", client, n)
		if _, ok := timedTool(sess, "mcp add", "add_memories", map[string]any{"memories": []string{"Note " + marker + " for " + u.token}}, run); !ok {
			return
		}
		data, ok := timedTool(sess, "mcp search", "search_memory", map[string]any{"query": marker, "top_k": 5}, run)
		if !ok {
			return
		}
		results, _ := data["results"].([]any)
		checkOwn(run, "mcp", client, u, marker, results)
	}
}

// timedTool makes one tool call and returns its structured content.
func timedTool(sess *sdk.ClientSession, kind, tool string, args map[string]any, run *loadRun) (map[string]any, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
	run.record(kind, time.Since(start))
	if err != nil || res.IsError {
		run.fail("%s: %v %+v", kind, err, res)
		return nil, false
	}
	var data map[string]any
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &data); err != nil {
		run.fail("%s: structured content %s: %v", kind, b, err)
		return nil, false
	}
	return data, true
}

// connectMCP opens an MCP session at /mcp/{client} with key as a bearer.
func connectMCP(t *testing.T, hc *http.Client, base, client, key string) *sdk.ClientSession {
	t.Helper()
	c := *hc
	c.Transport = bearer{key: key, next: hc.Transport}
	if hc.Transport == nil {
		c.Transport = bearer{key: key, next: http.DefaultTransport}
	}
	sess, err := sdk.NewClient(&sdk.Implementation{Name: "memsvc-load", Version: "1"}, nil).Connect(context.Background(),
		&sdk.StreamableClientTransport{Endpoint: base + "/mcp/" + client, HTTPClient: &c, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect MCP client %s: %v", client, err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess
}

type bearer struct {
	key  string
	next http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.key)
	return b.next.RoundTrip(r)
}
