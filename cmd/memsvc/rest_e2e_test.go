package main

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestHealth(t *testing.T) {
	// Auth on: /api/health still needs no key.
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": "s3cret-0123456789abcdef0123456789abcdef"})
	r := s.get(t, anon, "/api/health")
	wantStatus(t, r, http.StatusOK)
	want := map[string]any{"status": "ok", "version": version,
		"checks": map[string]any{"store": "ok", "embedder": "ok", "llm": "ok"}}
	if diff := cmp.Diff(want, r.body); diff != "" {
		t.Errorf("health body (-want +got):\n%s", diff)
	}
}

func TestAddAndGet(t *testing.T) {
	s := startServer(t, nil)
	t.Run("add verbatim", func(t *testing.T) {
		r := s.post(t, anon, "/api/v1/memories", map[string]any{"text": "Alice lives in Paris", "infer": false})
		wantStatus(t, r, http.StatusOK)
		res, _ := r.body["results"].([]any)
		if len(res) != 1 {
			t.Fatalf("results: %s", r.raw)
		}
		got := res[0].(map[string]any)
		if got["text"] != "Alice lives in Paris" || got["event"] != "ADD" || got["id"] == "" {
			t.Errorf("result = %v, want {id, text, event: ADD}", got)
		}
		g := s.get(t, anon, "/api/v1/memories/"+got["id"].(string))
		wantStatus(t, g, http.StatusOK)
		for field, want := range map[string]any{"id": got["id"], "text": "Alice lives in Paris", "user_id": "default",
			"state": "active", "memory_type": "semantic", "valid_to": nil, "expired_at": nil, "superseded_by": nil} {
			if v, ok := g.body[field]; !ok || v != want {
				t.Errorf("get: %s = %v (present %v), want %v", field, v, ok, want)
			}
		}
		for _, field := range []string{"created_at", "updated_at", "valid_from", "recorded_at"} {
			if _, err := time.Parse(time.RFC3339, fmt.Sprint(g.body[field])); err != nil {
				t.Errorf("get: %s = %v, want an RFC 3339 time", field, g.body[field])
			}
		}
	})
	t.Run("timestamp sets valid_from", func(t *testing.T) {
		id := s.addVerbatim(t, anon, "Bob started a new job", map[string]any{"timestamp": "2023-05-01T10:00:00Z"})
		g := s.get(t, anon, "/api/v1/memories/"+id)
		wantStatus(t, g, http.StatusOK)
		vf, _ := time.Parse(time.RFC3339, fmt.Sprint(g.body["valid_from"]))
		if !vf.Equal(time.Date(2023, 5, 1, 10, 0, 0, 0, time.UTC)) {
			t.Errorf("valid_from = %v, want 2023-05-01T10:00:00Z", g.body["valid_from"])
		}
		rec, _ := time.Parse(time.RFC3339, fmt.Sprint(g.body["recorded_at"]))
		if time.Since(rec) > time.Hour {
			t.Errorf("recorded_at = %v, want about now (when memsvc learned it)", g.body["recorded_at"])
		}
	})
	t.Run("unknown id", func(t *testing.T) {
		wantError(t, s.get(t, anon, "/api/v1/memories/01NOPE"), http.StatusNotFound, "not_found")
	})
}

