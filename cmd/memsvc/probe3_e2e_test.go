package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Third security probe: what the first two rounds (guard, strict, secrets,
// probe, probe2) left open.

const (
	probe3Secret = "e2e-secret-0123456789abcdef0123456789ab"
	probe3Admin  = "op-secret-0123456789abcdef0123456789abc"
)

// copyTo returns a fresh browser of server s for test t holding b's
// cookies: the cookie copied to another tab, or sent to another replica
// behind the same load balancer.
func (b *browser) copyTo(t *testing.T, s *testServer) *browser {
	c := newBrowser(t, s)
	c.c.Jar.SetCookies(c.base, b.c.Jar.Cookies(b.base))
	return c
}

// signInUser signs b in with key; signInOperator with the admin secret.
func (b *browser) signInUser(key string) {
	b.t.Helper()
	if st, loc, _ := b.page(http.MethodPost, "/signin", url.Values{"csrf": {b.token("/signin")}, "key": {key}}); st != http.StatusSeeOther || loc != "/memories" {
		b.t.Fatalf("sign in: %d %q", st, loc)
	}
}

func (b *browser) signInOperator() {
	b.t.Helper()
	if st, loc, _ := b.page(http.MethodPost, "/admin/signin", url.Values{"csrf": {b.token("/admin/signin")}, "secret": {probe3Admin}}); st != http.StatusSeeOther || loc != "/admin" {
		b.t.Fatalf("operator sign in: %d %q", st, loc)
	}
}

// wantSession checks whether b's session opens page (200) or is sent to
// sign in (303 to signin).
func (b *browser) wantSession(open bool, page, signin string) {
	b.t.Helper()
	st, loc, _ := b.page(http.MethodGet, page, nil)
	switch {
	case open && st != http.StatusOK:
		b.t.Errorf("GET %s on %s: %d %q, want 200: the session should be open", page, b.s.base, st, loc)
	case !open && (st != http.StatusSeeOther || loc != signin):
		b.t.Errorf("GET %s on %s: %d %q, want a redirect to %s: the session was signed out", page, b.s.base, st, loc, signin)
	}
}

// TestSignOutHoldsOnEveryReplicaAndAfterRestart: sign-out (a user's and
// the operator's) used to be remembered by the process that served it, so
// a copied cookie still opened the dashboard on another replica of the
// same database, and on any server after a restart. Now the signed-out
// session is recorded in the store: the PostgreSQL table every replica
// reads, or the data directory of a single server. A session that was not
// signed out keeps working everywhere (so the refusals are not a key or
// secret mismatch between servers).
func TestSignOutHoldsOnEveryReplicaAndAfterRestart(t *testing.T) {
	for _, tc := range []struct {
		name     string
		env      func(t *testing.T) map[string]string
		replicas bool // a second replica runs beside the first; else one server on one data directory
	}{
		{"postgres replicas", pgEnv, true},
		{"badger restart", func(*testing.T) map[string]string { return map[string]string{} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := tc.env(t)
			env["MEMSVC_AUTH_SECRET"], env["MEMSVC_ADMIN_SECRET"] = probe3Secret, probe3Admin
			dir := t.TempDir()
			key := mintKey(t, probe3Secret, dir, "alice")
			var kept, ended, operator *browser // copies of each session, taken before sign-out
			t.Run("first servers", func(t *testing.T) {
				a := startServerOn(t, dir, env)
				other := a
				if tc.replicas {
					other = startServerOn(t, t.TempDir(), env)
				}
				keep, end, op := newBrowser(t, a), newBrowser(t, a), newBrowser(t, a)
				keep.signInUser(key)
				end.signInUser(key)
				op.signInOperator()
				kept, ended, operator = keep.copyTo(t, other), end.copyTo(t, other), op.copyTo(t, other)
				ended.wantSession(true, "/memories", "/signin")
				operator.wantSession(true, "/admin", "/admin/signin")
				if st, _, _ := end.page(http.MethodPost, "/signout", url.Values{"csrf": {end.token("/memories")}}); st != http.StatusSeeOther {
					t.Fatalf("sign out: %d", st)
				}
				if st, _, _ := op.page(http.MethodPost, "/admin/signout", url.Values{"csrf": {op.token("/admin")}}); st != http.StatusSeeOther {
					t.Fatalf("operator sign out: %d", st)
				}
				ended.wantSession(false, "/memories", "/signin")
				operator.wantSession(false, "/admin", "/admin/signin")
				kept.wantSession(true, "/memories", "/signin")
			})
			if t.Failed() {
				return
			}
			restartDir := dir
			if tc.replicas {
				restartDir = t.TempDir() // a new replica shares only the database
			}
			s := startServerOn(t, restartDir, env)
			ended.copyTo(t, s).wantSession(false, "/memories", "/signin")
			operator.copyTo(t, s).wantSession(false, "/admin", "/admin/signin")
			kept.copyTo(t, s).wantSession(true, "/memories", "/signin")
			tok := ended.copyTo(t, s)
			if st, _, body := tok.page(http.MethodPost, "/memories/x/delete", url.Values{"csrf": {tok.token("/signin")}}); st != http.StatusUnauthorized || strings.Contains(body, "alice") {
				t.Errorf("signed-out cookie after restart, POST: %d, want 401", st)
			}
		})
	}
}

// sendHeader sends one request with header as given (several values of a
// name stay several header lines).
func (s *testServer) sendHeader(t *testing.T, method, path, body string, header http.Header) resp {
	t.Helper()
	hr, err := http.NewRequest(method, s.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	hr.Header = header
	res, err := s.client.Do(hr)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{status: res.StatusCode, raw: raw}
	_ = json.Unmarshal(raw, &out.body)
	return out
}

// TestDuplicateJSONKeysRefused: encoding/json keeps the last of two equal
// keys and matches field names ignoring case, so {"text":"a","Text":"b"}
// stored "b" while a proxy or log in front most likely read "a"; and with
// auth off, {"user_id":"bob","user_id":"alice"} wrote as alice. A key
// given twice in one object (ignoring case for the request's fields,
// exactly for metadata's own keys) is now a 400 naming it, and nothing is
// written.
func TestDuplicateJSONKeysRefused(t *testing.T) {
	s := startServer(t, nil)
	for _, tc := range []struct {
		name, path, body, field string
	}{
		{"text twice", "/api/v1/memories", `{"text":"a","text":"b","infer":false}`, "text"},
		{"text in two cases", "/api/v1/memories", `{"text":"a","Text":"b","infer":false}`, "Text"},
		{"text twice, once escaped", "/api/v1/memories", `{"text":"a","t\u0065xt":"b","infer":false}`, "text"},
		{"user twice", "/api/v1/memories", `{"text":"a","user_id":"bob","user_id":"alice","infer":false}`, "user_id"},
		{"metadata key twice", "/api/v1/memories", `{"text":"a","infer":false,"metadata":{"k":1,"k":2}}`, "metadata.k"},
		{"nested metadata key twice", "/api/v1/memories", `{"text":"a","infer":false,"metadata":{"n":{"k":1,"k":2}}}`, "metadata.n.k"},
		{"search query in two cases", "/api/v1/memories/search", `{"query":"a","QUERY":"b"}`, "QUERY"},
		{"embedded field twice", "/api/v1/memories/search", `{"query":"a","include_superseded":false,"include_superseded":true}`, "include_superseded"},
		{"message role twice", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"a"},{"role":"user","Role":"assistant","content":"b"}]}`, "messages[1].Role"},
		{"delete ids twice", "/api/v1/memories", `{"memory_ids":["x"],"memory_ids":["y"]}`, "memory_ids"},
		{"reconcile flag twice", "/api/v1/entities/reconcile", `{"dry_run":true,"dry_run":false}`, "dry_run"},
		{"correction twice", "/api/v1/memories/01J0000000000000000000000A", `{"text":"a","text":"b"}`, "text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			method := http.MethodPost
			switch {
			case tc.name == "delete ids twice":
				method = http.MethodDelete
			case tc.name == "correction twice":
				method = http.MethodPatch
			}
			r := s.sendHeader(t, method, tc.path, tc.body, http.Header{"Content-Type": {"application/json"}})
			wantError(t, r, http.StatusBadRequest, "invalid_request", tc.field+": given twice")
		})
	}
	if got := s.get(t, anon, "/api/v1/memories?user_id=alice"); num(got.body, "total") != 0 {
		t.Errorf("a refused body wrote for alice: %s", got.raw)
	}
	if got := s.get(t, anon, "/api/v1/memories"); num(got.body, "total") != 0 {
		t.Errorf("a refused body wrote: %s", got.raw)
	}
	// Metadata is a map: keys that differ in case are two keys, kept.
	r := s.sendHeader(t, http.MethodPost, "/api/v1/memories", `{"text":"a","infer":false,"metadata":{"k":1,"K":2}}`,
		http.Header{"Content-Type": {"application/json"}})
	wantStatus(t, r, http.StatusOK)
	// A wrong type in an embedded field is named as the body names it, not
	// by Go's struct path (it said "SearchRequest.include_superseded").
	r = s.sendHeader(t, http.MethodPost, "/api/v1/memories/search", `{"query":"a","include_superseded":"yes"}`,
		http.Header{"Content-Type": {"application/json"}})
	wantError(t, r, http.StatusBadRequest, "invalid_request", "include_superseded: must be a boolean")
	if strings.Contains(string(r.raw), "SearchRequest") {
		t.Errorf("the refusal names a Go type: %s", r.raw)
	}
}

// TestAmbiguousQueryStringsRefused: a parameter given twice counted by its
// first copy (?user_id=alice&user_id=bob acted for alice while a proxy in
// front may check bob), and a query string that does not parse (a bad
// escape, a ";" separator) lost its broken pairs without a word, so
// ?page=1;size=2 listed page 1 of the default size. Both are now a 400
// naming the parameter or the query string, on REST and MCP alike.
func TestAmbiguousQueryStringsRefused(t *testing.T) {
	s, alice, _ := authServer(t)
	bearer := http.Header{"Authorization": {"Bearer " + alice}}
	mcp := http.Header{"Authorization": {"Bearer " + alice}, "Content-Type": {"application/json"},
		"Accept": {"application/json, text/event-stream"}}
	const list = `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	for _, tc := range []struct{ name, query, mention string }{
		{"user twice", "user_id=alice&user_id=bob", "user_id: given 2 times"},
		{"page twice", "page=1&page=2", "page: given 2 times"},
		{"flag twice", "include_superseded=false&include_superseded=true", "include_superseded: given 2 times"},
		{"bad escape", "search_query=%zz", "invalid URL escape"},
		{"semicolon", "page=1;size=2", "semicolon"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantError(t, s.sendHeader(t, http.MethodGet, "/api/v1/memories?"+tc.query, "", bearer),
				http.StatusBadRequest, "invalid_request", tc.mention)
			wantError(t, s.sendHeader(t, http.MethodPost, "/mcp/probe?"+tc.query, list, mcp),
				http.StatusBadRequest, "invalid_request", tc.mention)
		})
	}
	// The same key twice in the query is one key, as before.
	wantStatus(t, s.sendHeader(t, http.MethodGet, "/api/v1/memories?api_key="+url.QueryEscape(alice)+"&api_key="+url.QueryEscape(alice), "", http.Header{}), http.StatusOK)
}

