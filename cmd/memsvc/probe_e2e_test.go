package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/auth"
)

// The holes a security probe of a running server found, each closed at its
// cause; every test drives a real server over real HTTP.

// malformedIDs are ids no stored memory or skill can have: PostgreSQL
// refuses a NUL or invalid UTF-8 in a text parameter, so each used to be
// an internal error there.
var malformedIDs = map[string]string{
	"NUL":           "a%00b",
	"invalid UTF-8": "a%FFb",
	"control char":  "a%0Ab",
	"overlong":      strings.Repeat("i", 7000),
}

// TestMalformedIDsAre400: an id that cannot exist is a 400 naming the id on
// every route that takes one (REST, the dashboard, MCP's ids), on Badger
// and on PostgreSQL, never a 500.
func TestMalformedIDsAre400(t *testing.T) {
	for store, env := range map[string]func(t *testing.T) map[string]string{
		"badger": func(*testing.T) map[string]string { return nil },
		"postgres": func(t *testing.T) map[string]string {
			return map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pg.NewEmptyDatabase(t)}
		},
	} {
		t.Run(store, func(t *testing.T) {
			s := startServer(t, env(t))
			s.addVerbatim(t, anon, "Alice keeps bees on her balcony", nil)
			for name, id := range malformedIDs {
				t.Run(name, func(t *testing.T) {
					for _, r := range []req{
						{method: http.MethodGet, path: "/api/v1/memories/" + id},
						{method: http.MethodGet, path: "/api/v1/memories/" + id + "/history"},
						{method: http.MethodPatch, path: "/api/v1/memories/" + id, body: map[string]any{"text": "corrected"}},
						{method: http.MethodGet, path: "/api/v1/skills/" + id},
					} {
						wantError(t, s.do(t, r), http.StatusBadRequest, "invalid_request", "id")
					}
					page := s.send(t, http.MethodGet, "/memories/"+id, "", "", nil)
					if page.status != http.StatusBadRequest {
						t.Errorf("dashboard /memories/{id}: status %d, want 400", page.status)
					}
				})
			}
			for name, id := range map[string]string{"NUL": "a\x00b", "control char": "a\nb", "overlong": strings.Repeat("i", 7000)} {
				r := s.del(t, anon, []string{"fine", id}, nil)
				wantError(t, r, http.StatusBadRequest, "invalid_request", "memory_ids[1]")
				if t.Failed() {
					t.Logf("delete with a %s id", name)
				}
				// MCP caps an id at its own edge (payload_too_large); what
				// passes the cap is refused per id.
				text := mcpSearchIDs(t, s, id)
				if strings.Contains(text, "internal") || !strings.Contains(text, "invalid_request") && !strings.Contains(text, "payload_too_large") {
					t.Errorf("MCP search_memory ids=[%s id]: %s, want the id refused as bad input", name, text)
				}
			}
			if got := num(s.get(t, anon, "/api/v1/memories").body, "total"); got != 1 {
				t.Errorf("after the refused calls %d memories, want the 1 stored", got)
			}
		})
	}
}

// mcpSearchIDs calls search_memory with ids over MCP and returns its text
// and structured content.
func mcpSearchIDs(t *testing.T, s *testServer, id string) string {
	t.Helper()
	sess := connectMCP(t, s.client, s.base, "probe", "")
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: "search_memory", Arguments: map[string]any{"ids": []string{id}}})
	if err != nil {
		t.Fatalf("search_memory: %v", err)
	}
	out, _ := json.Marshal(res)
	return string(out)
}

