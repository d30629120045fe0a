package main

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestDotSegmentPathsAnswerJSON: an API path with empty or dot segments
// ("/api//v1/memories", "/api/v1/x/../memories") was redirected by the
// mux with an HTML page (text/html), on an API whose every non-2xx answer
// is JSON with detail and code. The redirect stays (a client that joins a
// base URL ending in "/" still gets through) with the query kept, and its
// body is now JSON naming the canonical path.
func TestDotSegmentPathsAnswerJSON(t *testing.T) {
	s := startServer(t, nil)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct{ method, path, want string }{
		{http.MethodGet, "/api//v1/memories?size=1", "/api/v1/memories?size=1"},
		{http.MethodGet, "/api/v1/x/../memories", "/api/v1/memories"},
		{http.MethodGet, "/api/./health", "/api/health"},
		{http.MethodGet, "//api/v1/memories", "/api/v1/memories"},
		{http.MethodPost, "/api//v1/memories/search", "/api/v1/memories/search"},
		{http.MethodPost, "/mcp/./probe", "/mcp/probe"},
	} {
		hr, err := http.NewRequest(tc.method, s.base+tc.path, strings.NewReader(`{"query":"x"}`))
		if err != nil {
			t.Fatal(err)
		}
		hr.Header.Set("Content-Type", "application/json")
		res, err := noFollow.Do(hr)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		if res.StatusCode != http.StatusTemporaryRedirect || res.Header.Get("Location") != tc.want ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") || body["code"] == nil ||
			!strings.Contains(body["detail"].(string), strings.SplitN(tc.want, "?", 2)[0]) {
			t.Errorf("%s %s: %d %q → %q: %s; want 307 → %q with a JSON body naming it",
				tc.method, tc.path, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Location"), raw, tc.want)
		}
	}
	// A client that follows the redirect gets its answer.
	r := s.do(t, req{method: http.MethodPost, path: "/api//v1/memories/search", body: map[string]any{"query": "anything"}})
	if r.status != http.StatusOK || r.body["results"] == nil {
		t.Errorf("search through the redirect: %d %s", r.status, r.raw)
	}
}
