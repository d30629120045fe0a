package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// The second round of hostile requests: what a security reviewer sends a
// running server (names holding invisible characters, oversized and
// malformed headers, deep and odd JSON, path tricks in the MCP client
// name, CRLF where a header ends). Every answer is a clear 4xx or a
// correct 2xx, never a 500 or a hang; nothing refused is stored, and
// nothing of one user reaches another.

// hostileLogServer is authServer logging JSON lines, so a test reads what
// a refusal logged.
func hostileLogServer(t *testing.T) (s *testServer, alice, bob string) {
	t.Helper()
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	s = startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_LOG_FORMAT": "json"})
	return s, mintKey(t, secret, s.dataDir, "alice"), mintKey(t, secret, s.dataDir, "bob")
}

// mcpHeaders are the headers of an MCP call with key.
func mcpHeaders(key string) [][2]string {
	return [][2]string{{"Authorization", "Bearer " + key}, {"Accept", "application/json, text/event-stream"}}
}

// mcpToolCall is the JSON-RPC body calling tool with args.
func mcpToolCall(t *testing.T, tool string, args map[string]any) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{"name": tool, "arguments": args}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// rawRequest writes req to a fresh connection to s as is and returns the
// status line of the answer, failing the test when none comes within 10 s.
func rawRequest(t *testing.T, s *testServer, req string) string {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(s.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		t.Fatalf("no answer to %q: %v", req[:min(len(req), 80)], err)
	}
	return strings.TrimSpace(line)
}

// invisibleNames are names that look like "work" (or nothing) but are not.
var invisibleNames = []struct{ name, s string }{
	{"zero-width space", "wo\u200brk"},
	{"zero-width joiner", "work\u200d"},
	{"zero-width non-joiner", "\u200cwork"},
	{"word joiner", "wo\u2060rk"},
	{"byte order mark", "\ufeffwork"},
	{"right-to-left override", "\u202ekrow"},
	{"left-to-right embedding", "\u202awork\u202c"},
	{"right-to-left isolate", "\u2067work\u2069"},
	{"right-to-left mark", "work\u200f"},
	{"soft hyphen", "wo\u00adrk"},
	{"no-break space", "my\u00a0work"},
	{"hangul filler", "\u3164"},
	{"tag characters", "work\U000e0041"},
	{"mixed-script look-alike", "w\u043erk"}, // Cyrillic o
}

// TestHostileInvisibleNames: a tag, session, project, category, app filter
// or metadata key holding an invisible or direction-changing character
// (or a look-alike letter of another script) is refused naming the field,
// on REST and MCP alike: it would file the memory under a name no one can
// tell from another, splitting a user's memories silently.
func TestHostileInvisibleNames(t *testing.T) {
	s, alice, _ := hostileLogServer(t)
	auth := [][2]string{{"Authorization", "Bearer " + alice}}
	for _, tt := range invisibleNames {
		t.Run(tt.name, func(t *testing.T) {
			js, _ := json.Marshal(tt.s)
			for _, c := range []struct{ method, path, body, field string }{
				{"POST", "/api/v1/memories", `{"text":"I water the plants on Sundays","infer":false,"metadata":{` + string(js) + `:1}}`, "metadata"},
				{"POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I water the plants"}],"tags":[` + string(js) + `]}`, "tags[0]"},
				{"POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I water the plants"}],"project":` + string(js) + `}`, "project"},
				{"POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I water the plants"}],"session_id":` + string(js) + `}`, "session_id"},
				{"POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I water the plants","name":` + string(js) + `}]}`, "name"},
				{"POST", "/api/v1/memories/search", `{"query":"plants","session_id":` + string(js) + `}`, "session_id"},
				{"GET", "/api/v1/memories?categories=" + url.QueryEscape(tt.s), "", "categories"},
				{"GET", "/api/v1/memories?app_id=" + url.QueryEscape(tt.s), "", "app"},
			} {
				code, got := hostile(t, s, c.method, c.path, c.body, auth)
				if code != http.StatusBadRequest || !strings.Contains(got, c.field) {
					t.Errorf("%s %s %s: status %d %s; want 400 naming %s", c.method, c.path, c.body, code, got, c.field)
				}
			}
			for _, args := range []map[string]any{
				{"memories": []string{"I water the plants on Sundays"}, "tags": []string{tt.s}},
				{"memories": []string{"I water the plants on Sundays"}, "session_id": tt.s},
				{"memories": []string{"I water the plants on Sundays"}, "metadata": map[string]any{tt.s: 1}},
			} {
				code, got := hostile(t, s, "POST", "/mcp/probe", mcpToolCall(t, "add_memories", args), mcpHeaders(alice))
				if code >= 500 || !strings.Contains(got, "isError") || !strings.Contains(got, "invalid") {
					t.Errorf("MCP add_memories %v: status %d %s; want a tool error saying the input is invalid", args, code, got)
				}
			}
			headers := append(mcpHeaders(alice), [2]string{"Project", tt.s})
			code, got := hostile(t, s, "POST", "/mcp/probe", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, headers)
			if code != http.StatusBadRequest || !strings.Contains(got, "Project") {
				t.Errorf("MCP with Project header %q: status %d %s; want 400 naming it", tt.s, code, got)
			}
		})
	}
	r := s.do(t, req{method: "GET", path: "/api/v1/memories", key: alice, place: keyBearer})
	if total, _ := r.body["total"].(float64); total != 0 {
		t.Errorf("refused writes were stored: %s", r.raw)
	}
}