// TestInvalidUTF8BodyIs400: a body that is not UTF-8 is refused naming the
// field and the offset of the bad byte, and nothing is stored; it used to be stored with
// each bad byte silently replaced by U+FFFD. REST names the field, MCP
// the offset in the body.
func TestInvalidUTF8BodyIs400(t *testing.T) {
	s := startServer(t, nil)
	for _, tc := range []struct {
		name, path, body, field string
	}{
		{"add", "/api/v1/memories", "{\"text\":\"ab\xff\xfecd\",\"infer\":false}", "text"},
		{"search", "/api/v1/memories/search", "{\"top_k\":3,\"query\":\"caf\xe9\"}", "query"},
		{"conversation", "/api/v1/memories/from-conversation",
			"{\"messages\":[{\"role\":\"user\",\"content\":\"I live in \xc3\"}]}", "messages[0].content"},
		{"delete", "/api/v1/memories", "{\"memory_ids\":[\"a\",\"\xff\"]}", "memory_ids[1]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			method := http.MethodPost
			if tc.name == "delete" {
				method = http.MethodDelete
			}
			r := s.do(t, req{method: method, path: tc.path, raw: []byte(tc.body)})
			wantError(t, r, http.StatusBadRequest, "invalid_request", tc.field+":", "UTF-8", "offset")
		})
	}
	// MCP's library decodes its body itself: the server refuses it whole.
	call := "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"add_memories\"," +
		"\"arguments\":{\"memories\":[\"Alice lives in Par\xffis\"]}}}"
	r := s.send(t, http.MethodPost, "/mcp/probe", "", call, map[string]string{
		"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
	wantError(t, r, http.StatusBadRequest, "invalid_request", "UTF-8", "offset")
	if got := num(s.get(t, anon, "/api/v1/memories").body, "total"); got != 0 {
		t.Errorf("%d memories stored from refused bodies, want 0", got)
	}
	// Valid multi-byte text still passes.
	s.addVerbatim(t, anon, "Zoë lives in Kraków ☕", nil)
}

// TestCompressedBodiesRefused: a Content-Encoding the server does not
// decode is a 415 naming it, on REST and MCP (it used to be read as
// malformed JSON, or a plain-text 400 from MCP); identity passes.
func TestCompressedBodiesRefused(t *testing.T) {
	s := startServer(t, nil)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(`{"text":"zipped","infer":false}`))
	zw.Close()
	for _, tc := range []struct{ name, path, encoding string }{
		{"REST gzip", "/api/v1/memories", "gzip"},
		{"REST br", "/api/v1/memories", "br"},
		{"REST deflate after identity", "/api/v1/memories", "identity, deflate"},
		{"MCP gzip", "/mcp/probe", "gzip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.send(t, http.MethodPost, tc.path, "", gz.String(), map[string]string{
				"Content-Type": "application/json", "Content-Encoding": tc.encoding, "Accept": "application/json, text/event-stream"})
			wantError(t, r, http.StatusUnsupportedMediaType, "unsupported_media_type", "Content-Encoding")
		})
	}
	r := s.send(t, http.MethodPost, "/api/v1/memories", "", `{"text":"plain","infer":false}`,
		map[string]string{"Content-Type": "application/json", "Content-Encoding": "identity"})
	wantStatus(t, r, http.StatusOK)
}

// TestBearerSchemeAnyCase: the Authorization scheme is case-insensitive
// (RFC 9110), so "BEARER <key>" authenticates like "Bearer <key>" (it used
// to be a 401 "missing API key"); another scheme is still a 401.
func TestBearerSchemeAnyCase(t *testing.T) {
	s, alice, _ := authServer(t)
	for _, tc := range []struct {
		header string
		want   int
	}{
		{"Bearer " + alice, http.StatusOK},
		{"bearer " + alice, http.StatusOK},
		{"BEARER " + alice, http.StatusOK},
		{"  Bearer   " + alice + "  ", http.StatusOK},
		{"Basic " + alice, http.StatusUnauthorized},
		{"Bearer", http.StatusUnauthorized},
		{"Bearer " + alice + "x", http.StatusUnauthorized},
	} {
		r := s.send(t, http.MethodGet, "/api/v1/memories", "", "", map[string]string{"Authorization": tc.header})
		if r.status != tc.want {
			t.Errorf("Authorization %.20q…: status %d, want %d; body %s", tc.header, r.status, tc.want, r.raw)
		}
		if strings.Contains(string(r.raw), alice) {
			t.Errorf("Authorization %.20q…: the answer echoes the key", tc.header)
		}
	}
}

// TestMCPRefusalsAreJSON: the MCP library's own refusals (a malformed
// JSON-RPC body, a method it does not serve) answer in the error shape of
// every other route, {"detail","code"}, not plain text.
func TestMCPRefusalsAreJSON(t *testing.T) {
	s := startServer(t, nil)
	accept := "application/json, text/event-stream"
	for _, tc := range []struct {
		name, method, body string
		status             int
		code               string
	}{
		{"not JSON", http.MethodPost, "not json", http.StatusBadRequest, "invalid_request"},
		{"no version", http.MethodPost, `{"id":1,"method":"tools/list"}`, http.StatusBadRequest, "invalid_request"},
		{"deep", http.MethodPost, strings.Repeat("[", 2000) + strings.Repeat("]", 2000), http.StatusBadRequest, "invalid_request"},
		{"GET", http.MethodGet, "", http.StatusMethodNotAllowed, "method_not_allowed"},
		{"PUT", http.MethodPut, "", http.StatusMethodNotAllowed, "method_not_allowed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := map[string]string{"Accept": accept}
			if tc.body != "" {
				h["Content-Type"] = "application/json"
			}
			r := s.send(t, tc.method, "/mcp/probe", "", tc.body, h)
			wantError(t, r, tc.status, tc.code)
		})
	}
	// A well-formed call still answers JSON-RPC.
	r := s.send(t, http.MethodPost, "/mcp/probe", "", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		map[string]string{"Accept": accept, "Content-Type": "application/json"})
	wantStatus(t, r, http.StatusOK)
	if r.body["result"] == nil {
		t.Errorf("tools/list: no result: %s", r.raw)
	}
}

