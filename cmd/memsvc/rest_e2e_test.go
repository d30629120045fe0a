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
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/memsvc/memsvc/rest/client"
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
	c := s.api("")
	t.Run("add verbatim", func(t *testing.T) {
		res, err := c.Add(t.Context(), verbatim("Alice lives in Paris"))
		if err != nil || len(res.Results) != 1 {
			t.Fatalf("add = %+v, %v", res, err)
		}
		got := res.Results[0]
		if got.Text != "Alice lives in Paris" || got.Event != "ADD" || got.ID == "" {
			t.Errorf("result = %+v, want {id, text, event: ADD}", got)
		}
		g, err := c.Get(t.Context(), got.ID, "")
		if err != nil {
			t.Fatalf("get: %v", err)
		}
		want := client.Memory{ID: got.ID, Text: "Alice lives in Paris", UserID: "default", State: "active", MemoryType: "semantic"}
		if diff := cmp.Diff(want, *g, cmpopts.IgnoreFields(client.Memory{}, "Categories", "Source",
			"CreatedAt", "UpdatedAt", "ValidFrom", "RecordedAt")); diff != "" {
			t.Errorf("get (-want +got):\n%s", diff)
		}
		for field, v := range map[string]string{"created_at": g.CreatedAt, "updated_at": g.UpdatedAt,
			"valid_from": g.ValidFrom, "recorded_at": g.RecordedAt} {
			if _, err := time.Parse(time.RFC3339, v); err != nil {
				t.Errorf("get: %s = %q, want an RFC 3339 time", field, v)
			}
		}
		// The open validity window is written out as nulls, which a typed
		// client cannot tell from absent fields: check the wire itself.
		raw := s.get(t, anon, "/api/v1/memories/"+got.ID)
		for _, field := range []string{"valid_to", "expired_at", "superseded_by"} {
			if v, ok := raw.body[field]; !ok || v != nil {
				t.Errorf("get: %s = %v (present %v), want null", field, v, ok)
			}
		}
	})
	t.Run("timestamp sets valid_from", func(t *testing.T) {
		req := verbatim("Bob started a new job")
		req.Timestamp = "2023-05-01T10:00:00Z"
		g, err := c.Get(t.Context(), addOne(t, c, req), "")
		if err != nil {
			t.Fatalf("get: %v", err)
		}
		vf, _ := time.Parse(time.RFC3339, g.ValidFrom)
		if !vf.Equal(time.Date(2023, 5, 1, 10, 0, 0, 0, time.UTC)) {
			t.Errorf("valid_from = %v, want 2023-05-01T10:00:00Z", g.ValidFrom)
		}
		rec, _ := time.Parse(time.RFC3339, g.RecordedAt)
		if time.Since(rec) > time.Hour {
			t.Errorf("recorded_at = %v, want about now (when memsvc learned it)", g.RecordedAt)
		}
	})
	t.Run("unknown id", func(t *testing.T) {
		_, err := c.Get(t.Context(), "01NOPE", "")
		wantClientError(t, err, http.StatusNotFound, "not_found")
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
		{"search top_k not whole", req{path: "/api/v1/memories/search", body: map[string]any{"query": "x", "top_k": 5.5}}, 400, "invalid_request", []string{"top_k", "an integer"}},
		{"conversation sent to add", req{body: map[string]any{"messages": []any{map[string]any{"role": "user", "content": "I live in Oslo"}}}}, 400, "invalid_request", []string{"text", "/api/v1/memories/from-conversation"}},
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
	c := s.api("")
	paris := addOne(t, c, verbatim("Alice lives in Paris near the Seine"))
	addOne(t, c, verbatim("Bob plays the guitar every evening"))
	carol := verbatim("Carol is allergic to peanuts")
	carol.MemoryType = "episodic"
	addOne(t, c, carol)
	tests := []struct {
		name     string
		req      client.SearchRequest
		mentions string // field named by a 400; "" for a 200
		first    string // expected top hit for a 200
	}{
		{"default hybrid", client.SearchRequest{Query: "where does Alice live"}, "", paris},
		{"text mode", client.SearchRequest{Query: "Paris", Mode: "text"}, "", paris},
		{"vector mode", client.SearchRequest{Query: "Alice lives in Paris", Mode: "vector"}, "", paris},
		{"hybrid mode top_k 1", client.SearchRequest{Query: "Paris Seine", Mode: "hybrid", TopK: 1}, "", paris},
		{"rerank cross_encoder", client.SearchRequest{Query: "Paris", Rerank: "cross_encoder"}, "", paris},
		{"top_k 100", client.SearchRequest{Query: "Paris", TopK: 100}, "", paris},
		{"app_name never filters", client.SearchRequest{Query: "Paris", AppName: "other"}, "", paris},
		{"top_k 101", client.SearchRequest{Query: "Paris", TopK: 101}, "top_k", ""},
		{"top_k negative", client.SearchRequest{Query: "Paris", TopK: -3}, "top_k", ""},
		{"bad mode", client.SearchRequest{Query: "Paris", Mode: "fuzzy"}, "mode", ""},
		{"bad rerank", client.SearchRequest{Query: "Paris", Rerank: "foo"}, "rerank", ""},
		{"empty query", client.SearchRequest{Query: ""}, "query", ""},
		{"bad memory_type", client.SearchRequest{Query: "Paris", MemoryType: "dream"}, "memory_type", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := c.Search(t.Context(), tt.req)
			if tt.mentions != "" {
				wantClientError(t, err, 400, "invalid_request", tt.mentions)
				return
			}
			if err != nil {
				t.Fatalf("search: %v", err)
			}
			got := memoryIDs(r.Results)
			if len(got) == 0 || got[0] != tt.first {
				t.Fatalf("results %v, want %s first", got, tt.first)
			}
			if r.Query != tt.req.Query || r.Total < len(got) {
				t.Errorf("query = %q, total = %d; want the query echoed and total ≥ %d", r.Query, r.Total, len(got))
			}
			if tt.req.TopK > 0 && len(got) > tt.req.TopK {
				t.Errorf("%d results, want ≤ top_k %d", len(got), tt.req.TopK)
			}
			if r.Results[0].Score <= 0 {
				t.Errorf("result has no positive score: %+v", r.Results[0])
			}
		})
	}
	t.Run("top_k 0", func(t *testing.T) {
		// Raw: the client leaves a zero top_k out (the server's default).
		r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "Paris", "top_k": 0})
		wantError(t, r, 400, "invalid_request", "top_k")
	})
	t.Run("memory_type filters", func(t *testing.T) {
		r, err := c.Search(t.Context(), client.SearchRequest{Query: "Paris peanuts guitar", MemoryType: "episodic"})
		if err != nil {
			t.Fatalf("search: %v", err)
		}
		for _, res := range r.Results {
			if res.MemoryType != "episodic" {
				t.Errorf("memory_type filter returned a %v memory", res.MemoryType)
			}
		}
	})
}

