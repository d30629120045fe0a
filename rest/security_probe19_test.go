package rest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/rest"
)

// TestProbe19CategoriesEmptyItems: `?categories=,,,` read as no filter
// at all, so a client that built the list from empty values got every
// memory back as if it had matched. Like the other list parameters, an
// empty (or blank) value is no filter; a list with an empty item is a 400
// naming categories, since no category is named "".
func TestProbe19CategoriesEmptyItems(t *testing.T) {
	a := newAPIEnv(t)
	a.mustCall(http.StatusOK, http.MethodPost, "/api/v1/memories", "ann",
		map[string]any{"text": "I keep my bicycle in the cellar", "infer": false}, nil)
	for _, tt := range []struct {
		query string
		want  int
	}{
		{"categories=", http.StatusOK},
		{"categories=%20", http.StatusOK},
		{"categories=location", http.StatusOK},
		{"categories=location,%20travel", http.StatusOK},
		{"categories=,,,", http.StatusBadRequest},
		{"categories=,", http.StatusBadRequest},
		{"categories=location,,travel", http.StatusBadRequest},
		{"categories=location,", http.StatusBadRequest},
		{"categories=%20,%20", http.StatusBadRequest},
		{"categories=,,,&search_query=bicycle", http.StatusBadRequest},
	} {
		var body apiError
		got := a.call(http.MethodGet, "/api/v1/memories?"+tt.query, "ann", nil, &body)
		if got != tt.want {
			t.Errorf("?%s: status %d (%q), want %d", tt.query, got, body.Detail, tt.want)
		}
		if tt.want == http.StatusBadRequest && (!strings.Contains(body.Detail, "categories") || body.Code != "invalid_request") {
			t.Errorf("?%s: %q %q, want invalid_request naming categories", tt.query, body.Code, body.Detail)
		}
	}
}

// TestProbe19KeyInUnreadQueryParameter: with auth on, a key sent as
// ?apikey=, ?apiKey=, ?token= or ?access_token= (as other services take
// it) got "missing API key", as if none had been sent, while a key in an
// unread header (X-API-Key) is named. The 401 now names the parameter and
// the places that work, never the key, on REST and MCP alike.
func TestProbe19KeyInUnreadQueryParameter(t *testing.T) {
	keys := auth.NewKeyring("probe19-secret-0123456789abcdef0123456789abcdef", t.TempDir())
	key, _, err := keys.Mint("ann")
	if err != nil {
		t.Fatal(err)
	}
	h, err := rest.New(rest.Options{Keys: keys, Logger: log.New(io.Discard),
		MCP: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for _, tt := range []struct {
		query string
		want  string // in the 401's detail
	}{
		{"apikey=" + key, `"apikey"`},
		{"apiKey=" + key, `"apiKey"`},
		{"API_KEY=" + key, `"API_KEY"`},
		{"api-key=" + key, `"api-key"`},
		{"token=" + key, `"token"`},
		{"access_token=" + key, `"access_token"`},
		{"key=" + key, `"key"`},
		{"q=" + key, `"q"`},
		{"page=1", "missing API key"},
	} {
		for _, path := range []string{"/api/v1/memories", "/mcp/claude"} {
			resp, err := http.Get(srv.URL + path + "?" + tt.query)
			if err != nil {
				t.Fatal(err)
			}
			var body apiError
			json.NewDecoder(resp.Body).Decode(&body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body.Detail, tt.want) ||
				!strings.Contains(body.Detail, "?api_key=") {
				t.Errorf("%s?%s: %d %s; want 401 naming %s and ?api_key=", path, tt.query, resp.StatusCode, body, tt.want)
			}
			if strings.Contains(body.Detail, "msk_") {
				t.Errorf("%s?%s: the refusal echoes the key: %s", path, tt.query, body)
			}
		}
	}
}

// TestProbe19UnknownParametersNamedInOrder: a request with several
// parameters a route does not read named one picked at random (Go's map
// order), so the same request got a different refusal each time. The
// first by name is named, every time, on REST and MCP alike.
func TestProbe19UnknownParametersNamedInOrder(t *testing.T) {
	a := newAPIEnv(t)
	for _, path := range []string{"/api/v1/memories?zeta=1&beta=2&alpha=3&gamma=4", "/api/v1/export?zz=1&yy=2&xx=3"} {
		seen := map[string]bool{}
		for range 20 {
			var body apiError
			if status := a.call(http.MethodGet, path, "ann", nil, &body); status != http.StatusBadRequest {
				t.Fatalf("%s: %d %q, want 400", path, status, body.Detail)
			}
			seen[body.Detail] = true
		}
		if len(seen) != 1 {
			t.Errorf("%s: %d different refusals for one request: %v", path, len(seen), seen)
		}
	}
}