// TestHostileVisibleNamesPass: what the name rule must not refuse: a
// Persian word's zero-width non-joiner, an emoji sequence's joiner, one
// script's own letters, a single space.
func TestHostileVisibleNamesPass(t *testing.T) {
	s, alice, _ := authServer(t)
	for _, name := range []string{"می\u200cخواهم", "👩\u200d💻", "क्\u200dष", "проект", "home office", "❤️", "1️⃣", "μService"} {
		r := s.post(t, as{key: alice, place: keyBearer}, "/api/v1/memories/from-conversation", map[string]any{
			"messages": []map[string]any{{"role": "user", "content": "I keep my notes in a paper notebook"}},
			"tags":     []string{name}, "project": name, "session_id": name,
		})
		wantStatus(t, r, http.StatusOK)
	}
}

// TestHostileHeaders: oversized, malformed and CRLF-carrying headers get a
// 4xx, never a 500 or a hang; a huge Origin or Host is logged cut short
// and on one line, and the key is never logged.
func TestHostileHeaders(t *testing.T) {
	s, alice, _ := hostileLogServer(t)
	big := "https://" + strings.Repeat("e", 40<<10) + ".example"
	for _, tt := range []struct {
		name    string
		headers [][2]string
		host    string
		want    int
	}{
		{"huge Origin", [][2]string{{"Origin", big}}, "", http.StatusForbidden},
		{"huge Host", nil, strings.Repeat("h", 40<<10), http.StatusForbidden},
		{"Origin with a percent-encoded line break", [][2]string{{"Origin", "https://evil.example%0d%0arefused=no"}}, "", http.StatusForbidden},
		{"huge header block", [][2]string{{"X-Pad", strings.Repeat("p", 200<<10)}}, "", http.StatusRequestHeaderFieldsTooLarge},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := len(s.stderr.String())
			r, err := http.NewRequest("POST", s.base+"/api/v1/memories/search", strings.NewReader(`{"query":"x"}`))
			if err != nil {
				t.Fatal(err)
			}
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Authorization", "Bearer "+alice)
			for _, h := range tt.headers {
				r.Header.Add(h[0], h[1])
			}
			if tt.host != "" {
				r.Host = tt.host
			}
			res, err := s.client.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tt.want {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.want)
			}
			if tt.want == http.StatusRequestHeaderFieldsTooLarge {
				return // net/http answers it before any handler: nothing logged
			}
			line := waitRequestLine(t, s, before)
			got, _ := line["refused"].(string)
			if got == "" || len(got) > 1024 || strings.ContainsAny(got, "\r\n\x1b") {
				t.Errorf("logged refused= of %d bytes (%.120q…); want a short single line without control characters", len(got), got)
			}
		})
	}
	// An Origin with an escape in it is refused by net/http itself (no Go
	// client sends one: written raw); what a handler's refusal quotes is
	// kept to one clean line by status.Refused, unit-tested there.
	if line := rawRequest(t, s, "POST /api/v1/memories/search HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "+alice+
		"\r\nOrigin: https://evil.example/\x1b[2J\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"query\":\"x\"}"); !strings.HasPrefix(line, "HTTP/1.1 4") {
		t.Errorf("Origin with an escape: answer %q; want a 4xx", line)
	}
	// HTTP/1.1 lets a server read these leniently (RFC 9112 2.2, 5.2: a bare
	// LF ends a line, an obsolete fold is a space), as net/http does: any
	// answer but a 5xx or none is right.
	for _, raw := range []string{
		"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\nInjected: 1\r\n\r\n",
		"GET /api/v1/memories HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer\r\n " + alice + "\r\n\r\n",
	} {
		if line := rawRequest(t, s, raw); !strings.HasPrefix(line, "HTTP/1.1 2") && !strings.HasPrefix(line, "HTTP/1.1 4") {
			t.Errorf("%q: answer %q; want a 2xx or 4xx", raw, line)
		}
	}
	for _, tt := range []struct{ name, raw string }{
		{"CR in a header value", "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\rInjected: 1\r\n\r\n"},
		{"NUL in a header", "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\x00b\r\n\r\n"},
		{"space before the colon", "GET /api/health HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n"},
		{"two Content-Lengths", "POST /api/v1/memories/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 3\r\nContent-Length: 13\r\n\r\n{\"query\":\"x\"}"},
		{"Content-Length and chunked", "POST /api/v1/memories/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 13\r\nTransfer-Encoding: chunked\r\n\r\nd\r\n{\"query\":\"x\"}\r\n0\r\n\r\n"},
		{"huge Content-Length", "POST /api/v1/memories/search HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + alice + "\r\nContent-Type: application/json\r\nContent-Length: 99999999999999999999\r\n\r\n{}"},
		{"CRLF in the path", "GET /api/v1/memories%0d%0aSet-Cookie:%20a=b HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + alice + "\r\n\r\n"},
		{"CRLF in a query value", "GET /api/v1/memories?user_id=alice%0d%0ainjected HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + alice + "\r\n\r\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			line := rawRequest(t, s, tt.raw)
			var code int
			if _, err := fmt.Sscanf(line, "HTTP/1.1 %d", &code); err != nil || code < 400 || code >= 500 {
				t.Errorf("answer %q; want a 4xx", line)
			}
		})
	}
	if logs := s.stderr.String(); strings.Contains(logs, alice) {
		t.Errorf("the log holds the key sent")
	}
}