func TestListPaging(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	var added []string
	for i := range 5 {
		added = append(added, addOne(t, c, verbatim(fmt.Sprintf("note number %d", i))))
	}
	newest := slices.Clone(added)
	slices.Reverse(newest)
	tests := []struct {
		page, size               int // 0: not sent
		want                     []string
		total, wpage, wsize, pgs int
	}{
		{0, 0, newest, 5, 1, 20, 1},
		{1, 2, newest[:2], 5, 1, 2, 3},
		{2, 2, newest[2:4], 5, 2, 2, 3},
		{3, 2, newest[4:], 5, 3, 2, 3},
		{4, 2, nil, 5, 4, 2, 3},
		{0, 100, newest, 5, 1, 100, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("list page %d size %d", tt.page, tt.size), func(t *testing.T) {
			r, err := c.List(t.Context(), client.ListRequest{Page: tt.page, Size: tt.size})
			if err != nil {
				t.Fatalf("list: %v", err)
			}
			if diff := cmp.Diff(tt.want, memoryIDs(r.Items)); diff != "" {
				t.Errorf("items (-want +got), newest first:\n%s", diff)
			}
			got := []int{r.Total, r.Page, r.Size, r.Pages}
			if diff := cmp.Diff([]int{tt.total, tt.wpage, tt.wsize, tt.pgs}, got); diff != "" {
				t.Errorf("[total page size pages] (-want +got):\n%s", diff)
			}
		})
	}
	// Raw: zero, negative and non-numeric values are what the client never sends.
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
	c := s.api("")
	add := func(text, app, memoryType string) string {
		req := verbatim(text)
		req.App, req.MemoryType = app, memoryType
		return addOne(t, c, req)
	}
	paris := add("I moved to Paris last spring", "claude", "")
	dog := add("My dog is called Rex", "cursor", "episodic")
	deploy := add("Deploy with make release", "claude", "procedural")
	cats := func(id string) []string {
		m, err := c.Get(t.Context(), id, "")
		if err != nil {
			t.Fatalf("get %s: %v", id, err)
		}
		return m.Categories
	}
	if !slices.Contains(cats(paris), "location") || !slices.Contains(cats(dog), "pet") {
		t.Fatalf("categories: paris %v, dog %v; want location and pet", cats(paris), cats(dog))
	}
	tests := []struct {
		name string
		req  client.ListRequest
		want []string // newest first
	}{
		{"app claude", client.ListRequest{AppID: "claude"}, []string{deploy, paris}},
		{"app cursor", client.ListRequest{AppID: "cursor"}, []string{dog}},
		{"app nobody", client.ListRequest{AppID: "nobody"}, nil},
		{"episodic", client.ListRequest{MemoryType: "episodic"}, []string{dog}},
		{"procedural", client.ListRequest{MemoryType: "procedural"}, []string{deploy}},
		{"semantic", client.ListRequest{MemoryType: "semantic"}, []string{paris}},
		{"category pet", client.ListRequest{Categories: []string{"pet"}}, []string{dog}},
		{"categories pet or location", client.ListRequest{Categories: []string{"pet", "location"}}, []string{dog, paris}},
		{"search paris", client.ListRequest{SearchQuery: "paris"}, []string{paris}},
		{"search Rex dog", client.ListRequest{SearchQuery: "Rex dog"}, []string{dog}},
		{"search Rex Paris", client.ListRequest{SearchQuery: "Rex Paris"}, nil},
		{"app and type", client.ListRequest{AppID: "claude", MemoryType: "semantic"}, []string{paris}},
		{"include superseded", client.ListRequest{IncludeSuperseded: true}, []string{deploy, dog, paris}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := c.List(t.Context(), tt.req)
			if err != nil {
				t.Fatalf("list: %v", err)
			}
			if diff := cmp.Diff(tt.want, memoryIDs(r.Items)); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
			if r.Total != len(tt.want) {
				t.Errorf("total = %d, want %d", r.Total, len(tt.want))
			}
		})
	}
	// Raw: parameters sent empty or false, which the client leaves out.
	for _, query := range []string{"?memory_type=", "?include_superseded=false"} {
		t.Run(query, func(t *testing.T) {
			r := s.get(t, anon, "/api/v1/memories"+query)
			wantStatus(t, r, 200)
			if diff := cmp.Diff([]string{deploy, dog, paris}, ids(r.body, "items")); diff != "" || num(r.body, "total") != 3 {
				t.Errorf("items (-want +got):\n%s; total %d, want 3", diff, num(r.body, "total"))
			}
		})
	}
}

