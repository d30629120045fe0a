package main

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Fourth security probe: what the guard, strict, secrets and probe 1–3
// rounds left open; every test drives a real server over real HTTP.

// head sends one request with header and returns the answer's status,
// headers and body.
func (s *testServer) head(t *testing.T, method, path, body string, header http.Header) (int, http.Header, string) {
	t.Helper()
	hr := s.newRequest(t, method, path, body)
	for k, v := range header {
		hr.Header[k] = v
	}
	if h := header.Get("Host"); h != "" {
		hr.Host = h
	}
	// Redirects are answers to check too: not followed.
	c := &http.Client{Timeout: s.client.Timeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Do(hr)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(raw)
}

// TestKeyWithLineBreaksRefused: the base64 decoder skips CR and LF, so
// ?api_key=KEY%0A (or a key with a line break inside) was accepted as KEY:
// a second spelling of every key, past any filter that matches keys as
// strings. It is now a 401 like any other malformed key.
func TestKeyWithLineBreaksRefused(t *testing.T) {
	s, alice, _ := authServer(t)
	cut := strings.LastIndexByte(alice, '.') + 5
	for _, tc := range []struct{ name, key string }{
		{"trailing LF", alice + "\n"},
		{"trailing CRLF", alice + "\r\n"},
		{"LF in the signature", alice[:cut] + "\n" + alice[cut:]},
		{"CR in the user", alice[:6] + "\r" + alice[6:]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := "?api_key=" + url.QueryEscape(tc.key)
			r := s.sendHeader(t, http.MethodGet, "/api/v1/memories"+q, "", http.Header{})
			wantError(t, r, http.StatusUnauthorized, "unauthorized", "invalid or revoked API key")
			r = s.sendHeader(t, http.MethodPost, "/mcp/probe"+q, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
				http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"}})
			wantError(t, r, http.StatusUnauthorized, "unauthorized")
		})
	}
	wantStatus(t, s.sendHeader(t, http.MethodGet, "/api/v1/memories?api_key="+url.QueryEscape(alice), "", http.Header{}), http.StatusOK)
}

// TestSecurityHeadersOnEveryAnswer: REST, MCP and health answers carried
// nosniff and no-store only, so any site could frame them, embed them
// (a no-cors read) and be sent their URL, ?api_key= included, as a
// Referer; dashboard redirects (which set the session cookie) could be
// cached, and images were cached for an hour, shown from the cache to
// the next user of the browser without asking the server. Every answer,
// errors and 404s included, now forbids all of that; only the static
// assets (the same for everyone) may be cached.
func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	s := startServer(t, nil)
	id := s.addVerbatim(t, anon, "Alice keeps bees", nil)
	img := s.post(t, anon, "/api/v1/memories", map[string]any{"text": "data:image/png;base64," +
		base64.StdEncoding.EncodeToString(pngBomb(t, 40, 20))})
	wantStatus(t, img, http.StatusOK)
	imgID := ids(img.body, "results")[0]
	for end := time.Now().Add(30 * time.Second); s.get(t, anon, "/api/v1/memories/"+imgID).body["state"] != "active"; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the image was not captured")
		}
	}
	own := strings.TrimPrefix(s.base, "http://")
	jsonBody := http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"}}
	for _, tc := range []struct {
		name, method, path, body string
		header                   http.Header
		status                   int
	}{
		{"health", "GET", "/api/health", "", nil, 200},
		{"list", "GET", "/api/v1/memories", "", nil, 200},
		{"get", "GET", "/api/v1/memories/" + id, "", nil, 200},
		{"export", "GET", "/api/v1/export", "", nil, 200},
		{"unknown memory", "GET", "/api/v1/memories/nope", "", nil, 404},
		{"no route", "GET", "/api/v2/nope", "", nil, 404},
		{"wrong method", "PUT", "/api/v1/memories", "", nil, 405},
		{"bad input", "GET", "/api/v1/memories?page=0", "", nil, 400},
		{"bad body type", "POST", "/api/v1/memories", "{}", http.Header{"Content-Type": {"text/plain"}}, 415},
		{"foreign host", "GET", "/api/v1/memories", "", http.Header{"Host": {"evil.example"}}, 403},
		{"cross-origin write", "POST", "/api/v1/memories", `{"text":"x"}`, http.Header{"Content-Type": {"application/json"},
			"Origin": {"https://evil.example"}, "Host": {own}}, 403},
		{"MCP call", "POST", "/mcp/probe", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, jsonBody, 200},
		{"MCP refusal", "POST", "/mcp/probe", `not json`, jsonBody, 400},
		{"MCP GET", "GET", "/mcp/probe", "", nil, 405},
		{"MCP without a name", "POST", "/mcp", "{}", jsonBody, 404},
		{"dashboard page", "GET", "/memories", "", nil, 200},
		{"dashboard redirect", "GET", "/", "", nil, 303},
		{"dashboard 404", "GET", "/nope", "", nil, 404},
		{"dashboard foreign host", "GET", "/memories", "", http.Header{"Host": {"evil.example"}}, 403},
		{"image", "GET", "/images/" + imgID, "", nil, 200},
		{"thumbnail", "GET", "/images/" + imgID + "/thumb", "", nil, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, h, body := s.head(t, tc.method, tc.path, tc.body, tc.header)
			if status != tc.status {
				t.Fatalf("status %d, want %d; body %.200s", status, tc.status, body)
			}
			for name, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
				"Referrer-Policy": "no-referrer", "Cross-Origin-Resource-Policy": "same-origin"} {
				if got := h.Get(name); got != want {
					t.Errorf("%s %q, want %q", name, got, want)
				}
			}
			if cc := h.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("Cache-Control %q, want no-store", cc)
			}
			if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
				t.Errorf("Content-Security-Policy %q: a page of another site may frame it", csp)
			}
		})
	}
	// An asset is the same for everyone and may be cached.
	if status, h, _ := s.head(t, "GET", "/static/app.css", "", nil); status != 200 || strings.Contains(h.Get("Cache-Control"), "no-store") {
		t.Errorf("asset: %d, Cache-Control %q; want 200, cacheable", status, h.Get("Cache-Control"))
	}
}

