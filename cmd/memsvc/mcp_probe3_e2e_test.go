package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The third round of MCP probes: a model's flows as it reads the answers,
// many sessions of several users at once, and what a client holds on to
// across a server restart or a key revocation.

// TestMCPProbe3AgentFlows runs e2e/mcp_agent_flows.mjs with the official
// TypeScript client: a dozen realistic agent flows (five facts in one call,
// metadata, filters, read-your-writes, a repeat, a contradiction, nothing
// relevant, another language, a long memory, stored text that reads as
// instructions, a user_id argument) and 20 interleaved sessions of two users.
func TestMCPProbe3AgentFlows(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed, and CI must run the TypeScript MCP agent flows")
		}
		t.Skip("node is not installed: skipping the TypeScript MCP agent flows")
	}
	e2e := filepath.Join("..", "..", "e2e")
	if _, err := os.Stat(filepath.Join(e2e, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		t.Fatalf("the e2e npm packages are missing (%v): run `make e2e-deps` (npm ci in e2e/)", err)
	}
	s, alice, bob := authServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 180*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "mcp_agent_flows.mjs")
	cmd.Dir = e2e
	cmd.Env = append(os.Environ(), "MEMSVC_URL="+s.base, "MEMSVC_KEY_A="+alice, "MEMSVC_KEY_B="+bob)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("node mcp_agent_flows.mjs: %v\n%s\nserver stderr:\n%s", err, out, s.stderr)
	}
}

// switchProxy forwards to whichever server is current, so a client keeps
// one URL while the server behind it restarts (on a new port).
type switchProxy struct{ target atomic.Pointer[url.URL] }

func (p *switchProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httputil.NewSingleHostReverseProxy(p.target.Load()).ServeHTTP(w, r)
}

func (p *switchProxy) point(t *testing.T, base string) {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	p.target.Store(u)
}

// mcpKeySession opens a Go SDK client session to endpoint with key as
// bearer; the caller closes it.
func mcpKeySession(t *testing.T, endpoint, key string) *sdk.ClientSession {
	t.Helper()
	hc := &http.Client{Timeout: 30 * time.Second, Transport: bearerTransport(key)}
	client := sdk.NewClient(&sdk.Implementation{Name: "probe3", Version: "1"}, nil)
	sess, err := client.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: endpoint, HTTPClient: hc,
		DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect %s: %v", endpoint, err)
	}
	return sess
}

type bearerTransport string

func (k bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(k))
	return http.DefaultTransport.RoundTrip(r)
}

// TestMCPProbe3SessionAcrossRestart: a client session opened before a
// restart keeps working after it, with no re-initialization: the server
// holds no session state, and the memories written before are there.
func TestMCPProbe3SessionAcrossRestart(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"MEMSVC_AUTH_SECRET": testSecret}
	proxy := &switchProxy{}
	front := httptest.NewServer(proxy)
	defer front.Close()
	var sess *sdk.ClientSession
	t.Run("before", func(t *testing.T) {
		s := startServerOn(t, dir, env)
		proxy.point(t, s.base)
		sess = mcpKeySession(t, front.URL+"/mcp/desktop", mintKey(t, testSecret, dir, "alice"))
		mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"The boiler is serviced every October"}})
	}) // the server stops here; the client session stays open
	if sess == nil {
		t.FailNow()
	}
	defer sess.Close()
	s := startServerOn(t, dir, env)
	proxy.point(t, s.base)
	got := mcpCall(t, sess, "search_memory", map[string]any{"query": "when is the boiler serviced"})
	if !strings.Contains(got, "October") {
		t.Errorf("search after restart on the old session:\n%s", got)
	}
}

// TestMCPProbe3RevokedKeyEndsSession: a client session opened with a key
// is refused as soon as the key is revoked, whatever session id it sends;
// another user's key with that session id acts only as that user.
func TestMCPProbe3RevokedKeyEndsSession(t *testing.T) {
	s, alice, bob := authServer(t)
	sess := mcpKeySession(t, s.base+"/mcp/desktop", alice)
	defer sess.Close()
	mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"Alice's locker code is written in her planner"}})

	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search_memory","arguments":{"query":"locker code planner"}}}`
	hdr := map[string]string{"Authorization": "Bearer " + bob, "Mcp-Session-Id": sess.ID() + "alice-session"}
	if res, body := mcpRaw(t, s, http.MethodPost, call, hdr); res.StatusCode != http.StatusOK || strings.Contains(body, "Alice's locker") {
		t.Errorf("bob's key with a session id: %d %s; want 200 and none of alice's memories", res.StatusCode, body)
	}

	if code, _, stderr := run(t, nil, "keys", "revoke", alice, "--data", s.dataDir); code != 0 || !strings.Contains(stderr, "picked it up") {
		t.Fatalf("keys revoke: exit %d\n%s", code, stderr)
	}
	_, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: "search_memory", Arguments: map[string]any{"query": "locker"}})
	if err == nil {
		t.Error("the session opened with a revoked key still calls tools")
	}
	hdr["Authorization"] = "Bearer " + alice
	if res, body := mcpRaw(t, s, http.MethodPost, call, hdr); res.StatusCode != http.StatusUnauthorized || strings.Contains(body, "Alice's locker") {
		t.Errorf("revoked key with its session id: %d %s; want 401", res.StatusCode, body)
	}
}

// TestMCPProbe3RelayWithoutKey: `memsvc mcp` next to a running server that
// requires a key, started without one, exits 1 saying which key to set,
// in one sentence (it said "relay to the memsvc server at" twice).
func TestMCPProbe3RelayWithoutKey(t *testing.T) {
	s, _, _ := authServer(t)
	code, stdout, stderr := run(t, nil, "mcp", "--data", s.dataDir)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "MEMSVC_API_KEY") ||
		strings.Count(stderr, "relay to the memsvc server") != 1 {
		t.Errorf("memsvc mcp without a key: exit %d\nstdout %q\nstderr %s", code, stdout, stderr)
	}
}

// TestMCPEndpointWithTrailingSlash: a client configured with
// http://…/mcp/cursor/ is served as /mcp/cursor (it was a 404 "no route"),
// and its writes carry the client name without the slash; deeper paths
// and an empty client name are still no route.
func TestMCPEndpointWithTrailingSlash(t *testing.T) {
	s := startServer(t, nil)
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["Standup is at 9:30"]}}}`
	if res, body := mcpRawAt(t, s, "/mcp/cursor/", http.MethodPost, call, nil); res.StatusCode != http.StatusOK || !strings.Contains(body, `"result"`) {
		t.Fatalf("POST /mcp/cursor/: %d %s; want the tool's result", res.StatusCode, body)
	}
	l := s.get(t, anon, "/api/v1/memories?app_name=cursor")
	if l.status != http.StatusOK || !strings.Contains(string(l.raw), "Standup is at 9:30") {
		t.Errorf("the memory written through /mcp/cursor/ under app_name cursor: %d %s", l.status, l.raw)
	}
	for _, path := range []string{"/mcp/cursor/extra", "/mcp/cursor//", "/mcp//", "/mcp/..%2F", "/mcp/a%2F/"} {
		if res, body := mcpRawAt(t, s, path, http.MethodPost, call, nil); res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusBadRequest {
			t.Errorf("POST %s: %d %s; want no route", path, res.StatusCode, body)
		}
	}
}
