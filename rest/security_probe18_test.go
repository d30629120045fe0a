package rest_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/rest"
)

// TestProbe18MethodNotAllowedNamesTheMethods: a 405 at a route with an id
// in its path (DELETE /api/v1/memories/{id}, POST …/history) said only
// "method DELETE not allowed on …", while every literal route's 405 says
// which methods it takes; a client deleting one memory by its URL, as
// most REST APIs allow, was not told where deletes go.
func TestProbe18MethodNotAllowedNamesTheMethods(t *testing.T) {
	a := newAPIEnv(t)
	for _, tt := range []struct {
		method, path string
		want         []string
	}{
		{http.MethodDelete, "/api/v1/memories/01ABC", []string{"it takes GET, HEAD, PATCH", `DELETE /api/v1/memories with {"memory_ids"`}},
		{http.MethodPut, "/api/v1/memories/01ABC", []string{"it takes GET, HEAD, PATCH"}},
		{http.MethodPost, "/api/v1/memories/01ABC/history", []string{"it takes GET, HEAD"}},
		{http.MethodDelete, "/api/v1/skills/s1", []string{"it takes GET, HEAD"}},
		{http.MethodPut, "/api/v1/export", []string{"it takes GET, HEAD"}},
	} {
		var body struct{ Detail, Code string }
		status := a.call(tt.method, tt.path, "ann", nil, &body)
		if status != http.StatusMethodNotAllowed || body.Code != "method_not_allowed" {
			t.Errorf("%s %s: %d %q, want 405 method_not_allowed", tt.method, tt.path, status, body.Code)
		}
		for _, w := range tt.want {
			if !strings.Contains(body.Detail, w) {
				t.Errorf("%s %s: detail %q does not say %q", tt.method, tt.path, body.Detail, w)
			}
		}
	}
}

// TestProbe18AllowedOriginsRefusesPatterns: --allowed-origins 'https://*'
// or 'https://*.example.com' was accepted as a literal origin that no
// browser ever sends, so an operator who meant "every origin" or "every
// subdomain" got every request refused with a 403 telling them to add the
// origin they had added. --allowed-hosts already refuses such entries.
func TestProbe18AllowedOriginsRefusesPatterns(t *testing.T) {
	for _, tt := range []struct {
		origin string
		ok     bool
	}{
		{"http://*", false},
		{"https://*.example.com", false},
		{"https://app.*.example.com", false},
		{"https://exa mple.com", false},
		{"https://app.example.com", true},
		{"http://localhost:5173", true},
		{"http://127.0.0.1:3000", true},
		{"http://[::1]:6274", true},
		{"https://user:pw@app.example.com", false},
	} {
		_, err := rest.New(rest.Options{Keys: auth.NewKeyring("", t.TempDir()), Logger: log.New(io.Discard),
			AllowedOrigins: []string{tt.origin}})
		if (err == nil) != tt.ok {
			t.Errorf("--allowed-origins %q: error %v, want ok=%v", tt.origin, err, tt.ok)
		}
		if err != nil && !strings.Contains(err.Error(), tt.origin) {
			t.Errorf("--allowed-origins %q: error %q does not name it", tt.origin, err)
		}
	}
}

// TestProbe18AllowedOriginAsBrowsersSpellIt: an origin listed with capitals
// or its scheme's default port ("HTTPS://App.example.com:443") matched no
// browser, which sends "https://app.example.com"; it is read as that.
func TestProbe18AllowedOriginAsBrowsersSpellIt(t *testing.T) {
	a := newAPIEnv(t)
	h, err := rest.New(rest.Options{Engine: a.eng, Keys: auth.NewKeyring("", t.TempDir()), Logger: log.New(io.Discard),
		AllowedOrigins: []string{"HTTPS://App.Example.com:443"}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for _, tt := range []struct {
		origin string
		want   int
	}{
		{"https://app.example.com", http.StatusOK},
		{"https://evil.example.com", http.StatusForbidden},
	} {
		req, err := http.NewRequest(http.MethodPost, srv.URL+"/api/v1/memories/search?user_id=ann", strings.NewReader(`{"query":"keys"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", tt.origin)
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("Origin %s with --allowed-origins HTTPS://App.Example.com:443: %d, want %d", tt.origin, resp.StatusCode, tt.want)
		}
	}
}

// TestProbe18MCPMisspeltUserParameter: every REST route refuses a query
// parameter it does not read (a misspelt user_id wrote under "default"),
// but the MCP endpoint took any: with auth off, a client configured with
// /mcp/claude?userid=carol or ?user=carol filed carol's memories under the
// default user, beside everyone else's. A parameter that is a near miss or
// a common spelling of user_id or api_key is now refused naming the one
// meant; other parameters (a client's own) still pass.
func TestProbe18MCPMisspeltUserParameter(t *testing.T) {
	reached := 0
	h, err := rest.New(rest.Options{Keys: auth.NewKeyring("", t.TempDir()), Logger: log.New(io.Discard),
		MCP: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached++ })})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for _, tt := range []struct {
		query string
		want  int
		meant string
	}{
		{"userid=carol", http.StatusBadRequest, "user_id"},
		{"userId=carol", http.StatusBadRequest, "user_id"},
		{"user-id=carol", http.StatusBadRequest, "user_id"},
		{"user=carol", http.StatusBadRequest, "user_id"},
		{"apikey=k", http.StatusBadRequest, "api_key"},
		{"user_id=carol", http.StatusOK, ""},
		{"transport=streamable-http", http.StatusOK, ""},
	} {
		before := reached
		req, err := http.NewRequest(http.MethodPost, srv.URL+"/mcp/claude?"+tt.query, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.want || (tt.meant != "" && !strings.Contains(string(body), tt.meant)) {
			t.Errorf("/mcp/claude?%s: %d %s, want %d naming %q", tt.query, resp.StatusCode, body, tt.want, tt.meant)
		}
		if got := reached > before; got != (tt.want == http.StatusOK) {
			t.Errorf("/mcp/claude?%s reached the MCP handler: %v", tt.query, got)
		}
	}
}

// TestProbe18TrailingSlashNamesTheRoute: a base URL ending in a slash
// (GET /api/v1/memories/, POST /api/v1/memories/search/) was a bare 404
// "no route"; it now names the route meant. A path with no route under it
// stays a bare 404.
func TestProbe18TrailingSlashNamesTheRoute(t *testing.T) {
	a := newAPIEnv(t)
	for _, tt := range []struct {
		method, path, want string
	}{
		{http.MethodGet, "/api/v1/memories/", "did you mean /api/v1/memories (without the trailing slash)?"},
		{http.MethodPost, "/api/v1/memories/search/", "did you mean /api/v1/memories/search (without"},
		{http.MethodGet, "/api/v1/export/", "did you mean /api/v1/export (without"},
		{http.MethodGet, "/api/v1/nothing/", ""},
	} {
		var body struct{ Detail, Code string }
		status := a.call(tt.method, tt.path, "ann", nil, &body)
		if status != http.StatusNotFound || !strings.Contains(body.Detail, tt.want) || (tt.want == "" && strings.Contains(body.Detail, "did you mean")) {
			t.Errorf("%s %s: %d %q, want 404 saying %q", tt.method, tt.path, status, body.Detail, tt.want)
		}
	}
}