// TestProjectHeaderMustBeUTF8: MCP's Project header is bytes, not checked
// as a JSON body is, so a project with invalid UTF-8 was stored with each
// bad byte replaced by U+FFFD (a project REST cannot name). It is now a
// 400 naming the header, and nothing is stored; a UTF-8 project passes.
func TestProjectHeaderMustBeUTF8(t *testing.T) {
	s := startServer(t, nil)
	add := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["I live in Bergen"]}}}`
	search := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_memory","arguments":{"query":"Bergen"}}}`
	for _, project := range []string{"a\xffb", "caf\xe9", "\xc3"} {
		for _, call := range []string{add, search} {
			r := s.sendHeader(t, http.MethodPost, "/mcp/probe", call, http.Header{"Content-Type": {"application/json"},
				"Accept": {"application/json, text/event-stream"}, "Project": {project}})
			wantError(t, r, http.StatusBadRequest, "invalid_request", "Project header", "UTF-8")
		}
	}
	if got := num(s.get(t, anon, "/api/v1/memories").body, "total"); got != 0 {
		t.Errorf("%d memories stored under a refused Project header, want 0", got)
	}
	r := s.sendHeader(t, http.MethodPost, "/mcp/probe", add, http.Header{"Content-Type": {"application/json"},
		"Accept": {"application/json, text/event-stream"}, "Project": {"Zoë's café"}})
	wantStatus(t, r, http.StatusOK)
	if l := s.get(t, anon, "/api/v1/memories?project="+url.QueryEscape("Zoë's café")); num(l.body, "total") == 0 {
		t.Errorf("nothing stored under a UTF-8 Project header: %s", l.raw)
	}
}

// TestMCPBatchCapped: before protocol 2025-06-18 a POST may carry a
// JSON-RPC batch, and nothing bounded its length: one request of under
// 3 MB carried 20,000 search_memory calls (a minute of server work and a
// 50 MB answer), or thousands of add_memories calls of 100 items each,
// past the per-call cap. A batch longer than 20 messages is now a 413
// naming the cap, and none of it runs; a short batch still works.
func TestMCPBatchCapped(t *testing.T) {
	s := startServer(t, nil)
	batch := func(n int) string {
		calls := make([]string, n)
		for i := range calls {
			calls[i] = `{"jsonrpc":"2.0","id":` + strconv.Itoa(i+1) + `,"method":"tools/call","params":{"name":"add_memories",` +
				`"arguments":{"memories":["I keep bee hive ` + strconv.Itoa(i) + `"]}}}`
		}
		return "[" + strings.Join(calls, ",") + "]"
	}
	h := http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"},
		"Mcp-Protocol-Version": {"2025-03-26"}}
	for _, n := range []int{21, 500} {
		r := s.sendHeader(t, http.MethodPost, "/mcp/probe", batch(n), h)
		wantError(t, r, http.StatusRequestEntityTooLarge, "payload_too_large", "batch", "at most 20")
	}
	if got := num(s.get(t, anon, "/api/v1/memories?include_superseded=true").body, "total"); got != 0 {
		t.Errorf("a refused batch stored %d memories", got)
	}
	hr, err := http.NewRequest(http.MethodPost, s.base+"/mcp/probe", strings.NewReader(batch(3)))
	if err != nil {
		t.Fatal(err)
	}
	hr.Header = h
	res, err := s.client.Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answers []map[string]any
	if err := json.NewDecoder(res.Body).Decode(&answers); err != nil || res.StatusCode != http.StatusOK || len(answers) != 3 {
		t.Fatalf("a batch of 3: status %d, %d answers, %v", res.StatusCode, len(answers), err)
	}
	for _, a := range answers {
		if a["result"] == nil {
			t.Errorf("a call of a short batch failed: %v", a)
		}
	}
}