// TestHostileJSON: duplicate keys deep in metadata, JSON nested thousands
// deep, numbers past every type's range, and NaN-like strings where
// numbers go are each refused with a 400 naming the field, never a 500.
func TestHostileJSON(t *testing.T) {
	s, alice, bob := authServer(t)
	auth := [][2]string{{"Authorization", "Bearer " + alice}}
	deep := strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)
	deepList := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	for _, tt := range []struct{ path, body, field string }{
		{"/api/v1/memories", `{"text":"I like tea","infer":false,"metadata":{"a":{"b":1,"b":2}}}`, "b"},
		{"/api/v1/memories", `{"text":"I like tea","infer":false,"metadata":` + deep + `}`, "nest"},
		{"/api/v1/memories", `{"text":"I like tea","infer":false,"unknown":` + deepList + `}`, ""},
		{"/api/v1/memories", `{"text":"I like tea","infer":false,"metadata":{"n":1e400}}`, "metadata"},
		{"/api/v1/memories", `{"text":"I like tea","infer":false,"metadata":{"n":123456789012345678901234567890}}`, "metadata"},
		{"/api/v1/memories", `{"text":"I like tea","infer":false,"timestamp":"+275760-09-13T00:00:00Z"}`, "timestamp"},
		{"/api/v1/memories", `{"text":"I like tea","infer":false,"timestamp":1e300}`, "timestamp"},
		{"/api/v1/memories/search", `{"query":"tea","top_k":1e400}`, "top_k"},
		{"/api/v1/memories/search", `{"query":"tea","top_k":99999999999999999999}`, "top_k"},
		{"/api/v1/memories/search", `{"query":"tea","top_k":-1}`, "top_k"},
		{"/api/v1/memories/search", `{"query":"tea","top_k":2.5}`, "top_k"},
		{"/api/v1/memories/search", `{"query":"tea","top_k":"NaN"}`, "top_k"},
		{"/api/v1/memories/search", `{"query":"tea","top_k":NaN}`, ""},
		{"/api/v1/memories/search", `{"query":"tea","top_k":Infinity}`, ""},
		{"/api/v1/entities/reconcile", `{"threshold":"NaN"}`, "threshold"},
		{"/api/v1/entities/reconcile", `{"threshold":1e400}`, "threshold"},
		{"/api/v1/entities/reconcile", `{"threshold":-0.5}`, "threshold"},
	} {
		code, got := hostile(t, s, "POST", tt.path, tt.body, auth)
		if code != http.StatusBadRequest || !strings.Contains(got, tt.field) {
			t.Errorf("POST %s %.200s: status %d %.300s; want 400 naming %q", tt.path, tt.body, code, got, tt.field)
		}
	}
	for _, q := range []string{"page=1e400", "page=NaN", "size=-0", "size=99999999999999999999", "page=0x10", "page=1&page=2"} {
		code, got := hostile(t, s, "GET", "/api/v1/memories?"+q, "", auth)
		if code != http.StatusBadRequest {
			t.Errorf("GET /api/v1/memories?%s: status %d %s; want 400", q, code, got)
		}
	}
	code, got := hostile(t, s, "POST", "/mcp/probe", mcpToolCall(t, "search_memory", map[string]any{"query": "tea", "top_k": 1e300}), mcpHeaders(alice))
	if code >= 500 || !strings.Contains(got, "top_k") {
		t.Errorf("MCP search_memory with top_k 1e300: status %d %s; want an error naming top_k", code, got)
	}
	code, got = hostile(t, s, "POST", "/mcp/probe", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`+deep+`}`, mcpHeaders(alice))
	if code >= 500 {
		t.Errorf("MCP call nested 100000 deep: status %d %.300s; want a 4xx or a JSON-RPC error", code, got)
	}
	for _, key := range []string{alice, bob} {
		r := s.do(t, req{method: "GET", path: "/api/v1/memories", key: key, place: keyBearer})
		if total, _ := r.body["total"].(float64); total != 0 {
			t.Errorf("refused writes were stored: %s", r.raw)
		}
	}
}

// TestHostileMCPClientNames: the client name of /mcp/{clientName} is a
// name that ends up in every memory the connection writes: path tricks,
// control characters, invisible characters and oversized names are refused
// with a 4xx; none is stored.
func TestHostileMCPClientNames(t *testing.T) {
	s, alice, _ := hostileLogServer(t)
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	for _, name := range []string{"..", "..%2F..%2Fapi", "%2e%2e", "a%00b", "a%0d%0aInjected:%201", "%E2%80%AEevil",
		"wo%E2%80%8Brk", "a%2Fb", "a/b", "a;b", "a%20b", "%F0%9F%92%A9", strings.Repeat("a", 65), "%FF%FE", "."} {
		code, got := hostile(t, s, "POST", "/mcp/"+name, ping, mcpHeaders(alice))
		if code < 400 || code >= 500 {
			t.Errorf("POST /mcp/%s: status %d %.200s; want a 4xx", name, code, got)
		}
	}
	if logs := s.stderr.String(); strings.Contains(logs, "Injected") || strings.Contains(logs, "\u202e") {
		t.Errorf("a refused client name reached the log as sent")
	}
	r := s.do(t, req{method: "GET", path: "/api/v1/memories", key: alice, place: keyBearer})
	if total, _ := r.body["total"].(float64); total != 0 {
		t.Errorf("something was stored: %s", r.raw)
	}
}
