package main

import (
	"net/http"
	"strconv"
	"testing"
)

// The holes a ninth security probe of a running server found, each closed
// at its cause; every test drives a real server over real HTTP as a
// hostile client would.

// TestRateLimitPerUser: one API key could send requests as fast as the
// server answered them, and so take the whole server (its CPU, its store's
// write lock) from every other user; nothing bounded a user but the
// connection cap, which a single client stays under. Now each key's user
// has a token bucket (--rate-limit a minute, --rate-burst at once): beyond
// it, a 429 rate_limited whose Retry-After says when the bucket holds a
// request again. The bucket is the user's, whichever key, key form or edge
// (REST, MCP) a request comes by; other users and the health check are
// not touched.
func TestRateLimitPerUser(t *testing.T) {
	const secret = "e2e-rate-secret-0123456789abcdef0123456789"
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_RATE_LIMIT": "6", "MEMSVC_RATE_BURST": "4"})
	alice, alice2, bob := mintKey(t, secret, s.dataDir, "alice"), mintKey(t, secret, s.dataDir, "alice"), mintKey(t, secret, s.dataDir, "bob")

	// The burst, spent by two keys and two key forms of the same user.
	for i, who := range []as{{alice, keyBearer}, {alice2, keyBearer}, {alice, keyHeader}, {alice2, keyQuery}} {
		if r := s.get(t, who, "/api/v1/memories"); r.status != http.StatusOK {
			t.Fatalf("request %d of alice's burst: status %d, want 200; body: %s", i+1, r.status, r.raw)
		}
	}
	for _, r := range []resp{
		s.get(t, as{alice, keyBearer}, "/api/v1/memories"),
		s.post(t, as{alice2, keyHeader}, "/api/v1/memories/search", map[string]any{"query": "anything"}),
		s.do(t, req{method: http.MethodPost, path: "/mcp/probe", key: alice, place: keyBearer,
			raw: []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)}),
	} {
		wantError(t, r, http.StatusTooManyRequests, "rate_limited", "retry in", "--rate-limit")
		// One request every ten seconds: the next is 10 s away, not the
		// generic 1 s a client would retry in only to be refused again.
		if n, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || n < 2 || n > 10 {
			t.Errorf("Retry-After %q, want whole seconds up to the bucket's refill (10)", r.header.Get("Retry-After"))
		}
	}
	if r := s.get(t, as{bob, keyBearer}, "/api/v1/memories"); r.status != http.StatusOK {
		t.Errorf("bob held to alice's limit: status %d; body: %s", r.status, r.raw)
	}
	if r := s.get(t, anon, "/api/health"); r.status != http.StatusOK {
		t.Errorf("health check limited: status %d", r.status)
	}
	// A request with a bad key is a 401 as before, not a 429: the limit is
	// a proven user's, and says nothing to a caller without a valid key.
	wantError(t, s.get(t, as{alice + "x", keyBearer}, "/api/v1/memories"), http.StatusUnauthorized, "unauthorized")
}

// TestRateLimitOffWithoutAuth: with auth off the caller names its user,
// so a per-user limit would be one user_id away; the server is not
// limited then, and the default user keeps working past the burst.
func TestRateLimitOffWithoutAuth(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_RATE_LIMIT": "6", "MEMSVC_RATE_BURST": "2"})
	for i := range 8 {
		if r := s.get(t, anon, "/api/v1/memories"); r.status != http.StatusOK {
			t.Fatalf("request %d with auth off: status %d; body: %s", i+1, r.status, r.raw)
		}
	}
}
