package mcp_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestMCPHeadersGivenTwiceRefused: of two Mcp-Name (or Mcp-Method,
// MCP-Protocol-Version, Project) headers only the first counted, so
// Mcp-Name: add_memories then Mcp-Name: search_memory wrote a memory
// while a gateway in front that reads the last copy saw a read-only
// search. Differing copies are now a 400 naming the header, before the
// body is acted on, and nothing is stored; copies that agree still pass.
func TestMCPHeadersGivenTwiceRefused(t *testing.T) {
	s := startServer(t, serverConfig{})
	add := func(text string) string {
		return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["` +
			text + `"]},` + metaVersion + `}}`
	}
	send := func(body string, h http.Header) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, s.url+"/mcp/probe", strings.NewReader(body))
		req.Header = h
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", acceptBoth)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	v := http.Header{"Mcp-Protocol-Version": {v2026}, "Mcp-Method": {"tools/call"}}
	with := func(name string, values ...string) http.Header {
		h := v.Clone()
		h[name] = values
		if h.Get("Mcp-Name") == "" {
			h.Set("Mcp-Name", "add_memories")
		}
		return h
	}
	for _, tc := range []struct {
		name   string
		header http.Header
	}{
		{"Mcp-Name", with("Mcp-Name", "add_memories", "search_memory")},
		{"Mcp-Method", with("Mcp-Method", "tools/call", "tools/list")},
		{"Mcp-Protocol-Version", with("Mcp-Protocol-Version", v2026, "2025-06-18")},
		{"Project", with("Project", "website", "billing")},
	} {
		status, body := send(add("Carol keeps a spare key under the mat"), tc.header)
		if status != http.StatusBadRequest || !strings.Contains(body, tc.name+" header") || !strings.Contains(body, "send it once") {
			t.Errorf("%s twice: %d %s; want 400 naming the header", tc.name, status, body)
		}
	}
	status, body := send(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"search_memory","arguments":{"query":"spare key"},`+
		metaVersion+`}}`, with("Mcp-Name", "search_memory"))
	if status != http.StatusOK || strings.Contains(body, "spare key under the mat") {
		t.Errorf("after the refusals: %d %s; want a search that finds nothing stored", status, body)
	}
	if status, body := send(add("Dan waters the ferns"), with("Mcp-Name", "add_memories", "add_memories")); status != http.StatusOK ||
		!strings.Contains(body, "ADD") {
		t.Errorf("the same Mcp-Name twice: %d %s; want the call answered", status, body)
	}
}