func TestDelete(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	a := addOne(t, c, verbatim("the cat sleeps on the sofa"))
	b := addOne(t, c, verbatim("the kettle is broken"))
	r, err := c.Delete(t.Context(), client.DeleteRequest{MemoryIDs: []string{a, "01NOPE", a}})
	if err != nil {
		t.Fatalf("delete: %v", err)
	}
	if diff := cmp.Diff([]string{a}, r.Deleted); diff != "" {
		t.Errorf("deleted (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"01NOPE"}, r.NotFound); diff != "" {
		t.Errorf("not_found (-want +got):\n%s", diff)
	}
	_, err = c.Get(t.Context(), a, "")
	wantClientError(t, err, 404, "not_found")
	// Every trace is gone: neither list nor search (text or vector) finds it.
	if l, err := c.List(t.Context(), client.ListRequest{SearchQuery: "sofa"}); err != nil || len(l.Items) != 0 {
		t.Errorf("list search_query=sofa after delete = %+v, %v", l, err)
	}
	for _, mode := range []string{"text", "vector", "hybrid"} {
		sr, err := c.Search(t.Context(), client.SearchRequest{Query: "cat sofa", Mode: mode})
		if err != nil {
			t.Fatalf("search mode %s: %v", mode, err)
		}
		if slices.Contains(memoryIDs(sr.Results), a) {
			t.Errorf("search mode %s after delete still returns %s", mode, a)
		}
	}
	again, err := c.Delete(t.Context(), client.DeleteRequest{MemoryIDs: []string{a}})
	if err != nil || !cmp.Equal([]string{a}, again.NotFound) || len(again.Deleted) != 0 {
		t.Errorf("second delete = %+v, %v, want all not_found", again, err)
	}
	if _, err := c.Get(t.Context(), b, ""); err != nil {
		t.Errorf("the other memory: %v", err)
	}
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
		// /memories/search is the search route, not an id to look up: a GET
		// there is a method it does not take (rest/shadowed.go).
		{"GET", "/api/v1/memories/search", 405, "method_not_allowed"},
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
	c := s.api("")
	def := addOne(t, c, verbatim("belongs to the default user"))
	carolReq := verbatim("belongs to carol")
	carolReq.UserID = "carol"
	carol := addOne(t, c, carolReq)
	// Raw: the user named in the query string of a POST, which the client never does.
	dave := s.do(t, req{method: "POST", path: "/api/v1/memories?user_id=dave", body: map[string]any{"text": "belongs to dave", "infer": false}})
	wantStatus(t, dave, 200)
	daveID := ids(dave.body, "results")[0]
	tests := []struct {
		user string
		want []string
	}{
		{"", []string{def}},
		{"default", []string{def}},
		{"carol", []string{carol}},
		{"dave", []string{daveID}},
	}
	for _, tt := range tests {
		t.Run("list as "+tt.user, func(t *testing.T) {
			r, err := c.List(t.Context(), client.ListRequest{UserID: tt.user})
			if err != nil {
				t.Fatalf("list: %v", err)
			}
			if diff := cmp.Diff(tt.want, memoryIDs(r.Items)); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
		})
	}
	if g, err := c.Get(t.Context(), carol, "carol"); err != nil || g.UserID != "carol" {
		t.Errorf("get as carol = %+v, %v; want user_id carol", g, err)
	}
	_, err := c.Get(t.Context(), carol, "")
	wantClientError(t, err, 404, "not_found")
	sr, err := c.Search(t.Context(), client.SearchRequest{Query: "belongs carol", UserID: "carol"})
	if err != nil || !slices.Equal(memoryIDs(sr.Results), []string{carol}) {
		t.Errorf("search as carol = %+v, %v, want [%s]", sr, err, carol)
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
