package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestMCPEnvelopeKeysGivenOnce: a JSON-RPC message whose envelope or params
// gave a key twice was run as its last copy, so a gateway in front that reads
// the first copy (and lets only search_memory through) was walked past:
// {"params":{search},"params":{add}} wrote. REST bodies and tool arguments
// already refuse a key given twice; the envelope now does too, nothing is
// written, and a duplicate inside a tool's arguments stays a tool error.
func TestMCPEnvelopeKeysGivenOnce(t *testing.T) {
	s := startServer(t, nil)
	h := map[string]string{"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
		"MCP-Protocol-Version": "2025-06-18"}
	search := `{"name":"search_memory","arguments":{"query":"anything"}}`
	add := `{"name":"add_memories","arguments":{"memories":["a write the gateway never saw"]}}`
	for _, tc := range []struct{ name, body, names string }{
		{"params twice", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + search + `,"params":` + add + `}`, "params"},
		{"tool name twice", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_memory","name":"add_memories",` +
			`"arguments":{"memories":["a write the gateway never saw"]}}}`, "params.name"},
		{"method twice", `{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call","params":` + add + `}`, "method"},
		{"escaped twin", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + search + `,"p\u0061rams":` + add + `}`, "params"},
		{"id twice", `{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`, "id"},
		// A Go gateway's encoding/json reads the last of "name" and "Name";
		// the SDK reads "name".
		{"tool name twice in two cases", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_memories",` +
			`"Name":"search_memory","arguments":{"memories":["a write the gateway never saw"]}}}`, "params.Name"},
		// encoding/json folds as Unicode does: "paramſ" (U+017F, long s)
		// is its params, which strings.ToLower does not see.
		{"params twice, once with a long s", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + add +
			`,"param\u017f":` + search + `}`, "paramſ"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.send(t, http.MethodPost, "/mcp/gatewayed", "", tc.body, h)
			wantError(t, r, http.StatusBadRequest, "invalid_request", tc.names, "twice")
		})
	}
	list := s.do(t, req{method: http.MethodGet, path: "/api/v1/memories"})
	if strings.Contains(string(list.raw), "gateway never saw") {
		t.Errorf("a refused message wrote: %s", list.raw)
	}

	// A key twice inside a tool's arguments is the tool's to refuse: a tool
	// error the model can correct, as before.
	r := s.send(t, http.MethodPost, "/mcp/gatewayed", "", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`+
		`{"name":"add_memories","arguments":{"memories":["one"],"memories":["two"]}}}`, h)
	if r.status != http.StatusOK || !strings.Contains(string(r.raw), `"isError":true`) || !strings.Contains(string(r.raw), "given twice") {
		t.Errorf("an argument twice: %d %s; want a tool error naming it", r.status, r.raw)
	}
}

// TestMCPDeepMessageRefusedFirst: a message whose _meta nested objects a
// thousand deep cost the duplicate-key check seconds of CPU (each level
// decoded again one level down) and was then run. Nesting deeper than a
// message needs is now refused before anything decodes it, nothing is
// written, and a message nested as deep as tool arguments may be still runs.
func TestMCPDeepMessageRefusedFirst(t *testing.T) {
	s := startServer(t, nil)
	h := map[string]string{"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
		"MCP-Protocol-Version": "2025-06-18"}
	meta := func(depth int) string {
		pad := `"` + strings.Repeat("x", 500) + `"`
		return strings.Repeat(`{"s":`+pad+`,"n":`, depth) + `{}` + strings.Repeat("}", depth)
	}
	call := func(depth int, memory string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_memories","_meta":` + meta(depth) +
			`,"arguments":{"memories":["` + memory + `"]}}}`
	}
	r := s.send(t, http.MethodPost, "/mcp/deep", "", call(990, "a write nested too deep"), h)
	wantError(t, r, http.StatusBadRequest, "invalid_request", "message", "nested deeper")
	r = s.send(t, http.MethodPost, "/mcp/deep", "", call(20, "a write nested twenty deep"), h)
	if r.status != http.StatusOK || strings.Contains(string(r.raw), `"isError":true`) {
		t.Fatalf("a message nested 20 deep: %d %s; want it run", r.status, r.raw)
	}
	list := string(s.do(t, req{method: http.MethodGet, path: "/api/v1/memories"}).raw)
	if strings.Contains(list, "nested too deep") || !strings.Contains(list, "nested twenty deep") {
		t.Errorf("want only the shallow write stored: %s", list)
	}
}

// TestMCPBadIDNamedInJSONTerms: an id the server cannot answer under (an
// object, a number past float64, true) was refused by the SDK's decoder,
// whose words named Go internals ("into Go struct field
// jsonrpc2.wireDecode.id of type float64", "map[string]interface {}").
// The refusal now says what an id may be.
func TestMCPBadIDNamedInJSONTerms(t *testing.T) {
	s := startServer(t, nil)
	h := map[string]string{"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
	for _, id := range []string{`{"a":1}`, `1e400`, `true`, `[1]`} {
		t.Run(id, func(t *testing.T) {
			r := s.send(t, http.MethodPost, "/mcp/ids", "", `{"jsonrpc":"2.0","id":`+id+`,"method":"ping"}`, h)
			wantError(t, r, http.StatusBadRequest, "invalid_request", "id", "string or a whole number")
			for _, internal := range []string{"Go struct", "interface {}", "wireDecode", "float64"} {
				if strings.Contains(string(r.raw), internal) {
					t.Errorf("the refusal names Go internals (%q): %s", internal, r.raw)
				}
			}
		})
	}
}
