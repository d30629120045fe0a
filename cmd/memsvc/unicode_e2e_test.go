package main

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The same user id as two keyboards type it: composed (Linux, Windows) and
// decomposed (macOS), byte for byte different.
const (
	userComposed   = "Jos\u00e9 Garc\u00eda"
	userDecomposed = "Jose\u0301 Garci\u0301a"
)

// TestUnicodeFormsEndToEnd: over real HTTP, a user id sent decomposed and
// one sent composed are one user; a word inside a Chinese or Japanese
// sentence is found, by REST search and by MCP search_memory; full-width
// and ligature spellings find their plain forms; stored texts come back as
// they were written.
func TestUnicodeFormsEndToEnd(t *testing.T) {
	s := startServer(t, nil)
	stored := []string{
		"我每天早上都喜欢喝一杯咖啡",
		"毎朝コーヒーを飲むのが好きです",
		"The office wifi code is ＡＢＣ１２３",
		"Jose\u0301 keeps the spare key under the blue ﬂowerpot",
	}
	for _, text := range stored {
		s.addVerbatim(t, anon, text, map[string]any{"user_id": userDecomposed})
	}

	list := s.get(t, anon, "/api/v1/memories?user_id="+url.QueryEscape(userComposed))
	wantStatus(t, list, http.StatusOK)
	if got := memoryTexts(list.body, "items"); len(got) != len(stored) {
		t.Fatalf("composed user id lists %d memories, want the %d the decomposed one stored: %s", len(got), len(stored), list.raw)
	}
	for _, text := range stored { // stored texts are never rewritten
		if !slices.Contains(memoryTexts(list.body, "items"), text) {
			t.Errorf("listed memories do not hold %q as written: %s", text, list.raw)
		}
	}

	sess := connectMCPAnon(t, s.base+"/mcp/unicode-test?user_id="+url.QueryEscape(userComposed))
	for _, c := range []struct{ query, want string }{
		{"咖啡", stored[0]},
		{"コーヒー", stored[1]},
		{"abc123", stored[2]},
		{"José flowerpot", stored[3]},
	} {
		r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": c.query, "user_id": userComposed})
		wantStatus(t, r, http.StatusOK)
		if got := memoryTexts(r.body, "results"); len(got) == 0 || got[0] != c.want {
			t.Errorf("REST search %q = %q, want %q first", c.query, got, c.want)
		}
		if got := mcpCall(t, sess, "search_memory", map[string]any{"query": c.query}); !strings.Contains(got, jsonString(c.want)) {
			t.Errorf("MCP search_memory %q = %s, want %q", c.query, got, c.want)
		}
	}

	// Another user, in whatever form, sees none of it.
	r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "咖啡", "user_id": "Jose Garcia"})
	wantStatus(t, r, http.StatusOK)
	if got := memoryTexts(r.body, "results"); len(got) != 0 {
		t.Errorf("the user without accents found %q", got)
	}

	// Erasing oneself with the id typed decomposed twice: the confirmation
	// was compared as typed with the composed id, a 400 whose message showed
	// the same-looking id.
	r = s.do(t, req{method: "DELETE", path: "/api/v1/users/me",
		body: map[string]any{"confirm": userDecomposed, "user_id": userDecomposed}})
	wantStatus(t, r, http.StatusOK)
	list = s.get(t, anon, "/api/v1/memories?user_id="+url.QueryEscape(userComposed))
	if got := memoryTexts(list.body, "items"); len(got) != 0 {
		t.Errorf("after erasing, the user still lists %q", got)
	}
}

// memoryTexts returns the "text" of each memory in the array field of body.
func memoryTexts(body map[string]any, field string) []string {
	var out []string
	items, _ := body[field].([]any)
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			if text, ok := m["text"].(string); ok {
				out = append(out, text)
			}
		}
	}
	return out
}

// jsonString is s as encoding/json writes it inside a JSON document, quotes
// left off: non-ASCII kept as UTF-8.
func jsonString(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`)
}

// connectMCPAnon opens a Go SDK MCP session to endpoint without a key.
func connectMCPAnon(t *testing.T, endpoint string) *sdk.ClientSession {
	t.Helper()
	hc := &http.Client{Timeout: 30 * time.Second}
	sess, err := sdk.NewClient(&sdk.Implementation{Name: "unicode-test", Version: "1"}, nil).Connect(context.Background(),
		&sdk.StreamableClientTransport{Endpoint: endpoint, HTTPClient: hc, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect %s: %v", endpoint, err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess
}
