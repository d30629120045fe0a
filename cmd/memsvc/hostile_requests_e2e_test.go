package main

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// hostile sends one request with the given headers (a header listed twice
// is sent twice) and returns its status and body.
func hostile(t *testing.T, s *testServer, method, path, body string, headers [][2]string) (int, string) {
	t.Helper()
	r, err := http.NewRequest(method, s.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for _, h := range headers {
		r.Header.Add(h[0], h[1])
	}
	res, err := s.client.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestHostileOrigins: a write carrying a foreign origin beside a loopback
// one (two Origin headers in either order, or a list in one) is refused
// on REST and MCP: a check that read only the first Origin, or took the
// header for one origin, would let a page's request through behind a
// proxy that appends its own.
func TestHostileOrigins(t *testing.T) {
	s, alice, _ := authServer(t)
	auth := [2]string{"Authorization", "Bearer " + alice}
	mcpAccept := [2]string{"Accept", "application/json, text/event-stream"}
	write := `{"text":"the spare key is with the neighbour","infer":false}`
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	for _, tt := range []struct {
		name    string
		origins [][2]string
	}{
		{"same origin then foreign", [][2]string{{"Origin", s.base}, {"Origin", "https://evil.example"}}},
		{"same site then cross site", [][2]string{{"Sec-Fetch-Site", "same-origin"}, {"Sec-Fetch-Site", "cross-site"}}},
		{"loopback then foreign", [][2]string{{"Origin", "http://localhost:5173"}, {"Origin", "https://evil.example"}}},
		{"foreign then loopback", [][2]string{{"Origin", "https://evil.example"}, {"Origin", "http://localhost:5173"}}},
		{"a list in one header", [][2]string{{"Origin", "http://localhost:5173, https://evil.example"}}},
		{"null", [][2]string{{"Origin", "null"}}},
		{"loopback as a subdomain", [][2]string{{"Origin", "http://localhost.evil.example"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if code, body := hostile(t, s, "POST", "/api/v1/memories", write, append([][2]string{auth}, tt.origins...)); code != http.StatusForbidden {
				t.Errorf("REST write: status %d %s; want 403", code, body)
			}
			if code, body := hostile(t, s, "POST", "/mcp/probe", ping, append([][2]string{auth, mcpAccept}, tt.origins...)); code != http.StatusForbidden {
				t.Errorf("MCP: status %d %s; want 403", code, body)
			}
		})
	}
	r := s.do(t, req{method: "GET", path: "/api/v1/memories", key: alice, place: keyBearer})
	if total, _ := r.body["total"].(float64); total != 0 {
		t.Errorf("a refused write was stored: %s", r.raw)
	}
}

// TestHostileIDs: ids that try to leave the caller's data (paths, escaped
// paths, look-alike user ids, another user's memory id, on every route
// and tool that takes one) find nothing of another user's and never fail
// the server; a look-alike user id in the query is refused, not read as
// the key's user.
func TestHostileIDs(t *testing.T) {
	s, alice, bob := authServer(t)
	id := s.addVerbatim(t, as{key: alice, place: keyBearer}, "my locker code is behind the calendar", nil)
	for _, p := range []string{
		"/api/v1/memories/" + id,
		"/api/v1/memories/" + id + "/history",
		"/api/v1/memories/..%2F..%2Fapi%2Fhealth",
		"/api/v1/memories/%2e%2e",
		"/api/v1/memories/" + url.PathEscape("../alice/"+id),
		"/api/v1/memories/" + url.PathEscape(id+"\u202e"),
		"/api/v1/skills/" + url.PathEscape("../"+id),
	} {
		code, body := hostile(t, s, "GET", p, "", [][2]string{{"Authorization", "Bearer " + bob}})
		if (code != http.StatusNotFound && code != http.StatusBadRequest) || strings.Contains(body, "locker") {
			t.Errorf("bob GET %s: status %d %s; want 404 or 400 and nothing of alice's", p, code, body)
		}
	}
	body := `{"memory_ids":["` + id + `","../` + id + `","%2e%2e/` + id + `"]}`
	if code, got := hostile(t, s, "DELETE", "/api/v1/memories", body, [][2]string{{"Authorization", "Bearer " + bob}}); code != http.StatusOK || strings.Contains(got, `"deleted":["`) {
		t.Errorf("bob DELETE alice's id: status %d %s; want 200 with nothing deleted", code, got)
	}
	code, got := hostile(t, s, "PATCH", "/api/v1/memories/"+id, `{"text":"my locker code is 1234"}`, [][2]string{{"Authorization", "Bearer " + bob}})
	if code != http.StatusNotFound {
		t.Errorf("bob PATCH alice's memory: status %d %s; want 404", code, got)
	}
	// The MCP endpoint keeps no session: another user's session id and
	// memory id reach nothing of theirs.
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_memory","arguments":{"ids":["` + id + `","../` + id + `"]}}}`
	code, got = hostile(t, s, "POST", "/mcp/probe", call, [][2]string{{"Authorization", "Bearer " + bob},
		{"Accept", "application/json, text/event-stream"}, {"Mcp-Session-Id", "alice-" + id}})
	if code != http.StatusOK || strings.Contains(got, "locker") || !strings.Contains(got, "not_found") {
		t.Errorf("bob's search_memory of alice's id: status %d %s; want not_found and nothing of alice's", code, got)
	}
	for _, u := range []string{"ａｌｉｃｅ", "ALICE", "alice\u200d", "ali\u202ece", "alic\u0065\u0301"} {
		code, got := hostile(t, s, "GET", "/api/v1/memories?user_id="+url.QueryEscape(u), "", [][2]string{{"Authorization", "Bearer " + alice}})
		if code != http.StatusForbidden {
			t.Errorf("alice's key with user_id %q: status %d %s; want 403", u, code, got)
		}
	}
	r := s.do(t, req{method: "GET", path: "/api/v1/memories/" + id, key: alice, place: keyBearer})
	wantStatus(t, r, http.StatusOK)
}

// TestHostileDuplicateKeys: a body naming a field twice (as sent, escaped,
// or in another case) is refused naming it, never read by its first or
// last copy: a proxy or a logger that reads the other copy would judge
// another request than the one served.
func TestHostileDuplicateKeys(t *testing.T) {
	s, alice, _ := authServer(t)
	auth := [][2]string{{"Authorization", "Bearer " + alice}}
	for _, tt := range []struct{ path, body, field string }{
		{"/api/v1/memories", `{"text":"I like tea","text":"I like coffee","infer":false}`, "text"},
		{"/api/v1/memories", `{"text":"I like tea","infer":false,"metadata":{"a":1},"metadata":{"password":"x"}}`, "metadata"},
		{"/api/v1/memories/search", `{"query":"tea","\u0071uery":"coffee"}`, "query"},
		{"/api/v1/memories/search", `{"query":"tea","top_k":1,"top_k":100}`, "top_k"},
		{"/api/v1/memories/search", `{"query":"tea","user_id":"bob","user_id":"alice"}`, "user_id"},
	} {
		code, got := hostile(t, s, "POST", tt.path, tt.body, auth)
		if code != http.StatusBadRequest || !strings.Contains(got, tt.field) {
			t.Errorf("POST %s %s: status %d %s; want 400 naming %s", tt.path, tt.body, code, got, tt.field)
		}
	}
}
