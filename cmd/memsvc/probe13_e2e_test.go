package main

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
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
		if holdsKey(string(raw), alice) {
			t.Errorf("GET %s: the redirect's body holds the key:\n%s", tc.path, raw)
		}
	}
	// A dashboard page asked for with the key in its address does not
	// copy it into its links (the pager's, the filters').
	for _, text := range []string{"first note to page through", "second note to page through"} {
		s.addVerbatim(t, as{alice, keyBearer}, text, nil)
	}
	b := newBrowser(t, s)
	b.signInUser(alice)
	if code, _, body := b.page(http.MethodGet, "/memories?size=1&api_key="+k, nil); code != http.StatusOK || holdsKey(body, alice) {
		t.Errorf("GET /memories?size=1&api_key=…: %d, the page holds the key: %v", code, holdsKey(body, alice))
	}
}

// holdsKey reports whether s holds key's secret part, as sent or escaped.
func holdsKey(s, key string) bool {
	sig := key[strings.LastIndexByte(key, '.')+1:]
	return strings.Contains(s, sig) || strings.Contains(s, url.QueryEscape(sig))
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

// TestNameFiltersMeetEveryNormalForm: a project, session id or app name
// typed on one machine composed ("caf\u00e9") and on another decomposed
// ("cafe\u0301") looks the same and is one name, as a user id already was
// (app names are ASCII):
// the filters compared bytes, so a listing, a search, MCP's Project header
// and the dashboard's filters found nothing stored under the other form.
// Names meet in NFC; a full-width look-alike stays another name (names are
// compared by eye, and a scope a look-alike could enter is no scope).
func TestNameFiltersMeetEveryNormalForm(t *testing.T) {
	const decomposed, composed, fullWidth = "cafe\u0301", "caf\u00e9", "\uff43\uff41\uff46\u00e9"
	s := startServer(t, nil)
	id := s.addVerbatim(t, anon, "The espresso machine needs descaling every month",
		map[string]any{"project": decomposed, "session_id": decomposed})
	for _, tc := range []struct {
		name string
		want bool
	}{{decomposed, true}, {composed, true}, {fullWidth, false}} {
		n := url.QueryEscape(tc.name)
		for _, f := range []string{"project", "session_id"} {
			l := s.get(t, anon, "/api/v1/memories?"+f+"="+n)
			if got := slices.Contains(ids(l.body, "items"), id); got != tc.want {
				t.Errorf("list %s=%+q finds it: %v, want %v: %s", f, tc.name, got, tc.want, l.raw)
			}
		}
		for _, f := range []string{"project", "session_id"} {
			r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "espresso descaling", f: tc.name})
			if got := slices.Contains(ids(r.body, "results"), id); got != tc.want {
				t.Errorf("search %s=%+q finds it: %v, want %v: %s", f, tc.name, got, tc.want, r.raw)
			}
		}
		hc := &http.Client{Timeout: 30 * time.Second, Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			r = r.Clone(r.Context())
			r.Header.Set("Project", tc.name)
			return http.DefaultTransport.RoundTrip(r)
		})}
		sess, err := sdk.NewClient(&sdk.Implementation{Name: "forms", Version: "1"}, nil).Connect(context.Background(),
			&sdk.StreamableClientTransport{Endpoint: s.base + "/mcp/forms", HTTPClient: hc, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := mcpCall(t, sess, "search_memory", map[string]any{"query": "espresso descaling", "session_id": tc.name})
		sess.Close()
		if strings.Contains(got, id) != tc.want {
			t.Errorf("MCP search_memory with Project and session_id %+q finds it: %v, want %v:\n%s", tc.name, !tc.want, tc.want, got)
		}
		b := newBrowser(t, s)
		for _, q := range []string{"project=" + n + "&session=" + n, "q=espresso&project=" + n + "&session=" + n} {
			code, _, body := b.page(http.MethodGet, "/memories?"+q, nil)
			if code != http.StatusOK || strings.Contains(body, id) != tc.want {
				t.Errorf("dashboard /memories?%s: %d, finds it: %v, want %v", q, code, !tc.want, tc.want)
			}
		}
	}
}
