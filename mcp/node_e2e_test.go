package mcp_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTypeScriptClient drives the server with the official TypeScript MCP
// client (e2e/mcp_client.mjs): list tools, a mixed batch, search, browse,
// forget, a retired name, and a second user's key that sees none of it.
func TestTypeScriptClient(t *testing.T) {
	node := nodeFor(t, "the TypeScript MCP client end-to-end test", filepath.Join("@modelcontextprotocol", "sdk"))
	s := startServer(t, serverConfig{secret: "s3cret"})
	runNodeScript(t, node, "mcp_client.mjs", "MEMSVC_URL="+s.url, "MEMSVC_KEY_A="+s.mint(t, "e2e-a"), "MEMSVC_KEY_B="+s.mint(t, "e2e-b"))
}

// TestSchemasUnderAjvStrict runs e2e/mcp_schema_strict.mjs: the tools/list
// the official TypeScript client reads, each input schema compiled by Ajv
// in JSON Schema 2020-12 strict mode and checked against arguments the
// server takes (called for real) and mistakes it refuses.
func TestSchemasUnderAjvStrict(t *testing.T) {
	node := nodeFor(t, "the strict schema end-to-end test", "ajv")
	s := startServer(t, serverConfig{})
	runNodeScript(t, node, "mcp_schema_strict.mjs", "MEMSVC_URL="+s.url)
}

// nodeFor returns node for the end-to-end test named what, which needs the
// npm package pkg in e2e/node_modules. CI (CI=true) must run it: a missing
// node fails there; locally the test skips only when node is absent. The
// npm packages come from `make e2e-deps`.
func nodeFor(t *testing.T, what, pkg string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("node is not installed, and CI must run %s", what)
		}
		t.Skipf("node is not installed: skipping %s", what)
	}
	if _, err := os.Stat(filepath.Join("..", "e2e", "node_modules", pkg, "package.json")); err != nil {
		t.Fatalf("the e2e npm packages are missing (%v): run `make e2e-deps` (npm ci in e2e/)", err)
	}
	return node
}

// runNodeScript runs e2e/script with env added and fails unless it exits 0
// saying "ok".
func runNodeScript(t *testing.T, node, script string, env ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, script)
	cmd.Dir = filepath.Join("..", "e2e")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("node %s: %v\n%s", script, err, out)
	}
}
