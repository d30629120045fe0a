package client

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestClient(t *testing.T) {
	var gotQuery, gotAuth, gotType string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotQuery, gotAuth, gotType = r.URL.RawQuery, r.Header.Get("Authorization"), r.Header.Get("Content-Type")
		switch r.URL.Path {
		case "/api/v1/memories/search":
			var req SearchRequest
			if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Query != "tea" {
				t.Errorf("search body %+v, %v", req, err)
			}
			w.Write([]byte(`{"results":[{"id":"m1","text":"likes tea","score":0.5,"created_at":"soon"}],"reranker":"x"}`))
		case "/api/v1/memories":
			w.WriteHeader(http.StatusForbidden)
			w.Write([]byte(`{"detail":"no","code":"forbidden"}`))
		}
	}))
	defer srv.Close()
	c := &Client{BaseURL: srv.URL + "/"}
	res, err := c.Search(t.Context(), SearchRequest{Query: "tea"})
	if err != nil || len(res.Results) != 1 || res.Results[0].Score != 0.5 || res.Reranker != "x" {
		t.Fatalf("Search = %+v, %v", res, err)
	}
	if gotType != "application/json" {
		t.Errorf("Content-Type %q", gotType)
	}
	_, err = c.List(t.Context(), ListRequest{Size: 3, UserID: "alice"})
	var e *Error
	if !errors.As(err, &e) || e.Status != 403 || e.Code != "forbidden" {
		t.Errorf("List error = %v, want *Error 403 forbidden", err)
	}
	if gotQuery != "size=3&user_id=alice" {
		t.Errorf("query %q", gotQuery)
	}
	c.APIKey = "k"
	_, _ = c.List(t.Context(), ListRequest{Size: 3, UserID: "alice"})
	if gotQuery != "size=3" || gotAuth != "Bearer k" {
		t.Errorf("with a key: query %q auth %q; the key alone decides the user", gotQuery, gotAuth)
	}
}

func TestClientMemoryCalls(t *testing.T) {
	type call struct{ method, path, query, body string }
	var got []call
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, call{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, string(b)})
		switch r.Method {
		case http.MethodPost:
			w.Write([]byte(`{"results":[{"id":"m1","text":"t","event":"ADD"}]}`))
		case http.MethodDelete:
			w.Write([]byte(`{"deleted":["m1"],"not_found":["m2"]}`))
		default:
			w.Write([]byte(`{"id":"m1","text":"t","state":"active","valid_to":null}`))
		}
	}))
	defer srv.Close()
	c := &Client{BaseURL: srv.URL}
	no := false
	add, err := c.Add(t.Context(), AddRequest{Text: "t", Infer: &no, App: "claude"})
	if err != nil || len(add.Results) != 1 || add.Results[0].Event != "ADD" {
		t.Errorf("Add = %+v, %v", add, err)
	}
	m, err := c.Get(t.Context(), "a/b", "carol")
	if err != nil || m.ID != "m1" || m.ValidTo != nil {
		t.Errorf("Get = %+v, %v", m, err)
	}
	del, err := c.Delete(t.Context(), DeleteRequest{MemoryIDs: []string{"m1", "m2"}})
	if err != nil || len(del.Deleted) != 1 || del.NotFound[0] != "m2" {
		t.Errorf("Delete = %+v, %v", del, err)
	}
	_, _ = c.List(t.Context(), ListRequest{AppID: "claude", Categories: []string{"pet", "location"},
		SearchQuery: "rex dog", IncludeSuperseded: true, SessionID: "s1"})
	want := []call{
		{"POST", "/api/v1/memories", "", `{"text":"t","app":"claude","infer":false}`},
		{"GET", "/api/v1/memories/a%2Fb", "user_id=carol", ""},
		{"DELETE", "/api/v1/memories", "", `{"memory_ids":["m1","m2"]}`},
		{"GET", "/api/v1/memories", "app_id=claude&categories=pet%2Clocation&include_superseded=true&search_query=rex+dog&session_id=s1", ""},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(call{})); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

// TestClientWaitsOutRateLimit: a 429 with Retry-After is waited out and
// the same request sent again, up to maxRateWaits times, and only when the
// wait fits in the call's deadline; other refusals are not retried.
func TestClientWaitsOutRateLimit(t *testing.T) {
	var calls int
	var bodies []string
	refusals, retryAfter := 0, "0"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		b, _ := io.ReadAll(r.Body)
		bodies = append(bodies, string(b))
		if calls <= refusals {
			w.Header().Set("Retry-After", retryAfter)
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"detail":"slow down","code":"rate_limited"}`))
			return
		}
		w.Write([]byte(`{"results":[]}`))
	}))
	defer srv.Close()
	c := &Client{BaseURL: srv.URL}
	search := func(ctx context.Context) error {
		calls, bodies = 0, nil
		_, err := c.Search(ctx, SearchRequest{Query: "tea"})
		return err
	}

	refusals = maxRateWaits
	if err := search(t.Context()); err != nil || calls != maxRateWaits+1 {
		t.Fatalf("%d refusals: err %v after %d calls, want success on call %d", refusals, err, calls, maxRateWaits+1)
	}
	for _, b := range bodies[1:] {
		if b != bodies[0] {
			t.Fatalf("a retry sent another body: %q, first %q", b, bodies[0])
		}
	}
	refusals = maxRateWaits + 1
	var e *Error
	if err := search(t.Context()); !errors.As(err, &e) || e.Status != http.StatusTooManyRequests || calls != maxRateWaits+1 {
		t.Errorf("past maxRateWaits: err %v after %d calls, want the 429 after %d", err, calls, maxRateWaits+1)
	}
	refusals, retryAfter = 1, "30"
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	start := time.Now()
	if err := search(ctx); !errors.As(err, &e) || e.Code != "rate_limited" || calls != 1 || time.Since(start) > time.Second {
		t.Errorf("a wait past the deadline: err %v after %d calls in %v, want the 429 at once", err, calls, time.Since(start))
	}
	refusals, retryAfter = 1, ""
	if err := search(t.Context()); !errors.As(err, &e) || calls != 1 {
		t.Errorf("a 429 without Retry-After: err %v after %d calls, want it given back", err, calls)
	}
}