// TestResponseHygiene: the dashboard lists no directory of its assets, and
// REST answers forbid MIME sniffing and caching of users' data.
func TestResponseHygiene(t *testing.T) {
	s := startServer(t, nil)
	for _, p := range []string{"/static/", "/static//", "/static/..%2f", "/static/nope.js"} {
		r := s.send(t, http.MethodGet, p, "", "", nil)
		if r.status != http.StatusNotFound || strings.Contains(string(r.raw), "README.md") {
			t.Errorf("GET %s: status %d, want 404 without a listing; body %.200s", p, r.status, r.raw)
		}
	}
	if r := s.send(t, http.MethodGet, "/static/app.css", "", "", nil); r.status != http.StatusOK {
		t.Errorf("GET /static/app.css: status %d, want 200", r.status)
	}
	for _, p := range []string{"/api/health", "/api/v1/memories", "/api/v1/memories/nope"} {
		hr, err := s.client.Get(s.base + p)
		if err != nil {
			t.Fatal(err)
		}
		hr.Body.Close()
		if got := hr.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q, want nosniff", p, got)
		}
		if got := hr.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("GET %s: Cache-Control %q, want no-store", p, got)
		}
	}
}

// TestSlowBodyAnswered: a client that announces a body and stops sending
// it gets a 400 once --body-timeout passes, on REST and MCP and as a
// dashboard page (it used to hold the connection and the handler
// forever); a body sent in time, on a
// connection kept alive past the timeout, is served as before.
func TestSlowBodyAnswered(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_BODY_TIMEOUT": "1s"})
	addr := strings.TrimPrefix(s.base, "http://")
	for _, path := range []string{"/api/v1/memories", "/api/v1/memories/search", "/mcp/probe", "/signin", "/memories/x/delete"} {
		t.Run(path, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			ct := "application/json"
			if !strings.HasPrefix(path, "/api/") && !strings.HasPrefix(path, "/mcp/") {
				ct = "application/x-www-form-urlencoded" // a dashboard form
			}
			fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\n"+
				"Accept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{\"text\":", path, addr, ct)
			conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			hres, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer to a stalled body: %v", err)
			}
			defer hres.Body.Close()
			raw, _ := io.ReadAll(hres.Body)
			if !strings.HasPrefix(path, "/api/") && !strings.HasPrefix(path, "/mcp/") { // a dashboard page
				if hres.StatusCode != http.StatusBadRequest {
					t.Errorf("status %d, want 400; body %.300s", hres.StatusCode, raw)
				}
				return
			}
			var r resp
			r.status, r.raw = hres.StatusCode, raw
			_ = json.Unmarshal(raw, &r.body)
			wantError(t, r, http.StatusBadRequest, "", "body")
		})
	}
	s.addVerbatim(t, anon, "Alice keeps bees", nil)
	time.Sleep(1500 * time.Millisecond) // the kept-alive connection outlives the body timeout
	s.addVerbatim(t, anon, "Bob keeps goats", nil)
}

// TestShortAdminSecretRefused: the admin secret mints keys for any user
// through a sign-in form, so like the auth secret it must be at least
// auth.MinSecretBytes long; a short one is a usage error naming the flag,
// and the server does not start (it used to accept "op").
func TestShortAdminSecretRefused(t *testing.T) {
	for _, secret := range []string{"op", strings.Repeat("x", auth.MinSecretBytes-1)} {
		var stderr strings.Builder
		// Bounded, so a server that wrongly starts ends the test instead of hanging it.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		code := Main(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()},
			IO{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr,
				Getenv: getenvFrom(map[string]string{"MEMSVC_ADMIN_SECRET": secret})})
		if code != 2 || !strings.Contains(stderr.String(), "--admin-secret") {
			t.Errorf("admin secret of %d bytes: exit %d, stderr %q; want 2 naming --admin-secret", len(secret), code, stderr.String())
		}
	}
}

// TestRefusedClientNameNotLogged: a client name that MCP refuses (line
// breaks, control characters) does not reach the request log, where it
// could forge a log line; it used to be logged as sent.
func TestRefusedClientNameNotLogged(t *testing.T) {
	s := startServer(t, nil)
	for _, name := range []string{"a%0D%0AFORGED-1", "a%0AFORGED-2", "a%1B%5B2JFORGED-3"} {
		r := s.send(t, http.MethodPost, "/mcp/"+name, "", "{}", map[string]string{"Content-Type": "application/json"})
		wantError(t, r, http.StatusBadRequest, "invalid_request", "client name")
	}
	if log := s.stderr.String(); strings.Contains(log, "FORGED") {
		t.Errorf("the request log holds a refused client name:\n%s", log)
	}
}