// TestDuplicateKeyHeadersRefused: only the first Authorization (or
// API_KEY) header was read, so a second one naming another key was
// ignored; and API_KEY hid a differing Api-Key. Two copies that differ are
// now refused like a header and a query naming different keys.
func TestDuplicateKeyHeadersRefused(t *testing.T) {
	s, alice, bob := authServer(t)
	for _, tc := range []struct {
		name   string
		header http.Header
		status int
	}{
		{"two bearers", http.Header{"Authorization": {"Bearer " + alice, "Bearer " + bob}}, http.StatusUnauthorized},
		{"a bearer and a broken one", http.Header{"Authorization": {"Bearer " + alice, "Bearer nonsense"}}, http.StatusUnauthorized},
		{"two API_KEY headers", http.Header{"Api_key": {alice, bob}}, http.StatusUnauthorized},
		{"API_KEY and Api-Key", http.Header{"Api_key": {alice}, "Api-Key": {bob}}, http.StatusUnauthorized},
		{"the same bearer twice", http.Header{"Authorization": {"Bearer " + alice, "Bearer " + alice}}, http.StatusOK},
		{"API_KEY and Api-Key agreeing", http.Header{"Api_key": {alice}, "Api-Key": {alice}}, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.sendHeader(t, http.MethodGet, "/api/v1/memories", "", tc.header)
			if tc.status == http.StatusOK {
				wantStatus(t, r, http.StatusOK)
				return
			}
			wantError(t, r, tc.status, "unauthorized", "different API keys")
		})
	}
}

