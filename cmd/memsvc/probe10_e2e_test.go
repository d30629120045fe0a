package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestUnknownBodyFieldsRefused: a member a route's body does not have,
// or has only under another case, is a 400 naming it by its path and the
// field meant; nothing is written. It used to be dropped silently, so a
// misspelt user_id stored under the default user, a misspelt top_k
// searched with 10, and "User_Id" (matched by encoding/json ignoring
// case) named a user a proxy reading user_id would not see.
func TestUnknownBodyFieldsRefused(t *testing.T) {
	s := startServer(t, nil)
	id := s.addVerbatim(t, anon, "The spare key hangs behind the boiler", nil)
	for _, tc := range []struct {
		method, path, body string
		mentions           []string
	}{
		{http.MethodPost, "/api/v1/memories", `{"text":"I moved to Oslo","infer":false,"userid":"zed"}`, []string{"userid", `"user_id"`}},
		{http.MethodPost, "/api/v1/memories", `{"text":"I moved to Oslo","infer":false,"User_Id":"zed"}`, []string{"User_Id", `"user_id"`}},
		{http.MethodPost, "/api/v1/memories", `{"text":"I moved to Oslo","infer":false,"colour":"red"}`, []string{"colour", "text, app"}},
		{http.MethodPost, "/api/v1/memories/search", `{"query":"key","topk":3}`, []string{"topk", `"top_k"`}},
		{http.MethodPost, "/api/v1/memories/search", `{"query":"key","Top_K":3}`, []string{"Top_K", `"top_k"`}},
		{http.MethodPost, "/api/v1/memories/from-conversation",
			`{"messages":[{"role":"user","content":"I moved to Oslo"},{"role":"user","contnet":"and to Rome"}]}`,
			[]string{"messages[1].contnet", `"content"`}},
		{http.MethodPost, "/api/v1/memories/from-conversation",
			`{"messages":[{"role":"user","content":"I moved to Oslo"}],"sesion_id":"s1"}`, []string{"sesion_id", `"session_id"`}},
		{http.MethodDelete, "/api/v1/memories", `{"memory_ids":["` + id + `"],"dry_run":true}`, []string{"dry_run"}},
		{http.MethodPatch, "/api/v1/memories/" + id, `{"txt":"The spare key is under the mat"}`, []string{"txt", `"text"`}},
		{http.MethodPost, "/api/v1/entities/reconcile", `{"dryrun":true}`, []string{"dryrun", `"dry_run"`}},
		{http.MethodDelete, "/api/v1/users/me", `{"confirm":"default","user":"default"}`, []string{"user"}},
	} {
		r := s.do(t, req{method: tc.method, path: tc.path, raw: []byte(tc.body)})
		wantError(t, r, http.StatusBadRequest, "invalid_request", append(tc.mentions, "unknown field")...)
	}
	// Nothing was written, moved, corrected, erased or started.
	for _, user := range []string{"default", "zed"} {
		r := s.get(t, anon, "/api/v1/memories?include_superseded=true&user_id="+user)
		wantStatus(t, r, http.StatusOK)
		if got := ids(r.body, "items"); len(got) != map[string]int{"default": 1, "zed": 0}[user] {
			t.Errorf("%s holds %v after refused writes", user, got)
		}
	}
	if r := s.get(t, anon, "/api/v1/memories/"+id); r.body["text"] != "The spare key hangs behind the boiler" {
		t.Errorf("memory changed by a refused correction: %s", r.raw)
	}
	if r := s.get(t, anon, "/api/v1/entities/reconcile"); r.body["status"] == "running" || r.body["status"] == "done" {
		t.Errorf("a refused reconcile started a job: %s", r.raw)
	}
	// Metadata is the caller's own map: any key goes.
	s.addVerbatim(t, anon, "The boiler was serviced in May", map[string]any{"metadata": map[string]any{"topk": 1, "User_Id": "x"}})
}