// TestBadInput sends invalid bodies and requires a 4xx that names the
// field, and no partial write.
func TestBadInput(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_MAX_BODY_BYTES": "2048"})
	big := `{"text":"` + strings.Repeat("a", 4096) + `","infer":false}`
	tests := []struct {
		name     string
		r        req
		status   int
		code     string
		mentions []string
	}{
		{"malformed json", req{raw: []byte(`{"text": "x",`)}, 400, "invalid_request", nil},
		{"syntax error", req{raw: []byte(`{"text" "x"}`)}, 400, "invalid_request", nil},
		{"empty body", req{raw: []byte{}}, 400, "invalid_request", nil},
		{"array body", req{raw: []byte(`["x"]`)}, 400, "invalid_request", nil},
		{"two objects", req{raw: []byte(`{"text":"a","infer":false}{"text":"b"}`)}, 400, "invalid_request", nil},
		{"wrong type infer", req{body: map[string]any{"text": "x", "infer": "no"}}, 400, "invalid_request", []string{"infer"}},
		{"wrong type text", req{body: map[string]any{"text": 42}}, 400, "invalid_request", []string{"text"}},
		{"empty text", req{body: map[string]any{"text": "  ", "infer": false}}, 400, "invalid_request", []string{"text"}},
		{"bad memory_type", req{body: map[string]any{"text": "x", "infer": false, "memory_type": "dream"}}, 400, "invalid_request", []string{"memory_type"}},
		{"bad timestamp", req{body: map[string]any{"text": "x", "infer": false, "timestamp": "someday"}}, 400, "invalid_request", []string{"timestamp"}},
		{"body over the cap", req{raw: []byte(big)}, 413, "payload_too_large", nil},
		{"xml content type", req{raw: []byte(`<text>x</text>`), contentType: "application/xml"}, 415, "", nil},
		{"search top_k wrong type", req{path: "/api/v1/memories/search", body: map[string]any{"query": "x", "top_k": "ten"}}, 400, "invalid_request", []string{"top_k"}},
		{"delete ids wrong type", req{method: http.MethodDelete, body: map[string]any{"memory_ids": "a,b"}}, 400, "invalid_request", []string{"memory_ids"}},
		{"delete no ids", req{method: http.MethodDelete, body: map[string]any{"memory_ids": []string{}}}, 400, "invalid_request", []string{"memory_ids"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.r
			if r.method == "" {
				r.method = http.MethodPost
			}
			if r.path == "" {
				r.path = "/api/v1/memories"
			}
			wantError(t, s.do(t, r), tt.status, tt.code, tt.mentions...)
		})
	}
	t.Run("under the cap is fine", func(t *testing.T) {
		s.addVerbatim(t, anon, strings.Repeat("b", 1024), nil)
	})
	l := s.get(t, anon, "/api/v1/memories")
	wantStatus(t, l, http.StatusOK)
	if num(l.body, "total") != 1 {
		t.Errorf("after bad requests, total = %d, want 1 (only the valid add): %s", num(l.body, "total"), l.raw)
	}
}

func TestSearch(t *testing.T) {
	s := startServer(t, nil)
	paris := s.addVerbatim(t, anon, "Alice lives in Paris near the Seine", nil)
	s.addVerbatim(t, anon, "Bob plays the guitar every evening", nil)
	s.addVerbatim(t, anon, "Carol is allergic to peanuts", map[string]any{"memory_type": "episodic"})
	tests := []struct {
		name     string
		body     map[string]any
		status   int
		mentions string // field named by a 400
		first    string // expected top hit for a 200
	}{
		{"default hybrid", map[string]any{"query": "where does Alice live"}, 200, "", paris},
		{"text mode", map[string]any{"query": "Paris", "mode": "text"}, 200, "", paris},
		{"vector mode", map[string]any{"query": "Alice lives in Paris", "mode": "vector"}, 200, "", paris},
		{"hybrid mode top_k 1", map[string]any{"query": "Paris Seine", "mode": "hybrid", "top_k": 1}, 200, "", paris},
		{"rerank cross_encoder", map[string]any{"query": "Paris", "rerank": "cross_encoder"}, 200, "", paris},
		{"top_k 100", map[string]any{"query": "Paris", "top_k": 100}, 200, "", paris},
		{"app_name never filters", map[string]any{"query": "Paris", "app_name": "other"}, 200, "", paris},
		{"top_k 0", map[string]any{"query": "Paris", "top_k": 0}, 400, "top_k", ""},
		{"top_k 101", map[string]any{"query": "Paris", "top_k": 101}, 400, "top_k", ""},
		{"top_k negative", map[string]any{"query": "Paris", "top_k": -3}, 400, "top_k", ""},
		{"bad mode", map[string]any{"query": "Paris", "mode": "fuzzy"}, 400, "mode", ""},
		{"bad rerank", map[string]any{"query": "Paris", "rerank": "foo"}, 400, "rerank", ""},
		{"empty query", map[string]any{"query": ""}, 400, "query", ""},
		{"bad memory_type", map[string]any{"query": "Paris", "memory_type": "dream"}, 400, "memory_type", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.post(t, anon, "/api/v1/memories/search", tt.body)
			if tt.status != 200 {
				wantError(t, r, tt.status, "invalid_request", tt.mentions)
				return
			}
			wantStatus(t, r, 200)
			got := ids(r.body, "results")
			if len(got) == 0 || got[0] != tt.first {
				t.Fatalf("results %v, want %s first; body %s", got, tt.first, r.raw)
			}
			if r.body["query"] != tt.body["query"] || num(r.body, "total") < len(got) {
				t.Errorf("query = %v, total = %v; want the query echoed and total ≥ %d", r.body["query"], r.body["total"], len(got))
			}
			if k, ok := tt.body["top_k"].(int); ok && len(got) > k {
				t.Errorf("%d results, want ≤ top_k %d", len(got), k)
			}
			if _, ok := r.body["results"].([]any)[0].(map[string]any)["score"].(float64); !ok {
				t.Errorf("result has no numeric score: %s", r.raw)
			}
		})
	}
	t.Run("memory_type filters", func(t *testing.T) {
		r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "Paris peanuts guitar", "memory_type": "episodic"})
		wantStatus(t, r, 200)
		for _, res := range r.body["results"].([]any) {
			if mt := res.(map[string]any)["memory_type"]; mt != "episodic" {
				t.Errorf("memory_type filter returned a %v memory", mt)
			}
		}
	})
}

