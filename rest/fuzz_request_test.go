package rest_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
)

// fuzzMethods are the methods a fuzzed request uses: the routes' own and
// ones no route has.
var fuzzMethods = []string{"GET", "POST", "DELETE", "PATCH", "PUT", "HEAD", "OPTIONS"}

// fuzzPaths are where a fuzzed request goes: %s is the fuzzed path text,
// as a path id or a whole path.
var fuzzPaths = []string{
	"/api/v1/memories/%s", "/api/v1/memories/%s/history", "/api/v1/skills/%s", "/api/v1/memories",
	"/api/v1/memories/search", "/api/v1/memories/from-conversation", "/api/v1/entities/reconcile",
	"/api/v1/entities/suggestions", "/api/v1/export", "/api/v1/users/me", "/api/health", "%s",
}

// fuzzHeaders are the request headers memsvc reads, one of which carries
// the fuzzed header value.
var fuzzHeaders = []string{"Content-Type", "Authorization", "Api-Key", "API_KEY", "Origin", "Host",
	"X-User-Id", "Project", "Accept", "Content-Encoding", "Sec-Fetch-Site"}

// fuzzRequest is one fuzzed request's parts.
type fuzzRequest struct {
	method, path, query, header, value, body string
}

// newRequestFuzz builds the request the fuzzed parts pick. Texts a Go HTTP
// server would refuse before any handler runs (line breaks in a header,
// a path that does not start with a slash) are shaped as the server would
// have them.
func newRequestFuzz(pick uint16, id, query, value, body string) fuzzRequest {
	path := strings.Replace(fuzzPaths[int(pick)%len(fuzzPaths)], "%s", id, 1)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	if strings.ContainsAny(value, "\r\n\x00") {
		value = ""
	}
	return fuzzRequest{method: fuzzMethods[int(pick>>4)%len(fuzzMethods)], path: path, query: query,
		header: fuzzHeaders[int(pick>>8)%len(fuzzHeaders)], value: value, body: body}
}

// serve sends fr to h and fails on a 5xx, and on a 4xx without the JSON
// error body naming the problem.
func (fr fuzzRequest) serve(t *testing.T, h http.Handler) {
	req := httptest.NewRequest(fr.method, "http://127.0.0.1/", strings.NewReader(fr.body))
	req.URL.Path, req.URL.RawQuery = fr.path, fr.query
	req.RequestURI = req.URL.RequestURI()
	req.Header.Set("Content-Type", "application/json")
	if fr.header == "Host" {
		req.Host = fr.value
	} else if fr.value != "" {
		req.Header.Set(fr.header, fr.value)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("%+v: status %d %s", fr, rec.Code, rec.Body)
	}
	if rec.Code < 400 || fr.method == "HEAD" {
		return
	}
	var e struct{ Detail, Code string }
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Detail == "" || e.Code == "" {
		t.Fatalf("%+v: status %d with body %q, want a JSON error naming the problem", fr, rec.Code, rec.Body)
	}
}

// FuzzRESTRequest drives whole requests through the server, with and
// without API keys: method, path and path id, query string, one header and
// the body. No request may answer 500 or panic; every refusal is the JSON
// error body. FuzzREST covers the body decoders more densely.
func FuzzRESTRequest(f *testing.F) {
	seeds := []struct {
		pick                   uint16
		id, query, value, body string
	}{
		{0, "mem_1", "", "", ""}, {1, "../../etc/passwd", "", "", ""}, {2, "skill:%00", "", "", ""},
		{3 | 1<<4, "", "page=0&size=-1", "", `{"text":"Can you remember that ??"}`},
		{4 | 1<<4, "", "", "text/plain", `{"query":"I I I","top_k":0}`},
		{5 | 1<<4 | 1<<8, "", "", "Bearer " + strings.Repeat("x", 40), `{"messages":[{"role":"user","content":"remember that remember that"}]}`},
		{6 | 2<<4, "", "", "https://evil.example", ""}, {7, "", "limit=999999999999999999999", "", ""},
		{8, "", "format=xml", "*/*", ""}, {9 | 2<<4, "", "", "", ""}, {10 | 5<<4, "", "", "", ""},
		{11 | 3<<4, "api/v1/memories/a%2Fb", "", "", `{"text":"\u202e"}`}, {11, "mcp/x", "", "", ""},
		{0 | 3<<4, "mem_1", "", "", `{"text":""}`}, {0 | 3<<4, "\u00e9\u0301", "", "", `{"text":"caf\u00e9"}`},
		{1 | 5<<8, "x", "", "evil.example:80", ""}, {3, "", "app_name=%ff&categories=%00", "", ""},
		{4 | 1<<4 | 7<<8, "", "", "a\u0000b", `{"query":"` + strings.Repeat("a", 9000) + `"}`},
	}
	for _, s := range seeds {
		f.Add(s.pick, s.id, s.query, s.value, s.body, false)
		f.Add(s.pick, s.id, s.query, s.value, s.body, true)
	}
	open := newFuzzServer(f)
	keyed := newFuzzServerWith(f, auth.NewKeyring(strings.Repeat("k", 40), f.TempDir()))
	f.Fuzz(func(t *testing.T, pick uint16, id, query, value, body string, withKeys bool) {
		h := open
		if withKeys {
			h = keyed
		}
		newRequestFuzz(pick, id, query, value, body).serve(t, h)
	})
}