// TestUnknownQueryParamsRefused: every REST route answers 400 naming a
// query parameter it does not read (it used to ignore it, so ?top_k=5 on
// a search or ?user=bob on an export silently did nothing); user_id and
// api_key go everywhere.
func TestUnknownQueryParamsRefused(t *testing.T) {
	s := startServer(t, nil)
	id := s.addVerbatim(t, anon, "The spare key hangs behind the boiler", nil)
	for _, tc := range []struct {
		method, path, body string
		mentions           []string
	}{
		{http.MethodPost, "/api/v1/memories/search?top_k=5", `{"query":"key"}`, []string{"top_k", "JSON body"}},
		{http.MethodPost, "/api/v1/memories/search?_method=DELETE", `{"query":"key"}`, []string{"_method"}},
		{http.MethodPost, "/api/v1/memories?infer=false", `{"text":"I moved to Oslo"}`, []string{"infer", "JSON body"}},
		{http.MethodGet, "/api/v1/export?user=bob", "", []string{"user", "none but user_id and api_key"}},
		{http.MethodGet, "/api/v1/export?userid=bob", "", []string{"userid", `"user_id"`}},
		{http.MethodGet, "/api/v1/entities/reconcile?job_id=1", "", []string{"job_id"}},
		{http.MethodDelete, "/api/v1/entities/reconcile?force=1", "", []string{"force"}},
		{http.MethodGet, "/api/v1/entities/suggestions?limt=5", "", []string{"limt", `"limit"`}},
		{http.MethodGet, "/api/v1/memories/" + id + "?include_superseded=true", "", []string{"include_superseded"}},
		{http.MethodGet, "/api/v1/memories/" + id + "/history?page=2", "", []string{"page"}},
		{http.MethodGet, "/api/v1/memories?sise=5", "", []string{"sise", `"size"`}},
	} {
		var r resp
		if tc.body == "" {
			r = s.do(t, req{method: tc.method, path: tc.path})
		} else {
			r = s.do(t, req{method: tc.method, path: tc.path, raw: []byte(tc.body)})
		}
		wantError(t, r, http.StatusBadRequest, "invalid_request", append(tc.mentions, "unknown parameter")...)
	}
	for _, path := range []string{"/api/v1/memories/" + id + "?user_id=default", "/api/v1/entities/suggestions?limit=5&user_id=default",
		"/api/v1/export?user_id=default", "/api/health?nocache=1"} {
		wantStatus(t, s.get(t, anon, path), http.StatusOK)
	}
	wantStatus(t, s.post(t, anon, "/api/v1/memories/search?user_id=default", map[string]any{"query": "key"}), http.StatusOK)
}

// TestMethodOverrideRefused: memsvc acts on a request's own method; a
// method-override header naming another one is a 400 naming the header
// (a POST meant as a DELETE used to run as the POST it was sent as).
func TestMethodOverrideRefused(t *testing.T) {
	s := startServer(t, nil)
	id := s.addVerbatim(t, anon, "The spare key hangs behind the boiler", nil)
	body := `{"memory_ids":["` + id + `"]}`
	for _, h := range []string{"X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override"} {
		r := s.send(t, http.MethodPost, "/api/v1/memories/search", "", body,
			map[string]string{"Content-Type": "application/json", h: "DELETE"})
		wantError(t, r, http.StatusBadRequest, "invalid_request", h, "not honored")
	}
	r := s.send(t, http.MethodPost, "/api/v1/memories/search", "", `{"query":"key"}`,
		map[string]string{"Content-Type": "application/json", "X-HTTP-Method-Override": "post"})
	wantStatus(t, r, http.StatusOK)
	wantStatus(t, s.get(t, anon, "/api/v1/memories/"+id), http.StatusOK)
}

