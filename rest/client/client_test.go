package client

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
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
