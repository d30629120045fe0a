package mcp_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestHeaderRefusalsCarryTheID: a request refused for its URL or headers
// (a client name that is no name, a Project header too long, a protocol
// version header given twice) was answered under id null, while the
// gate's refusals (no key, a foreign origin, a wrong Content-Type) carry
// the refused request's id, as the README promises of every refusal: a
// client matches an error to its call by id (the Go SDK client reads no
// error from an answer with id null).
func TestHeaderRefusalsCarryTheID(t *testing.T) {
	s := startServer(t, serverConfig{})
	const body = `{"jsonrpc":"2.0","id":7,"method":"ping"}`
	for _, tt := range []struct {
		name, path string
		headers    map[string]string
	}{
		{"client name", "/mcp/c%20d?user_id=raw", nil},
		{"Project too long", "/mcp/raw?user_id=raw", map[string]string{"Project": strings.Repeat("p", 300)}},
	} {
		h := map[string]string{"Accept": acceptBoth}
		for k, v := range tt.headers {
			h[k] = v
		}
		r := s.postTo(t, tt.path, body, h)
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, `"id":7`) {
			t.Errorf("%s: %d %s; want 400 under id 7", tt.name, r.status, r.body)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, s.url+"/mcp/raw?user_id=raw", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", acceptBoth)
	req.Header.Add("MCP-Protocol-Version", "2025-06-18")
	req.Header.Add("MCP-Protocol-Version", "2025-03-26")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), `"id":7`) {
		t.Errorf("version header twice: %d %s; want 400 under id 7", resp.StatusCode, b)
	}
}
