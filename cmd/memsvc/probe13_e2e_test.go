package main

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestRedirectsDropTheKey: a request whose path the server cleans
// ("/api//v1/memories", "/x/../memories", "/static") is answered with a
// redirect, and its Location (and the dashboard's redirect page) copied
// the query as sent, ?api_key= included: a key sent in the address was
// handed on to the next hop, into its logs and the browser's history.
// Every other parameter is still kept, in order; the key, in any spelling
// of its name, is not.
func TestRedirectsDropTheKey(t *testing.T) {
	s, alice, _ := authServer(t)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	k := url.QueryEscape(alice)
	for _, tc := range []struct{ path, want string }{
		{"/api//v1/memories?size=1&api_key=" + k, "/api/v1/memories?size=1"},
		{"/api/v1/./memories?api_key=" + k + "&page=2", "/api/v1/memories?page=2"},
		{"/api/v1/x/../memories?%61pi_key=" + k, "/api/v1/memories"},
		{"/mcp/./probe?API_KEY=" + k, "/mcp/probe"},
		{"/static?api_key=" + k, "/static/"},
		{"/static/../memories?api_key=" + k + "&q=a", "/memories?q=a"},
		{"/memories//x?Api_Key=" + k, "/memories/x"},
	} {
		hr, err := http.NewRequest(http.MethodGet, s.base+tc.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := noFollow.Do(hr)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		loc := res.Header.Get("Location")
		if res.StatusCode/100 != 3 || loc != tc.want {
			t.Errorf("GET %s: %d → %q; want a redirect to %q", tc.path, res.StatusCode, loc, tc.want)
		}
		sig := alice[strings.LastIndexByte(alice, '.')+1:]
		if strings.Contains(string(raw), sig) || strings.Contains(string(raw), url.QueryEscape(sig)) {
			t.Errorf("GET %s: the redirect's body holds the key:\n%s", tc.path, raw)
		}
	}
}
