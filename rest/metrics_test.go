package rest

import (
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// TestMetricsFigures: the capture queue, the shard cache, MCP messages and
// write outcomes (episodes apart from extracted facts) are rendered from the funcs and calls given, and MCP labels a client
// could choose are folded into "other".
func TestMetricsFigures(t *testing.T) {
	m := NewMetrics()
	m.Captures = func() CaptureFigures { return CaptureFigures{Queued: 7, Failed: 2} }
	m.Cache = func() CacheFigures {
		return CacheFigures{Shards: 3, Bytes: 1 << 20, Budget: 256 << 20, Loads: 11, Evictions: 5}
	}
	m.MCPCall("tools/call", "search_memory", "ok", 3*time.Millisecond)
	m.MCPCall("tools/call", "search_memory", "ok", 30*time.Millisecond)
	m.MCPCall("tools/call", "unknown", "tool_error", time.Millisecond)
	m.MCPCall("initialize", "", "ok", time.Millisecond)
	m.MCPCall("alice@example.com/secret", "", "whatever", time.Millisecond)
	m.wrote("conversation", []engine.WriteResult{{Event: "ADD"}, {Event: "ADD", Episode: true}, {Event: "SUPERSEDE"}, {Event: "MADE-UP"}}, nil)
	var b strings.Builder
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	body := b.String()
	for _, want := range []string{
		"memsvc_image_queue_depth 7\n",
		`memsvc_write_results_total{event="ADD"} 1` + "\n",
		`memsvc_write_results_total{event="EPISODE"} 1` + "\n",
		`memsvc_write_results_total{event="SUPERSEDE"} 1` + "\n",
		`memsvc_write_results_total{event="other"} 1` + "\n",
		"memsvc_image_capture_failures_total 2\n",
		"memsvc_shard_cache_shards 3\n",
		"memsvc_shard_cache_bytes 1048576\n",
		"memsvc_shard_cache_budget_bytes 268435456\n",
		"memsvc_shard_cache_loads_total 11\n",
		"memsvc_shard_cache_evictions_total 5\n",
		"# TYPE memsvc_shard_cache_evictions_total counter\n",
		`memsvc_mcp_calls_total{method="tools/call",tool="search_memory",outcome="ok"} 2` + "\n",
		`memsvc_mcp_calls_total{method="tools/call",tool="unknown",outcome="tool_error"} 1` + "\n",
		`memsvc_mcp_calls_total{method="initialize",tool="",outcome="ok"} 1` + "\n",
		`memsvc_mcp_calls_total{method="other",tool="",outcome="other"} 1` + "\n",
		`memsvc_mcp_call_duration_seconds_bucket{call="search_memory",le="0.005"} 1` + "\n",
		`memsvc_mcp_call_duration_seconds_count{call="search_memory"} 2` + "\n",
		`memsvc_mcp_call_duration_seconds_count{call="initialize"} 1` + "\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "alice") || strings.Contains(body, "whatever") {
		t.Errorf("a client-chosen label value got through:\n%s", body)
	}
}

// TestMetricsWithoutFigures: without the funcs, their metrics are absent
// rather than zero (zero would claim an empty queue or cache).
func TestMetricsWithoutFigures(t *testing.T) {
	var b strings.Builder
	if _, err := NewMetrics().WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	for _, never := range []string{"memsvc_image_queue_depth", "memsvc_shard_cache", "memsvc_store_size_bytes"} {
		if strings.Contains(b.String(), never) {
			t.Errorf("%s reported without a source:\n%s", never, b.String())
		}
	}
}