// TestMetricsSecret: with auth on, /metrics answers only to the metrics
// secret, never to a user's key (the counts show every user's traffic),
// and serve refuses --metrics with auth on and no secret, or a short
// one; it used to answer anyone who passed the Host check. With auth off
// and no secret it stays open, like every route.
func TestMetricsSecret(t *testing.T) {
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_METRICS": "true",
		"MEMSVC_METRICS_SECRET": testMetricsSecret})
	alice := as{key: mintKey(t, secret, s.dataDir, "alice-metrics"), place: keyBearer}
	s.addVerbatim(t, alice, "The spare key hangs behind the boiler", nil)
	for _, who := range []as{anon, alice, {key: testMetricsSecret + "x", place: keyBearer}, {key: secret, place: keyBearer}} {
		wantError(t, s.get(t, who, "/metrics"), http.StatusUnauthorized, "unauthorized")
	}
	for _, place := range []keyPlace{keyBearer, keyHeader, keyQuery} {
		m := s.get(t, as{key: testMetricsSecret, place: place}, "/metrics")
		wantStatus(t, m, http.StatusOK)
		for _, never := range []string{"alice", alice.key, "boiler", testMetricsSecret} {
			if strings.Contains(string(m.raw), never) {
				t.Errorf("metrics expose %q", never)
			}
		}
	}
	if log := s.stderr.String(); strings.Contains(log, testMetricsSecret) {
		t.Errorf("the server log holds the metrics secret")
	}

	for name, env := range map[string]map[string]string{
		"no secret":    {"MEMSVC_AUTH_SECRET": secret, "MEMSVC_METRICS": "true"},
		"short secret": {"MEMSVC_AUTH_SECRET": secret, "MEMSVC_METRICS": "true", "MEMSVC_METRICS_SECRET": "scrape"},
	} {
		var stderr strings.Builder
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		code := Main(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()},
			IO{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr, Getenv: getenvFrom(env)})
		cancel()
		if code != 2 || !strings.Contains(stderr.String(), "--metrics-secret (MEMSVC_METRICS_SECRET)") {
			t.Errorf("%s: exit %d, stderr %q; want 2 naming --metrics-secret", name, code, stderr.String())
		}
	}

	open := startServer(t, map[string]string{"MEMSVC_METRICS": "true"})
	wantStatus(t, open.get(t, anon, "/metrics"), http.StatusOK)
	closed := startServer(t, map[string]string{"MEMSVC_METRICS": "true", "MEMSVC_METRICS_SECRET": testMetricsSecret})
	wantError(t, closed.get(t, anon, "/metrics"), http.StatusUnauthorized, "unauthorized", "MEMSVC_METRICS_SECRET")
	wantStatus(t, closed.get(t, as{key: testMetricsSecret, place: keyBearer}, "/metrics"), http.StatusOK)
}

// TestNullBodyRefused: a body of JSON null is a 400 naming the body on
// every body route; it used to pass as an empty object, so a reconcile
// started over every suggestion at the default threshold.
func TestNullBodyRefused(t *testing.T) {
	s := startServer(t, nil)
	id := s.addVerbatim(t, anon, "The spare key hangs behind the boiler", nil)
	for _, route := range []struct{ method, path string }{
		{http.MethodPost, "/api/v1/entities/reconcile"}, {http.MethodPost, "/api/v1/memories"},
		{http.MethodPost, "/api/v1/memories/search"}, {http.MethodPost, "/api/v1/memories/from-conversation"},
		{http.MethodDelete, "/api/v1/memories"}, {http.MethodPatch, "/api/v1/memories/" + id},
		{http.MethodDelete, "/api/v1/users/me"},
	} {
		r := s.do(t, req{method: route.method, path: route.path, raw: []byte(" null\n")})
		wantError(t, r, http.StatusBadRequest, "invalid_request", "body", "null")
	}
	if r := s.get(t, anon, "/api/v1/entities/reconcile"); r.body["status"] != "idle" {
		t.Errorf("a null body started a reconcile: %s", r.raw)
	}
	// No body at all still means every suggestion at the default threshold.
	wantStatus(t, s.do(t, req{method: http.MethodPost, path: "/api/v1/entities/reconcile"}), http.StatusAccepted)
}
