package main

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestBadTimesAre400: a time no record can hold (outside the years
// 0–9999), in any time field, is a 400 naming the field, not a 500.
func TestBadTimesAre400(t *testing.T) {
	s := startServer(t, nil)
	for _, ts := range []string{"1e300", "-1e300", "253402300800", `"10000-01-01T00:00:00Z"`, `"soon"`, "true"} {
		t.Run("timestamp "+ts, func(t *testing.T) {
			for _, infer := range []string{"true", "false"} {
				r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
					raw: []byte(`{"text":"Alice lives in Paris","infer":` + infer + `,"timestamp":` + ts + `}`)})
				wantError(t, r, http.StatusBadRequest, "invalid_request", "timestamp")
			}
			r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories/from-conversation",
				raw: []byte(`{"messages":[{"role":"user","content":"I live in Oslo","created_at":` + ts + `}]}`)})
			wantError(t, r, http.StatusBadRequest, "invalid_request", "messages[0].created_at")
		})
	}
	r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
		raw: []byte(`{"text":"Alice lives in Paris","infer":false,"timestamp":1700000000.5}`)})
	wantStatus(t, r, http.StatusOK)
}

// TestDeepJSONRefused: a body nested thousands of levels deep is a 400
// naming the body; metadata deeper than the engine's limit names metadata.
func TestDeepJSONRefused(t *testing.T) {
	s := startServer(t, nil)
	deep := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
		raw: []byte(`{"text":"Alice lives in Paris","infer":false,"metadata":` + deep + `}`)})
	wantError(t, r, http.StatusBadRequest, "invalid_request", "body", "nested")
	mid := strings.Repeat(`{"a":`, 20) + "1" + strings.Repeat("}", 20)
	r = s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
		raw: []byte(`{"text":"Alice lives in Paris","infer":false,"metadata":` + mid + `}`)})
	wantError(t, r, http.StatusBadRequest, "invalid_request", "metadata", "nested")
	// A string full of brackets is not nesting.
	r = s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
		raw: []byte(`{"text":"Alice wrote ` + strings.Repeat(`[{\"`, 100) + `","infer":false}`)})
	wantStatus(t, r, http.StatusOK)
}

// TestListParamsStrict: the list answers 400 naming an unknown parameter
// (it used to ignore it and list everything), and filters by session_id,
// project, state and app_name (the same as app_id).
func TestListParamsStrict(t *testing.T) {
	s := startServer(t, nil)
	a := s.addVerbatim(t, anon, "I moved to Paris last spring", map[string]any{"app": "claude", "session_id": "s1", "project": "p1"})
	b := s.addVerbatim(t, anon, "My dog is called Rex", map[string]any{"app": "cursor", "session_id": "s2"})
	for _, q := range []string{"?sesion_id=s1", "?app=claude", "?userid=x", "?page=1&foo=bar"} {
		r := s.get(t, anon, "/api/v1/memories"+q)
		name := strings.SplitN(strings.TrimPrefix(q[strings.LastIndex(q, "&")+1:], "?"), "=", 2)[0]
		wantError(t, r, http.StatusBadRequest, "invalid_request", name, "unknown parameter")
	}
	for q, want := range map[string][]string{
		"?session_id=s1": {a}, "?session_id=s2": {b}, "?project=p1": {a}, "?app_name=cursor": {b},
		"?app_id=claude": {a}, "?app_name=claude&app_id=claude": {a}, "?state=active": {b, a},
	} {
		r := s.get(t, anon, "/api/v1/memories"+q)
		wantStatus(t, r, http.StatusOK)
		if got := ids(r.body, "items"); !slices.Equal(got, want) {
			t.Errorf("%s: items %v, want %v", q, got, want)
		}
	}
	wantError(t, s.get(t, anon, "/api/v1/memories?state=gone"), http.StatusBadRequest, "invalid_request", "state")
}

// TestClientNamesSafe: a client name with "..", a slash, a bidi override,
// a control character or invalid UTF-8 is a 400, on MCP's path and as
// REST's app; nothing becomes an app_name.
func TestClientNamesSafe(t *testing.T) {
	s := startServer(t, nil)
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for _, name := range []string{"a..b", "..%2F", "%2e%2e%2fetc", "a%2Fb", "evil%E2%80%AEtxt", "bad%FFname", "tab%09name", strings.Repeat("x", 65)} {
		r := s.rawPost(t, "/mcp/"+name, init, map[string]string{"Content-Type": "application/json",
			"Accept": "application/json, text/event-stream"})
		if r.status != http.StatusBadRequest || !strings.Contains(string(r.raw), "client name") {
			t.Errorf("/mcp/%s: %d %s, want 400 naming the client name", name, r.status, r.raw)
		}
	}
	r := s.rawPost(t, "/mcp/claude-desktop_1.2", init, map[string]string{"Content-Type": "application/json",
		"Accept": "application/json, text/event-stream"})
	wantStatus(t, r, http.StatusOK)
	for _, app := range []string{"../x", "a/b", "evil\u202etxt", "tab\tname"} {
		r := s.post(t, anon, "/api/v1/memories", map[string]any{"text": "Alice lives in Paris", "app": app})
		wantError(t, r, http.StatusBadRequest, "invalid_request", "app")
	}
	r = s.do(t, req{method: http.MethodPost, path: "/api/v1/memories", raw: []byte("{\"text\":\"Alice lives in Paris\",\"app\":\"bad\xffname\"}")})
	wantError(t, r, http.StatusBadRequest, "invalid_request", "app")
	if got := ids(s.get(t, anon, "/api/v1/memories").body, "items"); len(got) != 0 {
		t.Errorf("refused writes stored %v", got)
	}
}

// TestMCPWithoutClientName: POST /mcp (the MCP inspector's CLI rewrites
// URLs to it) was a bare 404; its detail now says where MCP is served.
func TestMCPWithoutClientName(t *testing.T) {
	s := startServer(t, nil)
	for _, path := range []string{"/mcp", "/mcp/"} {
		r := s.rawPost(t, path, `{"jsonrpc":"2.0","id":1,"method":"initialize"}`, map[string]string{"Content-Type": "application/json"})
		wantError(t, r, http.StatusNotFound, "not_found", "/mcp/{clientName}")
	}
}
