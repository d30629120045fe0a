package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestRedirectElsewhereKeepsTheKey: Go's HTTP client copies the
// Authorization header onto a redirect to the same host name whatever the
// scheme or port, so a server (or a proxy in front of it) answering 307 to
// http://same-host:other-port/ got the bearer key sent there, in clear
// when the first hop was https. The client follows a redirect only within
// its server's origin now and otherwise fails naming where it was sent; a
// redirect within the origin is still followed with the key.
func TestRedirectElsewhereKeepsTheKey(t *testing.T) {
	const key = "msk_dGVzdA.0123456789abcdef.redirect-test-key-0123456789abcdef"
	var leaked atomic.Value
	leaked.Store("")
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaked.Store(r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"results":[],"total":0}`))
	}))
	defer other.Close()
	own := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/v1/memories/search":
			http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
		case "/api//v1/memories":
			http.Redirect(w, r, "/api/v1/memories", http.StatusMovedPermanently)
		default:
			if r.Header.Get("Authorization") != "Bearer "+key {
				http.Error(w, `{"detail":"no key","code":"unauthorized"}`, http.StatusUnauthorized)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"items":[],"total":0,"page":1,"size":20,"pages":0}`))
		}
	}))
	defer own.Close()
	for _, hc := range []*http.Client{nil, {}} {
		leaked.Store("")
		c := &Client{BaseURL: own.URL, APIKey: key, HTTP: hc}
		_, err := c.Search(context.Background(), SearchRequest{Query: "anything"})
		if got := leaked.Load().(string); got != "" {
			t.Errorf("the key was sent to the redirect's target: %q", got)
		}
		if err == nil || !strings.Contains(err.Error(), "redirect") {
			t.Errorf("search redirected elsewhere: err %v; want an error naming the redirect", err)
		}
		// A same-origin redirect (the server cleaning a path) still works.
		if _, err := c.send(context.Background(), http.MethodGet, own.URL+"/api//v1/memories", nil, &ListResponse{}); err != nil {
			t.Errorf("a same-origin redirect: %v", err)
		}
	}
}
