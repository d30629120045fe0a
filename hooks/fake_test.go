package hooks

import (
	"cmp"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
)

// fakeMemsvcREST is a small scripted stand-in for the three memsvc REST
// routes the hooks call, shaped after ../shared/API.md:
//
//   - POST /api/v1/memories/search scores each memory by the share of its
//     words (4+ letters) found in the query and returns hits above 0, best
//     first, up to top_k;
//   - GET /api/v1/memories lists memories newest first, size per page,
//     filtered by memory_type;
//   - both keep only the memories of exactly the project asked for, if any,
//     as the real server does;
//   - POST /api/v1/memories/from-conversation records the request and
//     answers one ADD per message.
//
// With key set, any other bearer token gets the API's 401 error body, whose
// detail echoes the token it got (to prove the hooks redact it). status
// forces every answer to that code; delay holds every answer back until it
// passes or the client gives up. garbage answers every call 200 with a body
// that is not JSON; failFrom, when set, makes the failFrom-th call and every
// later one answer 500.
type fakeMemsvcREST struct {
	key      string
	memories []memory // oldest first
	status   int
	delay    time.Duration
	garbage  bool
	failFrom int
	// floor, when set, marks hits scoring below it "relevant": false, as
	// the server's relevance floor does.
	floor float64

	mu    sync.Mutex
	calls []fakeCall
}

// fakeCall is one request the fake received.
type fakeCall struct {
	Method, Path string
	Query        map[string][]string
	Auth         string
	Body         map[string]any
}

// fakeMemories are the stored facts of the fake's user, oldest first.
func fakeMemories() []memory {
	return []memory{
		{ID: "m1", Text: "Alice lives in Paris since March 2025", State: "active",
			CreatedAt: "2025-03-20T08:00:00Z", ValidFrom: "2025-03-14T00:00:00Z"},
		{ID: "m2", Text: "Alice prefers window seats\non long flights", State: "active",
			CreatedAt: "2025-04-02T17:30:00Z"},
		{ID: "m4", Text: "", State: "pending", CreatedAt: "2025-05-01T09:00:00Z"},
		{ID: "m3", Text: "The website deploys with `make deploy` from the main branch", State: "active",
			CreatedAt: "2025-05-20T11:00:00Z"},
	}
}

// newFakeMemsvcREST starts the fake; tune its fields before the first call.
func newFakeMemsvcREST(t *testing.T) (*fakeMemsvcREST, *httptest.Server) {
	t.Helper()
	f := &fakeMemsvcREST{memories: fakeMemories()}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeMemsvcREST) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	call := fakeCall{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Auth: r.Header.Get("Authorization")}
	if r.Body != nil {
		_ = json.NewDecoder(r.Body).Decode(&call.Body)
	}
	f.mu.Lock()
	f.calls = append(f.calls, call)
	n := len(f.calls)
	f.mu.Unlock()

	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-r.Context().Done():
			return
		}
	}
	if f.status != 0 || (f.failFrom > 0 && n >= f.failFrom) {
		writeJSON(w, cmp.Or(f.status, http.StatusInternalServerError),
			map[string]string{"detail": "scripted failure", "code": "internal"})
		return
	}
	if f.garbage {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("<html><body>502 Bad Gateway</body></html>"))
		return
	}
	if f.key != "" && call.Auth != "Bearer "+f.key {
		writeJSON(w, http.StatusUnauthorized, map[string]string{
			"detail": "invalid API key " + strings.TrimPrefix(call.Auth, "Bearer "), "code": "unauthorized"})
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/api/v1/memories/search":
		f.search(w, call.Body)
	case r.Method == http.MethodGet && r.URL.Path == "/api/v1/memories":
		f.list(w, call.Query)
	case r.Method == http.MethodPost && r.URL.Path == "/api/v1/memories/from-conversation":
		f.fromConversation(w, call.Body)
	default:
		writeJSON(w, http.StatusNotFound, map[string]string{"detail": "no route " + r.URL.Path, "code": "not_found"})
	}
}

func (f *fakeMemsvcREST) search(w http.ResponseWriter, body map[string]any) {
	query, _ := body["query"].(string)
	topK := 10
	if k, ok := body["top_k"].(float64); ok && k > 0 {
		topK = int(k)
	}
	project, _ := body["project"].(string)
	qw := words(query)
	var hits []map[string]any
	for _, m := range f.memories {
		if project != "" && m.Project != project {
			continue
		}
		mw := words(m.Text)
		shared := 0
		for _, w := range mw {
			if slices.Contains(qw, w) {
				shared++
			}
		}
		if shared == 0 {
			continue
		}
		hit := memoryJSON(m, float64(shared)/float64(len(mw)))
		if f.floor > 0 {
			hit["relevant"] = hit["score"].(float64) >= f.floor
		}
		hits = append(hits, hit)
	}
	slices.SortStableFunc(hits, func(a, b map[string]any) int {
		return cmp.Compare(b["score"].(float64), a["score"].(float64))
	})
	if len(hits) > topK {
		hits = hits[:topK]
	}
	writeJSON(w, http.StatusOK, map[string]any{"query": query, "results": hits, "total": len(hits)})
}

func (f *fakeMemsvcREST) list(w http.ResponseWriter, q map[string][]string) {
	size := 20
	if s, err := strconv.Atoi(first(q["size"])); err == nil && s > 0 {
		size = s
	}
	items := []map[string]any{}
	for i := len(f.memories) - 1; i >= 0 && len(items) < size; i-- {
		m := f.memories[i]
		if p := first(q["project"]); p != "" && m.Project != p {
			continue
		}
		if mt := first(q["memory_type"]); mt != "" && memoryType(m) != mt {
			continue
		}
		items = append(items, memoryJSON(m, 0))
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": len(f.memories), "page": 1, "size": size, "pages": 1})
}

func (f *fakeMemsvcREST) fromConversation(w http.ResponseWriter, body map[string]any) {
	msgs, _ := body["messages"].([]any)
	var results []map[string]any
	for i := range msgs {
		results = append(results, map[string]any{"id": "new" + strconv.Itoa(i), "text": "fact", "event": "ADD"})
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": results, "no_facts_extracted": len(results) == 0})
}

// requests returns what the fake received so far.
func (f *fakeMemsvcREST) requests() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.calls)
}

// searches returns the search requests the fake received so far, leaving
// out the list the prompt hook reads retirements from (retire.go).
func (f *fakeMemsvcREST) searches() []fakeCall {
	return slices.DeleteFunc(f.requests(), func(c fakeCall) bool { return c.Path != "/api/v1/memories/search" })
}

func memoryJSON(m memory, score float64) map[string]any {
	j := map[string]any{"id": m.ID, "text": m.Text, "state": m.State, "created_at": m.CreatedAt,
		"user_id": "alice", "app_name": "claude", "memory_type": memoryType(m), "valid_to": nil}
	if m.ValidFrom != "" {
		j["valid_from"] = m.ValidFrom
	}
	if m.Project != "" {
		j["project"] = m.Project
	}
	if len(m.Facts) > 0 {
		j["facts"] = m.Facts
	}
	if len(m.Tags) > 0 {
		j["tags"] = m.Tags
	}
	if score > 0 {
		j["score"] = score
	}
	return j
}

// memoryType is m's memory_type, semantic when unset.
func memoryType(m memory) string {
	return cmp.Or(m.MemoryType, "semantic")
}

func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len(w) >= 4 {
			out = append(out, w)
		}
	}
	return out
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}