// TestTenancyOnEveryRoute: with auth on, bob's key (in each of the three
// key forms) cannot read, correct, export, erase or search alice's data on
// any route that names a memory or a user, over REST and MCP; and a
// revoked key is refused in every form.
func TestTenancyOnEveryRoute(t *testing.T) {
	s, aliceKey, bobKey := authServer(t)
	alice := as{aliceKey, keyBearer}
	id := s.addVerbatim(t, alice, "Alice's locker code is 7319", nil)
	for _, place := range []keyPlace{keyBearer, keyHeader, keyQuery} {
		bob := as{bobKey, place}
		for _, tc := range []struct {
			name   string
			r      req
			status int
		}{
			{"get", req{method: http.MethodGet, path: "/api/v1/memories/" + id}, http.StatusNotFound},
			{"history", req{method: http.MethodGet, path: "/api/v1/memories/" + id + "/history"}, http.StatusNotFound},
			{"correct", req{method: http.MethodPatch, path: "/api/v1/memories/" + id, body: map[string]any{"text": "pwned", "user_id": "alice"}}, http.StatusNotFound},
			{"export as alice", req{method: http.MethodGet, path: "/api/v1/export?user_id=alice"}, http.StatusForbidden},
			{"history as alice", req{method: http.MethodGet, path: "/api/v1/memories/" + id + "/history?user_id=alice"}, http.StatusForbidden},
			{"erase alice", req{method: http.MethodDelete, path: "/api/v1/users/me", body: map[string]any{"confirm": "alice", "user_id": "alice"}}, http.StatusBadRequest},
			{"backup", req{method: http.MethodGet, path: "/api/v1/admin/backup"}, http.StatusForbidden},
		} {
			tc.r.key, tc.r.place = bob.key, bob.place
			if r := s.do(t, tc.r); r.status != tc.status || strings.Contains(string(r.raw), "7319") {
				t.Errorf("bob (key form %d) %s: status %d, want %d; body %.200s", place, tc.name, r.status, tc.status, r.raw)
			}
		}
		r := s.do(t, req{method: http.MethodGet, path: "/api/v1/export", key: bob.key, place: bob.place})
		if r.status != http.StatusOK || strings.Contains(string(r.raw), "7319") {
			t.Errorf("bob (key form %d) exports: %d, and alice's text must not be in it: %.300s", place, r.status, r.raw)
		}
	}
	sess := connectMCP(t, s.client, s.base, "probe", bobKey)
	for _, args := range []map[string]any{{"ids": []string{id}}, {"query": "locker code"}, {}} {
		res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: "search_memory", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		if out, _ := json.Marshal(res); strings.Contains(string(out), "7319") {
			t.Errorf("bob's MCP search_memory %v shows alice's memory: %s", args, out)
		}
	}
	if r := s.get(t, alice, "/api/v1/memories/"+id); r.status != http.StatusOK || r.body["text"] != "Alice's locker code is 7319" {
		t.Errorf("alice's memory after bob's attempts: %d %s", r.status, r.raw)
	}

	// A revoked key is refused in every form, on REST and MCP.
	spare := mintKey(t, "e2e-secret-0123456789abcdef0123456789ab", s.dataDir, "alice")
	var out, errb syncBuffer
	if code := Main(t.Context(), []string{"keys", "revoke", "--data", s.dataDir, spare},
		IO{Stdout: &out, Stderr: &errb, Getenv: getenvFrom(nil)}); code != 0 {
		t.Fatalf("keys revoke: exit %d: %s", code, errb.String())
	}
	time.Sleep(1200 * time.Millisecond) // the server re-reads the list within a second
	for _, place := range []keyPlace{keyBearer, keyHeader, keyQuery} {
		for _, path := range []string{"/api/v1/memories", "/api/v1/memories/" + id, "/api/v1/export"} {
			r := s.do(t, req{method: http.MethodGet, path: path, key: spare, place: place})
			wantError(t, r, http.StatusUnauthorized, "unauthorized")
			if strings.Contains(string(r.raw), spare) {
				t.Errorf("the refusal echoes the key: %s", r.raw)
			}
		}
		r := s.do(t, req{method: http.MethodPost, path: "/mcp/probe", key: spare, place: place,
			raw: []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)})
		wantError(t, r, http.StatusUnauthorized, "unauthorized")
	}
	if strings.Contains(s.stderr.String(), "msk_") {
		t.Errorf("the server log holds a key")
	}
}
