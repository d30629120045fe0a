package mcp_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/mcp"
)

// rpcAnswer is the JSON-RPC part of an answer.
type rpcAnswer struct {
	ID    json.RawMessage `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// stdioAnswers runs lines (one message a line) through a stdio session
// opened at protocol 2025-06-18 and returns the answers, one a line (the
// last answers the last request).
func stdioAnswers(t *testing.T, lines ...string) []rpcAnswer {
	t.Helper()
	var out bytes.Buffer
	open := []string{`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`}
	in := strings.NewReader(strings.Join(append(open, lines...), "\n") + "\n")
	if err := mcp.ServeStdio(t.Context(), mcp.NewServer(mcp.Options{}), mcp.Scope{User: "u", Client: "c"}, in, &out); err != nil {
		t.Fatal(err)
	}
	var answers []rpcAnswer
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var a rpcAnswer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("stdio answer %q: %v", line, err)
		}
		answers = append(answers, a)
	}
	return answers
}

// TestUnknownMethodSameOnBothTransports: a request for a method the server
// does not have was answered over HTTP with a plain-text 400 ("JSON RPC
// not handled", rewritten as -32600) and over stdio with JSON-RPC's method
// not found (-32601), which clients read as "not supported here". The
// TypeScript client also reported the 400 as a transport error. Over HTTP
// it is now stdio's answer, as JSON or as a stream (whichever the client
// takes), with 200 and no member beyond JSON-RPC's (the TypeScript client
// parses answers strictly); from protocol 2026-07-28 on the SDK answers it
// (404 with -32601, that version's rule). Methods the server has are still
// answered.
func TestUnknownMethodSameOnBothTransports(t *testing.T) {
	const call = `{"jsonrpc":"2.0","id":"m1","method":"tasks/list","params":{}}`
	stdio := stdioAnswers(t, call)
	want := stdio[len(stdio)-1]
	if want.Error == nil || want.Error.Code != -32601 || string(want.ID) != `"m1"` {
		t.Fatalf("stdio answer to an unknown method: %+v; want -32601 for id m1", want)
	}
	s := startServer(t, serverConfig{})
	for _, version := range []string{"", "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"} {
		for _, accept := range []string{acceptBoth, "text/event-stream"} {
			r := s.post(t, call, map[string]string{"Accept": accept, "MCP-Protocol-Version": version})
			body := r.body
			if accept == "text/event-stream" {
				_, body, _ = strings.Cut(r.body, "data: ")
			}
			var got rpcAnswer
			var members map[string]any
			if json.Unmarshal([]byte(body), &got) != nil || json.Unmarshal([]byte(body), &members) != nil || r.status != http.StatusOK ||
				len(members) != 3 || got.Error == nil || *got.Error != *want.Error || string(got.ID) != `"m1"` {
				t.Errorf("version %q, Accept %s: %d %s; want 200 with only stdio's answer %+v", version, accept, r.status, r.body, *want.Error)
			}
		}
	}
	r := s.post2026(t, "tasks/list", "")
	if r.status != http.StatusNotFound || !strings.Contains(r.body, `"code":-32601`) {
		t.Errorf("2026-07-28: %d %s; want 404 and -32601", r.status, r.body)
	}
	for _, method := range []string{"ping", "tools/list"} { // logging/setLevel is not served: capabilities_test.go
		body := `{"jsonrpc":"2.0","id":2,"method":"` + method + `","params":{"level":"info"}}`
		if r := s.post(t, body, map[string]string{"Accept": acceptBoth}); r.status != http.StatusOK || !strings.Contains(r.body, `"result"`) {
			t.Errorf("%s: %d %s; want a result", method, r.status, r.body)
		}
	}
}

// TestUnknownToolNamesTheTools: a call of a tool this server does not have
// was answered "unknown tool \"x\"" and nothing more. Clients that let the
// model pick a tool name (Cline, agent frameworks) hand that message to
// the model, which then had nothing to go on. It is still the protocol
// error the spec asks for (-32602), now naming the two tools and how to
// delete, over HTTP and stdio alike; retired names keep their own advice.
func TestUnknownToolNamesTheTools(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, name := range []string{"delete_memory", "", "Add_Memories"} {
		call := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"` + name + `","arguments":{}}}`
		var httpAnswer rpcAnswer
		r := s.post(t, call, map[string]string{"Accept": acceptBoth})
		if err := json.Unmarshal([]byte(r.body), &httpAnswer); err != nil {
			t.Fatalf("%q: %d %s", name, r.status, r.body)
		}
		stdio := stdioAnswers(t, call)
		for transport, a := range map[string]rpcAnswer{"http": httpAnswer, "stdio": stdio[len(stdio)-1]} {
			if a.Error == nil || a.Error.Code != -32602 || !strings.Contains(a.Error.Message, `"`+name+`"`) ||
				!strings.Contains(a.Error.Message, "add_memories") || !strings.Contains(a.Error.Message, "search_memory") ||
				!strings.Contains(a.Error.Message, "forget:") {
				t.Errorf("%s, tool %q: %+v; want -32602 naming it, both tools and how to forget", transport, name, a.Error)
			}
		}
	}
	r := s.post(t, `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_skill","arguments":{}}}`, map[string]string{"Accept": acceptBoth})
	if !strings.Contains(r.body, `"isError":true`) || !strings.Contains(r.body, "skill:") {
		t.Errorf("retired get_skill: %s; want its tool error", r.body)
	}
}