// TestContentTypeAmbiguityRefused: a body declared in a charset other than
// UTF-8 was read as UTF-8 all the same, and of two Content-Type headers
// only the first counted. Both are now a 415 saying what to send; the
// usual spellings of a JSON body still pass.
func TestContentTypeAmbiguityRefused(t *testing.T) {
	s, alice, _ := authServer(t)
	const body = `{"query":"bees"}`
	for _, tc := range []struct {
		name    string
		types   []string
		status  int
		mention string
	}{
		{"latin1", []string{"application/json; charset=latin1"}, http.StatusUnsupportedMediaType, `charset must be utf-8, got "latin1"`},
		{"utf-16", []string{"application/json; charset=UTF-16"}, http.StatusUnsupportedMediaType, "charset must be utf-8"},
		{"json then text", []string{"application/json", "text/plain"}, http.StatusUnsupportedMediaType, "Content-Type given 2 times"},
		{"json twice", []string{"application/json", "application/json"}, http.StatusUnsupportedMediaType, "Content-Type given 2 times"},
		{"utf-8", []string{"application/json; charset=utf-8"}, http.StatusOK, ""},
		{"UTF8 upper case", []string{"application/json; charset=UTF8"}, http.StatusOK, ""},
		{"plain", []string{"application/json"}, http.StatusOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{"Authorization": {"Bearer " + alice}, "Content-Type": tc.types}
			r := s.sendHeader(t, http.MethodPost, "/api/v1/memories/search", body, h)
			if tc.status == http.StatusOK {
				wantStatus(t, r, http.StatusOK)
				return
			}
			wantError(t, r, tc.status, "unsupported_media_type", tc.mention)
		})
	}
}