func TestListPaging(t *testing.T) {
	s := startServer(t, nil)
	var added []string
	for i := range 5 {
		added = append(added, s.addVerbatim(t, anon, fmt.Sprintf("note number %d", i), nil))
	}
	newest := slices.Clone(added)
	slices.Reverse(newest)
	tests := []struct {
		query                  string
		want                   []string
		total, page, size, pgs int
	}{
		{"", newest, 5, 1, 20, 1},
		{"?page=1&size=2", newest[:2], 5, 1, 2, 3},
		{"?page=2&size=2", newest[2:4], 5, 2, 2, 3},
		{"?page=3&size=2", newest[4:], 5, 3, 2, 3},
		{"?page=4&size=2", nil, 5, 4, 2, 3},
		{"?size=100", newest, 5, 1, 100, 1},
	}
	for _, tt := range tests {
		t.Run("list"+tt.query, func(t *testing.T) {
			r := s.get(t, anon, "/api/v1/memories"+tt.query)
			wantStatus(t, r, 200)
			if diff := cmp.Diff(tt.want, ids(r.body, "items")); diff != "" {
				t.Errorf("items (-want +got), newest first:\n%s", diff)
			}
			got := []int{num(r.body, "total"), num(r.body, "page"), num(r.body, "size"), num(r.body, "pages")}
			if diff := cmp.Diff([]int{tt.total, tt.page, tt.size, tt.pgs}, got); diff != "" {
				t.Errorf("[total page size pages] (-want +got):\n%s", diff)
			}
		})
	}
	bad := []struct{ query, field string }{
		{"?size=101", "size"}, {"?size=0", "size"}, {"?size=big", "size"}, {"?page=0", "page"},
		{"?page=-1", "page"}, {"?memory_type=dream", "memory_type"}, {"?include_superseded=maybe", "include_superseded"},
	}
	for _, tt := range bad {
		t.Run("list"+tt.query, func(t *testing.T) {
			wantError(t, s.get(t, anon, "/api/v1/memories"+tt.query), 400, "invalid_request", tt.field)
		})
	}
}

func TestListFilters(t *testing.T) {
	s := startServer(t, nil)
	paris := s.addVerbatim(t, anon, "I moved to Paris last spring", map[string]any{"app": "claude"})
	dog := s.addVerbatim(t, anon, "My dog is called Rex", map[string]any{"app": "cursor", "memory_type": "episodic"})
	deploy := s.addVerbatim(t, anon, "Deploy with make release", map[string]any{"app": "claude", "memory_type": "procedural"})
	cats := func(id string) []string {
		return strs(s.get(t, anon, "/api/v1/memories/"+id).body, "categories")
	}
	if !slices.Contains(cats(paris), "location") || !slices.Contains(cats(dog), "pet") {
		t.Fatalf("categories: paris %v, dog %v; want location and pet", cats(paris), cats(dog))
	}
	tests := []struct {
		query string
		want  []string // newest first
	}{
		{"?app_id=claude", []string{deploy, paris}},
		{"?app_id=cursor", []string{dog}},
		{"?app_id=nobody", nil},
		{"?memory_type=episodic", []string{dog}},
		{"?memory_type=procedural", []string{deploy}},
		{"?memory_type=semantic", []string{paris}},
		{"?memory_type=", []string{deploy, dog, paris}},
		{"?categories=pet", []string{dog}},
		{"?categories=pet,location", []string{dog, paris}},
		{"?search_query=paris", []string{paris}},
		{"?search_query=Rex+dog", []string{dog}},
		{"?search_query=Rex+Paris", nil},
		{"?app_id=claude&memory_type=semantic", []string{paris}},
		{"?include_superseded=true", []string{deploy, dog, paris}},
		{"?include_superseded=false", []string{deploy, dog, paris}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			r := s.get(t, anon, "/api/v1/memories"+tt.query)
			wantStatus(t, r, 200)
			if diff := cmp.Diff(tt.want, ids(r.body, "items")); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
			if num(r.body, "total") != len(tt.want) {
				t.Errorf("total = %d, want %d", num(r.body, "total"), len(tt.want))
			}
		})
	}
}

