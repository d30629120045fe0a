package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
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

// TestFullyQualifiedLocalhost: "http://localhost.:8765" (localhost as a
// fully qualified name, which resolvers answer as localhost) was refused
// as a foreign Host, API and dashboard alike, and so was a listed name
// written with its root dot. The one trailing dot is now dropped before
// the Host check; a foreign name stays refused with or without it, as
// does a foreign name that merely starts with "localhost.".
func TestFullyQualifiedLocalhost(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_ALLOWED_HOSTS": "memory.example.com"})
	_, port, _ := strings.Cut(strings.TrimPrefix(s.base, "http://"), ":")
	for _, tc := range []struct {
		host string
		want int
	}{
		{"localhost.:" + port, http.StatusOK},
		{"127.0.0.1.:" + port, http.StatusOK},
		{"memory.example.com.", http.StatusOK},
		{"evil.example.", http.StatusForbidden},
		{"localhost.evil.example:" + port, http.StatusForbidden},
		{"localhost..:" + port, http.StatusForbidden},
	} {
		for _, path := range []string{"/api/v1/memories", "/"} {
			r, err := http.NewRequest(http.MethodGet, s.base+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			r.Host = tc.host
			res, err := s.client.Do(r)
			if err != nil {
				t.Fatalf("Host %q %s: %v", tc.host, path, err)
			}
			res.Body.Close()
			if res.StatusCode != tc.want {
				t.Errorf("Host %q %s: status %d, want %d", tc.host, path, res.StatusCode, tc.want)
			}
		}
	}
}

// TestUnreadKeyHeaderNamed: a key sent in X-API-Key (a common convention
// the contract does not use) got "missing API key", as if none had been
// sent, and the client was left to guess. The 401 now names the header
// that is not read and the three places that are, without echoing the
// key; the key in a read place still works beside it.
func TestUnreadKeyHeaderNamed(t *testing.T) {
	s, alice, _ := authServer(t)
	for _, name := range []string{"X-API-Key", "X-Auth-Token"} {
		r, err := http.NewRequest(http.MethodGet, s.base+"/api/v1/memories", nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set(name, alice)
		res, err := s.client.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		wantError(t, resp{status: res.StatusCode, body: body, raw: raw}, http.StatusUnauthorized, "unauthorized",
			http.CanonicalHeaderKey(name)+" header is not read", "Authorization: Bearer")
		if strings.Contains(string(raw), alice) {
			t.Errorf("the 401 echoes the key: %s", raw)
		}
	}
	wantStatus(t, s.get(t, as{alice, keyHeader}, "/api/v1/memories"), http.StatusOK)
}

// TestRateLimitCoversDashboard: the dashboard is one more edge of the
// same user, so its pages draw on the user's one bucket (the dashboard has
// its own gate, given the API's limiter): a user held back on the API is
// held back on the dashboard too, and its error page says when to come
// back in Retry-After.
func TestRateLimitCoversDashboard(t *testing.T) {
	const secret = "e2e-rate-secret-0123456789abcdef0123456789"
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_RATE_LIMIT": "6", "MEMSVC_RATE_BURST": "3"})
	key := mintKey(t, secret, s.dataDir, "carol")
	b := newBrowser(t, s)
	b.signInUser(key) // the sign-in checks the key: one request of the burst
	if st, _, _ := b.page(http.MethodGet, "/memories", nil); st != http.StatusOK {
		t.Fatalf("dashboard within the burst: status %d", st)
	}
	wantStatus(t, s.get(t, as{key, keyBearer}, "/api/v1/memories"), http.StatusOK) // the burst's last
	res, err := b.c.Get(s.base + "/memories")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("dashboard past the user's burst (spent on the API too): status %d, want 429", res.StatusCode)
	}
	if n, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || n < 2 || n > 10 {
		t.Errorf("dashboard 429 Retry-After %q, want whole seconds up to the bucket's refill (10)", res.Header.Get("Retry-After"))
	}
}

// TestUnauthorizedNamesItsScheme: a 401 came without WWW-Authenticate,
// which RFC 9110 requires of every 401 (the challenge that would
// succeed); an MCP client deciding how to authenticate, or a proxy
// passing the refusal on, had nothing to go by. REST and MCP refusals now
// name the Bearer scheme; other refusals carry no challenge.
func TestUnauthorizedNamesItsScheme(t *testing.T) {
	s, alice, _ := authServer(t)
	for _, r := range []resp{
		s.get(t, anon, "/api/v1/memories"),
		s.get(t, as{alice + "x", keyBearer}, "/api/v1/memories"),
		s.do(t, req{method: http.MethodPost, path: "/mcp/probe", raw: []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)}),
	} {
		wantStatus(t, r, http.StatusUnauthorized)
		if got := r.header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer ") {
			t.Errorf("401 WWW-Authenticate %q, want a Bearer challenge; body: %s", got, r.raw)
		}
	}
	r := s.get(t, as{alice, keyBearer}, "/api/v1/memories?user_id=bob")
	wantStatus(t, r, http.StatusForbidden)
	if got := r.header.Get("WWW-Authenticate"); got != "" {
		t.Errorf("403 carries a challenge %q: the key was good, a new one would not help", got)
	}
}

