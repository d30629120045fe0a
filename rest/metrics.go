package rest

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// Metrics counts what /metrics reports in the Prometheus text format
// (version 0.0.4). It is hand-written rather than built on
// prometheus/client_golang: a few counters and histograms do not justify
// that module and its dependency tree, and the text format is stable.
// Labels are route patterns, statuses, search modes and write events only:
// never a user id, a key or a memory's text.
type Metrics struct {
	mu       sync.Mutex
	requests map[[2]string]float64 // route pattern, status → count
	latency  map[string]*histogram // route pattern → request seconds
	search   map[string]*histogram // search mode → engine seconds
	writes   map[string]float64    // write event (ADD, UPDATE, SUPERSEDE, NONE, …; EPISODE for a turn kept) → count
	failures map[string]float64    // operation (search, ingest, conversation) → failed calls
	mcpCalls map[[3]string]float64 // MCP method, tool, outcome → count
	mcpTime  map[string]*histogram // MCP tool (method when not a tool call) → seconds
	// StoreSize, when set, reports the store's size on disk in bytes.
	StoreSize func() int64
	// Captures, when set, reports the image capture queue.
	Captures func() CaptureFigures
	// Cache, when set, reports the in-memory index shard cache.
	Cache func() CacheFigures
}

// CaptureFigures are the image capture queue's depth (all users) and the
// captures that ended failed since start.
type CaptureFigures struct {
	Queued int
	Failed uint64
}

// CacheFigures are the index shard cache's state: shards and bytes held,
// the byte budget, and shard loads and evictions since start.
type CacheFigures struct {
	Shards           int
	Bytes, Budget    int64
	Loads, Evictions uint64
}

// NewMetrics returns empty metrics.
func NewMetrics() *Metrics {
	return &Metrics{requests: map[[2]string]float64{}, latency: map[string]*histogram{},
		search: map[string]*histogram{}, writes: map[string]float64{}, failures: map[string]float64{},
		mcpCalls: map[[3]string]float64{}, mcpTime: map[string]*histogram{}}
}

// buckets are the latency histogram bounds in seconds.
var buckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

type histogram struct {
	counts []float64 // per bucket, not cumulative
	sum    float64
	n      float64
}

func (h *histogram) observe(v float64) {
	i, _ := slices.BinarySearch(buckets, v)
	if i < len(buckets) {
		h.counts[i]++
	}
	h.sum += v
	h.n++
}

func observe(m map[string]*histogram, key string, v float64) {
	h := m[key]
	if h == nil {
		h = &histogram{counts: make([]float64, len(buckets))}
		m[key] = h
	}
	h.observe(v)
}

