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