// TestKeysNeverInServerLog: the server's log at its most verbose holds no
// key, nor a key's signature, whatever a request did with it: each key
// form, a forged and a malformed key (a line break in ?api_key=), a
// revoked key, a rate-limited one, MCP with the key in the query string,
// and the dashboard's sign-in with a good and a bad key.
func TestKeysNeverInServerLog(t *testing.T) {
	const secret = "e2e-log-secret-0123456789abcdef0123456789ab"
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_LOG_LEVEL": "debug",
		"MEMSVC_RATE_LIMIT": "60", "MEMSVC_RATE_BURST": "12"})
	key, gone := mintKey(t, secret, s.dataDir, "alice"), mintKey(t, secret, s.dataDir, "alice")
	if code, _, stderr := run(t, nil, "keys", "revoke", gone, "--data", s.dataDir); code != 0 {
		t.Fatalf("keys revoke: exit %d: %s", code, stderr)
	}
	for _, place := range []keyPlace{keyBearer, keyHeader, keyQuery} {
		s.post(t, as{key, place}, "/api/v1/memories", map[string]any{"text": "the log must not hold my key", "infer": false})
		s.get(t, as{key + "x", place}, "/api/v1/memories")
		s.get(t, as{gone, place}, "/api/v1/memories")
	}
	s.get(t, anon, "/api/v1/memories?api_key="+key+"%0Aforged")
	s.get(t, as{key, keyQuery}, "/api/v1/memories?user_id=bob")
	s.do(t, req{method: http.MethodPost, path: "/mcp/probe", key: key, place: keyQuery,
		raw: []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)})
	b := newBrowser(t, s)
	b.page(http.MethodPost, "/signin", url.Values{"csrf": {b.token("/signin")}, "key": {gone}})
	b.signInUser(key)
	for range 20 { // past the burst: rate-limited requests are logged too
		s.get(t, as{key, keyQuery}, "/api/v1/memories")
	}
	if r := s.get(t, as{key, keyBearer}, "/api/v1/memories"); r.status != http.StatusTooManyRequests {
		t.Fatalf("the key was never rate-limited (status %d): the test did not reach that path", r.status)
	}
	log := s.stderr.String()
	for _, k := range []string{key, gone} {
		sig := k[strings.LastIndexByte(k, '.')+1:]
		if strings.Contains(log, sig) {
			t.Errorf("the server log holds a key's signature %q:\n%s", sig, log)
		}
	}
	if !strings.Contains(log, "status=429") && !strings.Contains(log, `"status":429`) {
		t.Errorf("the log shows no rate-limited request: did the log level take?\n%.2000s", log)
	}
}

// TestHealthFloodCallsNoModel: /api/health answers anyone without a key,
// and each answer made a live call to the chat model (and the embedder),
// so a flood of health checks was a flood of completions on the
// operator's hosted provider: its bill, and its rate limit, which real
// users' extractions then ran into. Now one probe answers every health
// check for rest.HealthTTL. The model is a scripted stand-in for Ollama,
// counting the completions it is asked for.
func TestHealthFloodCallsNoModel(t *testing.T) {
	var mu sync.Mutex
	chats := 0
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.Error(w, `{"error":"not scripted"}`, http.StatusNotFound)
			return
		}
		mu.Lock()
		chats++
		mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"model": "scripted", "created_at": time.Now().UTC(),
			"message": map[string]any{"role": "assistant", "content": "{}"}, "done": true})
	}))
	defer model.Close()
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": "e2e-secret-0123456789abcdef0123456789ab",
		"MEMSVC_LLM_PROVIDER": "ollama", "MEMSVC_LLM_MODEL": "scripted", "MEMSVC_LLM_BASE_URL": model.URL})
	wantStatus(t, s.get(t, anon, "/api/health"), http.StatusOK)
	mu.Lock()
	before := chats
	mu.Unlock()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 10 {
				if r, err := s.try(req{method: http.MethodGet, path: "/api/health"}); err != nil || r.status != http.StatusOK {
					t.Errorf("health under a flood: %v %d", err, r.status)
					return
				}
			}
		})
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if n := chats - before; n > 1 {
		t.Errorf("80 health checks (no key) made %d chat completions, want at most 1", n)
	}
}

// TestIdleConnectionsYieldToNewOnes: --max-conns counted idle keep-alive
// connections as taken, so one client that opened that many connections,
// sent a request on each and left them open held every slot for
// --idle-timeout (two minutes), and everyone else got 503 "server busy".
// A server at its cap now closes an idle connection to make room; its
// client dials again for its next request. Connections that are busy (or
// have not sent a request) still count: TestServeConnectionCap.
func TestIdleConnectionsYieldToNewOnes(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_MAX_CONNS": "3"})
	hogs := make([]*http.Client, 3)
	for i := range hogs {
		hogs[i] = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}, Timeout: 10 * time.Second}
		defer hogs[i].CloseIdleConnections()
		res, err := hogs[i].Get(s.base + "/api/v1/memories")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close() // the connection stays open, idle
		if res.StatusCode != http.StatusOK {
			t.Fatalf("hog %d: status %d", i, res.StatusCode)
		}
	}
	newcomer := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
	for i := range 3 {
		// The server marks a connection idle just after its answer is out:
		// a newcomer racing the last answer may still find it busy.
		deadline := time.Now().Add(3 * time.Second)
		for {
			r, err := sendJSON(newcomer, s.base, req{method: http.MethodGet, path: "/api/v1/memories"})
			if err == nil && r.status == http.StatusOK {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("newcomer %d with every slot held by an idle connection: %v, status %d, body %s; want 200", i, err, r.status, r.raw)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// A hog whose idle connection was closed dials again and is served.
	for i, hc := range hogs {
		if res, err := hc.Get(s.base + "/api/v1/memories"); err != nil || res.StatusCode != http.StatusOK {
			t.Errorf("hog %d's next request: %v %v", i, err, res)
		} else {
			res.Body.Close()
		}
	}
}