func TestDelete(t *testing.T) {
	s := startServer(t, nil)
	a := s.addVerbatim(t, anon, "the cat sleeps on the sofa", nil)
	b := s.addVerbatim(t, anon, "the kettle is broken", nil)
	r := s.del(t, anon, []string{a, "01NOPE", a}, nil)
	wantStatus(t, r, 200)
	if diff := cmp.Diff([]string{a}, strs(r.body, "deleted")); diff != "" {
		t.Errorf("deleted (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"01NOPE"}, strs(r.body, "not_found")); diff != "" {
		t.Errorf("not_found (-want +got):\n%s", diff)
	}
	wantError(t, s.get(t, anon, "/api/v1/memories/"+a), 404, "not_found")
	// Every trace is gone: neither list nor search (text or vector) finds it.
	if got := ids(s.get(t, anon, "/api/v1/memories?search_query=sofa").body, "items"); len(got) != 0 {
		t.Errorf("list search_query=sofa after delete = %v", got)
	}
	for _, mode := range []string{"text", "vector", "hybrid"} {
		sr := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "cat sofa", "mode": mode})
		if got := ids(sr.body, "results"); slices.Contains(got, a) {
			t.Errorf("search mode %s after delete still returns %s", mode, a)
		}
	}
	again := s.del(t, anon, []string{a}, nil)
	if diff := cmp.Diff([]string{a}, strs(again.body, "not_found")); diff != "" || len(strs(again.body, "deleted")) != 0 {
		t.Errorf("second delete = %s, want all not_found", again.raw)
	}
	wantStatus(t, s.get(t, anon, "/api/v1/memories/"+b), 200)
}

func TestUnrouted(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": "s3cret-0123456789abcdef0123456789abcdef"})
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/v1/nope", 404, "not_found"},
		{"GET", "/api/nope", 404, "not_found"}, // other paths are the dashboard's (ui)
		{"POST", "/api/v2/memories", 404, "not_found"},
		{"PUT", "/api/v1/memories", 405, ""},
		{"PUT", "/api/v1/memories/abc", 405, ""}, // PATCH corrects (rest/correct.go)
		{"DELETE", "/api/health", 405, ""},
		// A GET of /memories/search is an id lookup: routed, so auth applies.
		{"GET", "/api/v1/memories/search", 401, "unauthorized"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			r := s.do(t, req{method: tt.method, path: tt.path})
			wantError(t, r, tt.status, tt.code)
			if r.body == nil {
				t.Errorf("body is not a JSON object: %q", r.raw)
			}
		})
	}
}