// request records one HTTP request by its route pattern ("" when no route
// matched, so a client cannot mint label values with made-up paths).
func (m *Metrics) request(pattern string, status int, d time.Duration) {
	if m == nil {
		return
	}
	if pattern == "" {
		pattern = "unrouted"
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[[2]string{pattern, strconv.Itoa(status)}]++
	observe(m.latency, pattern, d.Seconds())
}

// mcpMethods are the MCP methods counted by name; any other is "other",
// so a client cannot mint label values.
var mcpMethods = []string{"initialize", "notifications/initialized", "ping", "tools/list", "tools/call"}

// MCPCall records one MCP message (mcp.Observer): by method, tool and
// outcome, never by client name, which is free text in the URL.
func (m *Metrics) MCPCall(method, tool, outcome string, d time.Duration) {
	if !slices.Contains(mcpMethods, method) {
		method = "other"
	}
	if !slices.Contains([]string{"ok", "tool_error", "error"}, outcome) {
		outcome = "other"
	}
	call := method
	if tool != "" {
		call = tool
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mcpCalls[[3]string{method, tool, outcome}]++
	observe(m.mcpTime, call, d.Seconds())
}

func (m *Metrics) searched(mode string, d time.Duration, err error) {
	if mode == "" {
		mode = "hybrid"
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		m.failures["search"]++
		return
	}
	switch mode {
	case "hybrid", "text", "vector":
	default:
		mode = "other"
	}
	observe(m.search, mode, d.Seconds())
}

func (m *Metrics) wrote(op string, results []engine.WriteResult, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		m.failures[op]++
		return
	}
	for _, r := range results {
		ev := r.Event
		switch {
		case r.Episode:
			ev = "EPISODE" // a turn kept as said, not an extracted fact
		case !slices.Contains([]string{"ADD", "UPDATE", "SUPERSEDE", "DELETE", "NONE", "PENDING"}, ev):
			ev = "other"
		}
		m.writes[ev]++
	}
}

// WriteTo writes every metric in the Prometheus text format.
func (m *Metrics) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	m.mu.Lock()
	b.WriteString("# HELP memsvc_http_requests_total HTTP requests by route pattern and status.\n# TYPE memsvc_http_requests_total counter\n")
	keys := make([][2]string, 0, len(m.requests))
	for k := range m.requests {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
	for _, k := range keys {
		fmt.Fprintf(&b, "memsvc_http_requests_total{route=%s,status=%s} %g\n", quote(k[0]), quote(k[1]), m.requests[k])
	}
	writeHistograms(&b, "memsvc_http_request_duration_seconds", "HTTP request latency by route pattern.", "route", m.latency)
	writeHistograms(&b, "memsvc_search_duration_seconds", "Search latency in the engine by mode.", "mode", m.search)
	writeCounters(&b, "memsvc_write_results_total", "Extraction and write outcomes by event.", "event", m.writes)
	writeCounters(&b, "memsvc_engine_failures_total", "Failed engine calls by operation.", "op", m.failures)
	m.writeMCP(&b)
	m.mu.Unlock()
	m.writeGauges(&b)
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

func (m *Metrics) writeMCP(b *strings.Builder) {
	b.WriteString("# HELP memsvc_mcp_calls_total MCP messages by method, tool and outcome (tool_error: the tool answered with an error).\n# TYPE memsvc_mcp_calls_total counter\n")
	keys := slices.SortedFunc(maps.Keys(m.mcpCalls), func(a, b [3]string) int {
		return strings.Compare(strings.Join(a[:], "\x00"), strings.Join(b[:], "\x00"))
	})
	for _, k := range keys {
		fmt.Fprintf(b, "memsvc_mcp_calls_total{method=%s,tool=%s,outcome=%s} %g\n", quote(k[0]), quote(k[1]), quote(k[2]), m.mcpCalls[k])
	}
	writeHistograms(b, "memsvc_mcp_call_duration_seconds", "MCP message latency by tool (by method when not a tool call).", "call", m.mcpTime)
}

// writeGauges asks the store, capture queue and shard cache for their
// figures, outside the lock: they may scan or take locks of their own.
func (m *Metrics) writeGauges(b *strings.Builder) {
	if m.StoreSize != nil {
		gauge(b, "memsvc_store_size_bytes", "Size of the store on disk.", "gauge", float64(m.StoreSize()))
	}
	if m.Captures != nil {
		c := m.Captures()
		gauge(b, "memsvc_image_queue_depth", "Image captures queued or awaiting a retry, all users.", "gauge", float64(c.Queued))
		gauge(b, "memsvc_image_capture_failures_total", "Image captures that ended failed since start.", "counter", float64(c.Failed))
	}
	if m.Cache != nil {
		c := m.Cache()
		gauge(b, "memsvc_shard_cache_shards", "Index shards held in memory.", "gauge", float64(c.Shards))
		gauge(b, "memsvc_shard_cache_bytes", "Bytes of the index shards held in memory.", "gauge", float64(c.Bytes))
		gauge(b, "memsvc_shard_cache_budget_bytes", "Byte budget of the index shard cache.", "gauge", float64(c.Budget))
		gauge(b, "memsvc_shard_cache_loads_total", "Index shards loaded from the store since start.", "counter", float64(c.Loads))
		gauge(b, "memsvc_shard_cache_evictions_total", "Index shards evicted to stay within the budget since start.", "counter", float64(c.Evictions))
	}
}

// gauge writes one unlabelled sample with its HELP and TYPE lines.
func gauge(b *strings.Builder, name, help, typ string, v float64) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s %s\n%s %s\n", name, help, name, typ, name, strconv.FormatFloat(v, 'f', -1, 64))
}

func writeCounters(b *strings.Builder, name, help, label string, m map[string]float64) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s counter\n", name, help, name)
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(b, "%s{%s=%s} %g\n", name, label, quote(k), m[k])
	}
}

