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

// TestConversationMessageIDsUnique: two messages of one from-conversation
// request under one id were both stored, and a fact's provenance
// (source.message_ids) then named a turn that could be either. The request
// is refused whole, naming the id and both positions, and nothing is
// stored; distinct ids, and messages without one, still go through.
func TestConversationMessageIDsUnique(t *testing.T) {
	s := startServer(t, nil)
	msgs := []map[string]any{
		{"role": "user", "content": "My sister moved to Lisbon last spring.", "id": "turn-1"},
		{"role": "assistant", "content": "That sounds like a big change.", "id": "turn-2"},
		{"role": "user", "content": "She started work at a bakery there.", "id": "turn-1"},
	}
	r := s.post(t, anon, "/api/v1/memories/from-conversation", map[string]any{"messages": msgs})
	wantError(t, r, http.StatusBadRequest, "invalid_request", "messages[2].id", `"turn-1"`, "messages[0]")
	if l := s.get(t, anon, "/api/v1/memories?include_superseded=true"); num(l.body, "total") != 0 {
		t.Errorf("a refused conversation stored something: %s", l.raw)
	}
	msgs[2]["id"] = "turn-3"
	msgs[1]["id"] = ""
	r = s.post(t, anon, "/api/v1/memories/from-conversation", map[string]any{"messages": append(msgs,
		map[string]any{"role": "assistant", "content": "Lovely."})})
	wantStatus(t, r, http.StatusOK)
}