func TestAuth(t *testing.T) {
	s, alice, _ := authServer(t)
	t.Run("key placements", func(t *testing.T) {
		for _, place := range []keyPlace{keyBearer, keyHeader, keyQuery} {
			who := as{alice, place}
			id := s.addVerbatim(t, who, fmt.Sprintf("placement %d works", place), nil)
			g := s.get(t, who, "/api/v1/memories/"+id)
			wantStatus(t, g, 200)
			if g.body["user_id"] != "alice" {
				t.Errorf("placement %d: user_id = %v, want alice", place, g.body["user_id"])
			}
		}
	})
	other := mintKey(t, "another-secret-0123456789abcdef0123456789", t.TempDir(), "alice")
	forged := "msk_" + "Ym9i" + alice[strings.Index(alice, "."):] // bob's name, alice's signature
	routes := []req{
		{method: "GET", path: "/api/v1/memories"},
		{method: "GET", path: "/api/v1/memories/01X"},
		{method: "POST", path: "/api/v1/memories", body: map[string]any{"text": "x", "infer": false}},
		{method: "POST", path: "/api/v1/memories/search", body: map[string]any{"query": "x"}},
		{method: "DELETE", path: "/api/v1/memories", body: map[string]any{"memory_ids": []string{"01X"}}},
	}
	bad := []struct {
		name string
		who  as
	}{
		{"missing", as{}}, {"garbage", as{"nonsense", keyBearer}}, {"other secret", as{other, keyHeader}},
		{"forged user", as{forged, keyBearer}}, {"truncated", as{alice[:len(alice)-2], keyQuery}},
	}
	for _, b := range bad {
		for _, r := range routes {
			t.Run(b.name+" "+r.method+" "+r.path, func(t *testing.T) {
				r.key, r.place = b.who.key, b.who.place
				wantError(t, s.do(t, r), 401, "unauthorized")
			})
		}
	}
	t.Run("query user_id of another user", func(t *testing.T) {
		for _, p := range []string{"/api/v1/memories?user_id=bob", "/api/v1/memories/01X?user_id=bob"} {
			wantError(t, s.get(t, as{alice, keyBearer}, p), 403, "forbidden")
		}
		wantStatus(t, s.get(t, as{alice, keyBearer}, "/api/v1/memories?user_id=alice"), 200)
	})
	t.Run("keys never logged", func(t *testing.T) {
		logs := s.stderr.String()
		for _, k := range []string{alice, other, forged} {
			if strings.Contains(logs, k) || strings.Contains(logs, url.QueryEscape(k)) {
				t.Errorf("server log contains a key")
			}
		}
		if !strings.Contains(logs, "/api/v1/memories") || !strings.Contains(logs, "401") {
			t.Errorf("no per-request log lines (route, status) on stderr:\n%s", logs)
		}
	})
}

func TestRevokedKey(t *testing.T) {
	s, alice, _ := authServer(t)
	spare := mintKey(t, "e2e-secret-0123456789abcdef0123456789ab", s.dataDir, "alice")
	who := as{alice, keyBearer}
	wantStatus(t, s.get(t, who, "/api/v1/memories"), 200)
	var out, errb syncBuffer
	if code := Main(t.Context(), []string{"keys", "revoke", "--data", s.dataDir, alice},
		IO{Stdout: &out, Stderr: &errb, Getenv: getenvFrom(nil)}); code != 0 {
		t.Fatalf("keys revoke: exit %d: %s", code, errb.String())
	}
	// Poll: the server re-reads the revocation list within about a second.
	deadline := time.Now().Add(3 * time.Second)
	status := 0
	for time.Now().Before(deadline) {
		if status = s.get(t, who, "/api/v1/memories").status; status == 401 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if status != 401 {
		t.Fatalf("revoked key still answered %d after 3s", status)
	}
	wantStatus(t, s.get(t, as{spare, keyHeader}, "/api/v1/memories"), 200)
}

func TestAuthDisabledUser(t *testing.T) {
	s := startServer(t, nil)
	def := s.addVerbatim(t, anon, "belongs to the default user", nil)
	carol := s.addVerbatim(t, anon, "belongs to carol", map[string]any{"user_id": "carol"})
	dave := s.do(t, req{method: "POST", path: "/api/v1/memories?user_id=dave", body: map[string]any{"text": "belongs to dave", "infer": false}})
	wantStatus(t, dave, 200)
	daveID := ids(dave.body, "results")[0]
	tests := []struct {
		path string
		want []string
	}{
		{"/api/v1/memories", []string{def}},
		{"/api/v1/memories?user_id=default", []string{def}},
		{"/api/v1/memories?user_id=carol", []string{carol}},
		{"/api/v1/memories?user_id=dave", []string{daveID}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ids(s.get(t, anon, tt.path).body, "items")); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
		})
	}
	g := s.get(t, anon, "/api/v1/memories/"+carol+"?user_id=carol")
	if wantStatus(t, g, 200); g.body["user_id"] != "carol" {
		t.Errorf("user_id = %v, want carol", g.body["user_id"])
	}
	wantError(t, s.get(t, anon, "/api/v1/memories/"+carol), 404, "not_found")
	sr := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "belongs carol", "user_id": "carol"})
	if got := ids(sr.body, "results"); !slices.Equal(got, []string{carol}) {
		t.Errorf("search as carol = %v, want [%s]", got, carol)
	}
	wantError(t, s.get(t, anon, "/api/v1/memories?user_id="+url.QueryEscape("bad\x01user")), 400, "invalid_request", "user_id")
}