func writeHistograms(b *strings.Builder, name, help, label string, m map[string]*histogram) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name)
	for _, k := range slices.Sorted(maps.Keys(m)) {
		h := m[k]
		cum := 0.0
		for i, le := range buckets {
			cum += h.counts[i]
			fmt.Fprintf(b, "%s_bucket{%s=%s,le=%q} %g\n", name, label, quote(k), strconv.FormatFloat(le, 'g', -1, 64), cum)
		}
		fmt.Fprintf(b, "%s_bucket{%s=%s,le=\"+Inf\"} %g\n", name, label, quote(k), h.n)
		fmt.Fprintf(b, "%s_sum{%s=%s} %s\n", name, label, quote(k), strconv.FormatFloat(h.sum, 'g', -1, 64))
		fmt.Fprintf(b, "%s_count{%s=%s} %g\n", name, label, quote(k), h.n)
	}
}

// quote writes a label value with the escapes the text format defines.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// Instrument wraps an engine service so searches and writes are measured.
func Instrument(svc engine.Service, m *Metrics) engine.Service {
	if m == nil {
		return svc
	}
	return instrumented{svc, m}
}

type instrumented struct {
	engine.Service
	m *Metrics
}

func (i instrumented) Search(ctx context.Context, user string, q engine.Query) (*engine.SearchResult, error) {
	start := time.Now()
	r, err := i.Service.Search(ctx, user, q)
	i.m.searched(q.Mode, time.Since(start), err)
	return r, err
}

func (i instrumented) Ingest(ctx context.Context, user string, req engine.IngestRequest) ([]engine.IngestEntry, error) {
	entries, err := i.Service.Ingest(ctx, user, req)
	var results []engine.WriteResult
	for _, e := range entries {
		results = append(results, e.Results...)
	}
	i.m.wrote("ingest", results, err)
	return entries, err
}

func (i instrumented) AddConversation(ctx context.Context, user string, req engine.ConversationRequest) (*engine.ConversationResult, error) {
	r, err := i.Service.AddConversation(ctx, user, req)
	var results []engine.WriteResult
	if r != nil {
		results = r.Results
	}
	i.m.wrote("conversation", results, err)
	return r, err
}

func (s *Server) metrics(w http.ResponseWriter, r *http.Request) error {
	if err := s.metricsAllowed(r); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	_, err := s.ops.Metrics.WriteTo(w)
	return err
}

// metricsAllowed admits a scrape of /metrics: open while neither auth nor
// a metrics secret is set (every route is then open), else only with the
// metrics secret (auth.SameSecret).
func (s *Server) metricsAllowed(r *http.Request) error {
	want := s.ops.MetricsSecret
	if want == "" && !s.gate.keys.Enabled() {
		return nil
	}
	if want == "" {
		return engine.Errorf(engine.EUnauthorized, "/metrics with auth on needs the server's metrics secret (MEMSVC_METRICS_SECRET), and none is set")
	}
	got, err := keyOf(r)
	if err != nil {
		return engine.Errorf(engine.EUnauthorized, "/metrics needs the metrics secret (MEMSVC_METRICS_SECRET) as Authorization: Bearer <secret>")
	}
	if !auth.SameSecret(got, want) {
		return engine.Errorf(engine.EUnauthorized, "wrong metrics secret (an API key does not open /metrics)")
	}
	return nil
}
