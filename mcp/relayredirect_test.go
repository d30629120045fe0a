package mcp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/mcp"
)

// TestRelayKeepsTheKeyOnRedirect: the stdio relay's transport puts the
// key on every request it sends, so a redirect from the server's endpoint
// to any other address (a proxy's, or a stale address file's) received
// the key. The relay follows redirects only within the endpoint's origin
// now, and fails to connect naming where it was sent.
func TestRelayKeepsTheKeyOnRedirect(t *testing.T) {
	const key = "msk_dGVzdA.0123456789abcdef.relay-redirect-key-0123456789abcdef"
	var leaked atomic.Value
	leaked.Store("")
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaked.Store(r.Header.Get("Authorization"))
		http.Error(w, "no", http.StatusNotFound)
	}))
	defer other.Close()
	own := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer own.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := mcp.DialRelay(ctx, mcp.RelayOptions{Endpoint: own.URL + "/mcp/desk", APIKey: key})
	if got := leaked.Load().(string); got != "" {
		t.Errorf("the key was sent to the redirect's target: %q", got)
	}
	if err == nil || !strings.Contains(err.Error(), "redirect") {
		t.Errorf("DialRelay: %v; want an error naming the redirect", err)
	}
}