// TestTenantIsolation: bob can never read, list, search or delete alice's
// memories, whatever ids or parameters he sends.
func TestTenantIsolation(t *testing.T) {
	s, aliceKey, bobKey := authServer(t)
	alice, bob := as{aliceKey, keyBearer}, as{bobKey, keyHeader}
	var aliceIDs []string
	for _, text := range []string{"zanzibar quokka secret one", "zanzibar quokka secret two", "my quokka is called Zed"} {
		aliceIDs = append(aliceIDs, s.addVerbatim(t, alice, text, map[string]any{"app": "claude"}))
	}
	// Bob names alice in the body: silently rescoped to bob.
	bobID := s.addVerbatim(t, bob, "bob notes a zanzibar quokka", map[string]any{"user_id": "alice", "app": "claude"})
	if u := s.get(t, bob, "/api/v1/memories/"+bobID).body["user_id"]; u != "bob" {
		t.Fatalf("bob's memory with body user_id alice landed under %v, want bob", u)
	}
	for _, id := range aliceIDs {
		wantError(t, s.get(t, bob, "/api/v1/memories/"+id), 404, "not_found")
		wantError(t, s.get(t, bob, "/api/v1/memories/"+id+"?user_id=alice"), 403, "forbidden")
	}
	for _, odd := range []string{"alice%00" + aliceIDs[0], "..%2Falice%2F" + aliceIDs[0], url.PathEscape("\x00") + aliceIDs[0]} {
		if r := s.get(t, bob, "/api/v1/memories/"+odd); r.status == 200 || r.status >= 500 {
			t.Errorf("GET odd id %q as bob: %d %s", odd, r.status, r.raw)
		}
	}
	lists := []string{"", "?size=100", "?search_query=zanzibar+quokka", "?app_id=claude", "?include_superseded=true", "?user_id=bob"}
	for _, q := range lists {
		r := s.get(t, bob, "/api/v1/memories"+q)
		wantStatus(t, r, 200)
		if got := ids(r.body, "items"); !slices.Equal(got, []string{bobID}) || num(r.body, "total") != 1 {
			t.Errorf("bob lists %q: items %v total %d, want only his own", q, got, num(r.body, "total"))
		}
	}
	wantError(t, s.get(t, bob, "/api/v1/memories?user_id=alice"), 403, "forbidden")
	for _, mode := range []string{"hybrid", "text", "vector"} {
		for _, body := range []map[string]any{
			{"query": "zanzibar quokka secret", "mode": mode, "top_k": 100},
			{"query": "quokka called Zed", "mode": mode, "user_id": "alice", "include_superseded": true, "app_name": "claude"},
		} {
			r := s.post(t, bob, "/api/v1/memories/search", body)
			wantStatus(t, r, 200)
			if got := ids(r.body, "results"); slices.ContainsFunc(got, func(id string) bool { return slices.Contains(aliceIDs, id) }) {
				t.Errorf("bob's search %v returned alice's memories: %v", body, got)
			}
		}
	}
	for _, extra := range []map[string]any{nil, {"user_id": "alice"}} {
		r := s.del(t, bob, aliceIDs, extra)
		wantStatus(t, r, 200)
		if len(strs(r.body, "deleted")) != 0 || !slices.Equal(strs(r.body, "not_found"), aliceIDs) {
			t.Errorf("bob deleting alice's ids: %s, want all not_found", r.raw)
		}
	}
	for _, id := range aliceIDs {
		wantStatus(t, s.get(t, alice, "/api/v1/memories/"+id), 200)
	}
	if r := s.get(t, alice, "/api/v1/memories"); num(r.body, "total") != len(aliceIDs) {
		t.Errorf("alice's total after bob's attempts = %d, want %d", num(r.body, "total"), len(aliceIDs))
	}
}
