package mcp_test

import (
	"net/http"
	"strings"
	"testing"
)

// The {clientName} segment becomes every write's app_name: tricks in the
// path (encoded slashes and dots, unicode, NUL, a huge name) are refused
// with a 400 naming the segment, before any MCP traffic.
func TestClientNamePathTricks(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, tc := range []struct {
		path string
		want int
	}{
		{"claude-desktop", http.StatusOK},
		{"vscode.copilot_1", http.StatusOK},
		{"%2E", http.StatusBadRequest},
		{"%2E%2E", http.StatusBadRequest},
		{"a%2Fb", http.StatusBadRequest},
		{"a%2F..%2Fb", http.StatusBadRequest},
		{"%252F", http.StatusBadRequest},
		{"caf%C3%A9", http.StatusBadRequest},
		{"a%00b", http.StatusBadRequest},
		{"a%20b", http.StatusBadRequest},
		{strings.Repeat("x", 65), http.StatusBadRequest},
	} {
		status, body := rawPost(t, s.url+"/mcp/"+tc.path, nil)
		if status != tc.want {
			t.Errorf("/mcp/%s: status %d %v, want %d", tc.path, status, body, tc.want)
			continue
		}
		if detail, _ := body["detail"].(string); tc.want == http.StatusBadRequest &&
			(body["code"] != "invalid_request" || !strings.Contains(detail, "client name in /mcp/{clientName}")) {
			t.Errorf("/mcp/%s: body %v, want invalid_request naming the client name", tc.path, body)
		}
	}
}

// TestRefusedClientNameSuggestsOne: a client name as people type it into a
// client's configuration ("Claude Desktop", "cursor@1.2") was refused
// saying which characters are allowed, but not what the URL should be.
// The refusal now quotes the name and suggests one that is accepted; a
// name with nothing usable in it gets no suggestion.
func TestRefusedClientNameSuggestsOne(t *testing.T) {
	s := startServer(t, serverConfig{})
	for path, suggestion := range map[string]string{
		"Claude%20Desktop": "/mcp/Claude-Desktop",
		"cursor@1.2":       "/mcp/cursor-1.2",
		"goose%20(dev)":    "/mcp/goose-dev",
		"a..b":             "/mcp/a.b",
		"%E3%82%AF":        "",
		// Accented and full-width letters keep their letter: "café" was
		// suggested as "caf", "ｃlaude" as "laude".
		"caf%C3%A9":       "/mcp/cafe",
		"cafe%CC%81":      "/mcp/cafe",
		"%EF%BD%83laude":  "/mcp/claude",
		"Z%C3%B6e%20Desk": "/mcp/Zoe-Desk",
	} {
		status, body := rawPost(t, s.url+"/mcp/"+path, nil)
		detail, _ := body["detail"].(string)
		if status != http.StatusBadRequest || suggestion != "" && !strings.Contains(detail, "use "+suggestion) ||
			suggestion == "" && strings.Contains(detail, "use /mcp/") {
			t.Errorf("/mcp/%s: %d %q; want 400 suggesting %q", path, status, detail, suggestion)
			continue
		}
		if suggestion != "" {
			if st, _ := rawPost(t, s.url+suggestion, nil); st != http.StatusOK {
				t.Errorf("the suggested %s is refused too: %d", suggestion, st)
			}
		}
	}
}
