package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The fifth MCP probe: what clients we do not see are told when the server
// refuses them. Through the real server: the stdio relay after its key is
// revoked, and the official TypeScript client (e2e/mcp_probe5_client.mjs)
// without a key, with a tool name of its own and with a method the server
// does not have.

// TestMCPProbe5RelayRevokedKey: `memsvc mcp` relaying to a server whose
// key was revoked told the model "the memsvc server did not answer …; try
// again" (it read the server's 401 as a broken connection and dialled
// again); retrying can never help. The model now gets the server's reason,
// and nothing is stored.
func TestMCPProbe5RelayRevokedKey(t *testing.T) {
	const secret = "probe5-secret-0123456789abcdef0123456789"
	dir := t.TempDir()
	srv := startServerOn(t, dir, map[string]string{"MEMSVC_AUTH_SECRET": secret})
	key := mintKey(t, secret, dir, "alice")
	sess, stop := stdioSession(t, []string{"--data", dir, "--client", "desk"}, map[string]string{"MEMSVC_API_KEY": key})
	defer stop()
	mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"Alice waters the ferns on Sundays"}})

	if code, _, stderr := run(t, nil, "keys", "revoke", key, "--data", dir); code != 0 {
		t.Fatalf("keys revoke: exit %d\n%s", code, stderr)
	}
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"search_memory", map[string]any{"query": "ferns"}},
		{"add_memories", map[string]any{"memories": []string{"Alice repots the ferns in May"}}},
	} {
		res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: call.tool, Arguments: call.args})
		said := ""
		switch {
		case err != nil:
			said = err.Error()
		case res.IsError && len(res.Content) > 0:
			said = res.Content[0].(*sdk.TextContent).Text
		}
		if !strings.Contains(said, "revoked API key") || strings.Contains(said, "try again") {
			t.Errorf("%s after the key was revoked: %v %q; want the server's reason and no advice to retry", call.tool, res, said)
		}
	}
	fresh := mintKey(t, secret, dir, "alice")
	if r := srv.get(t, as{key: fresh, place: keyBearer}, "/api/v1/memories"); !strings.Contains(string(r.raw), "ferns on Sundays") ||
		strings.Contains(string(r.raw), "repots") {
		t.Errorf("alice's memories after the revoked key's calls: %s; want the first only", r.raw)
	}
}

// TestMCPProbe5TypeScriptRefusals runs e2e/mcp_probe5_client.mjs: the
// official TypeScript client is told why it was refused (no key, an
// unknown tool, an unknown method) in words a person or a model can act on.
func TestMCPProbe5TypeScriptRefusals(t *testing.T) {
	node, e2e := nodeAndE2E(t)
	const secret = "probe5-ts-secret-0123456789abcdef012345"
	dir := t.TempDir()
	s := startServerOn(t, dir, map[string]string{"MEMSVC_AUTH_SECRET": secret})
	key := mintKey(t, secret, dir, "tess")
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "mcp_probe5_client.mjs")
	cmd.Dir = e2e
	cmd.Env = append(os.Environ(), "MEMSVC_URL="+s.base, "MEMSVC_KEY_A="+key)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("node mcp_probe5_client.mjs: %v\n%s", err, out)
	}
}

// nodeAndE2E is node's path and the e2e folder with its npm packages; it
// skips the test without node, except on CI, which must run it.
func nodeAndE2E(t *testing.T) (node, e2e string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed, and CI must run the TypeScript MCP client probes")
		}
		t.Skip("node is not installed: skipping the TypeScript MCP client probes")
	}
	e2e = filepath.Join("..", "..", "e2e")
	if _, err := os.Stat(filepath.Join(e2e, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		t.Fatalf("the e2e npm packages are missing (%v): run `make e2e-deps` (npm ci in e2e/)", err)
	}
	return node, e2e
}
