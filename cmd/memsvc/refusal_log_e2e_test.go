package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRefusalsLogged: a request refused before it is known whose it is (a
// bad or missing key, a foreign Host or Origin), on REST and MCP alike,
// is logged with why it was refused and the address it came from, so an
// operator can see who knocks; the key sent is never logged. Before, the
// line said only status 401 with user "".
func TestRefusalsLogged(t *testing.T) {
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_LOG_FORMAT": "json"})
	alice := mintKey(t, secret, s.dataDir, "alice")
	const badKey = "not-a-key-Zr81Qm4vTpX2nL9wKc7sHd3J0aB5"
	search := `{"query":"x"}`
	for _, tt := range []struct {
		name, method, path, body string
		header                   map[string]string
		host                     string
		status                   int
		reason                   string // in the logged refusal
	}{
		{"bad key", "POST", "/api/v1/memories/search", search, map[string]string{"Authorization": "Bearer " + badKey}, "", 401, "invalid or revoked"},
		{"bad key in the query", "GET", "/api/v1/memories?api_key=" + badKey, "", nil, "", 401, "invalid or revoked"},
		{"missing key", "GET", "/api/v1/memories", "", nil, "", 401, "missing API key"},
		{"foreign Host", "GET", "/api/v1/memories", "", map[string]string{"Authorization": "Bearer " + alice}, "evil.example", 403, "Host"},
		{"foreign Origin", "POST", "/api/v1/memories/search", search,
			map[string]string{"Authorization": "Bearer " + alice, "Origin": "https://evil.example"}, "", 403, "evil.example"},
		{"bad key on MCP", "POST", "/mcp/probe", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
			map[string]string{"Authorization": "Bearer " + badKey, "Accept": "application/json, text/event-stream"}, "", 401, "invalid or revoked"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := len(s.stderr.String())
			r, err := http.NewRequest(tt.method, s.base+tt.path, strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if tt.body != "" {
				r.Header.Set("Content-Type", "application/json")
			}
			for k, v := range tt.header {
				r.Header.Set(k, v)
			}
			if tt.host != "" {
				r.Host = tt.host
			}
			res, err := s.client.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			line := waitRequestLine(t, s, before)
			if got, _ := line["refused"].(string); !strings.Contains(got, tt.reason) {
				t.Errorf("logged refused=%q, want it to say %q; line %v", got, tt.reason, line)
			}
			if got, _ := line["remote"].(string); !strings.HasPrefix(got, "127.0.0.1:") {
				t.Errorf("logged remote=%q, want the client's address; line %v", got, line)
			}
		})
	}
	t.Run("admitted request", func(t *testing.T) {
		before := len(s.stderr.String())
		s.do(t, req{method: "GET", path: "/api/v1/memories", key: alice, place: keyBearer})
		line := waitRequestLine(t, s, before)
		if _, ok := line["refused"]; ok || line["user"] != "alice" {
			t.Errorf("an admitted request is logged %v; want user alice and no refusal", line)
		}
	})
	if logs := s.stderr.String(); strings.Contains(logs, badKey) || strings.Contains(logs, alice) {
		t.Errorf("the log holds a key sent:\n%s", logs)
	}
}

// waitRequestLine is the first request line the server logged after the
// first `after` bytes of its stderr.
func waitRequestLine(t *testing.T, s *testServer, after int) map[string]any {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, l := range strings.Split(s.stderr.String()[after:], "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(l), &m) == nil && m["msg"] == "request" {
				return m
			}
		}
	}
	t.Fatalf("no request line logged; stderr:\n%s", s.stderr.String()[after:])
	return nil
}
