package mcp_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestGateRefusalsAreJSONRPCErrors: what the HTTP gate in front of the
// MCP endpoint refuses (no key, a bad key, another user's user_id, a
// cross-origin request, a body that is not JSON) was answered with only
// rest's {"detail","code"}. MCP clients read a refused call's body as a
// JSON-RPC error or not at all: the Python SDK then reported "Server
// returned an error response" and the Go SDK "Unauthorized", so the user
// never learned to send a key or allow an origin. Each refusal now is also
// a JSON-RPC error response carrying the same detail, with the status and
// the REST fields kept.
func TestGateRefusalsAreJSONRPCErrors(t *testing.T) {
	s := startServer(t, serverConfig{secret: "gate-refusal-test-secret-of-32-bytes"})
	alice := s.mint(t, "alice")
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	tests := []struct {
		name    string
		query   string
		headers map[string]string
		status  int
		detail  string // in the detail and the JSON-RPC message
	}{
		{"no key", "", nil, http.StatusUnauthorized, "missing API key"},
		{"a malformed Authorization", "", map[string]string{"Authorization": "Token abc"}, http.StatusUnauthorized, "Bearer <key>"},
		{"another user's user_id", "?user_id=bob", map[string]string{"Authorization": "Bearer " + alice}, http.StatusForbidden, "user_id"},
		{"a foreign origin", "", map[string]string{"Authorization": "Bearer " + alice, "Origin": "http://evil.example"},
			http.StatusForbidden, "--allowed-origins"},
		{"a body that is not JSON", "", map[string]string{"Authorization": "Bearer " + alice, "Content-Type": "text/plain"},
			http.StatusUnsupportedMediaType, "Content-Type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.postTo(t, "/mcp/gate"+tt.query, ping, tt.headers)
			var body struct {
				Detail, Code string
				JSONRPC      string          `json:"jsonrpc"`
				ID           json.RawMessage `json:"id"`
				Error        *struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(r.body), &body); err != nil || r.status != tt.status {
				t.Fatalf("%d %s; want %d", r.status, r.body, tt.status)
			}
			if !strings.Contains(body.Detail, tt.detail) || body.Code == "" || body.JSONRPC != "2.0" || body.ID == nil ||
				body.Error == nil || body.Error.Code != -32600 || body.Error.Message != body.Detail {
				t.Errorf("%d %s; want detail and code naming %q, and the same message as a JSON-RPC error", r.status, r.body, tt.detail)
			}
		})
	}
	_, err := s.tryConnect(context.Background(), conn{client: "gate"})
	if err == nil || !strings.Contains(err.Error(), "missing API key") {
		t.Errorf("SDK client without a key: %v; want the server's reason, missing API key", err)
	}
}

// TestOtherMethodsSayWhatToDo: GET, DELETE and the rest were answered 405
// "Method Not Allowed", which tells neither a client probing for a stream
// or ending a session nor a person who opened the URL in a browser what
// the endpoint is. The 405 (with Allow: POST, as the spec lets a server
// without a stream or sessions answer) now says: stateless, POST each
// JSON-RPC message, and what the method asked for that it does not keep.
func TestOtherMethodsSayWhatToDo(t *testing.T) {
	s := startServer(t, serverConfig{})
	for method, says := range map[string]string{http.MethodGet: "stream", http.MethodDelete: "session", http.MethodPut: "POST"} {
		req, err := http.NewRequest(method, s.url+"/mcp/browser?user_id=u", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept", "text/event-stream")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var body struct{ Detail, Code string }
		_ = json.Unmarshal(b, &body)
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" || body.Code != "method_not_allowed" ||
			!strings.Contains(body.Detail, "POST") || !strings.Contains(body.Detail, says) || !strings.Contains(body.Detail, method) {
			t.Errorf("%s: %d Allow %q %s; want 405, Allow: POST and a detail naming %s, POST and %q", method, res.StatusCode,
				res.Header.Get("Allow"), b, method, says)
		}
	}
}
