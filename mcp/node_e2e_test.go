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
// forget, a retired name, and a second user's key that sees none of it. CI
// (CI=true) must run it: a missing node fails there; locally the test skips
// only when node is absent. The npm packages come from `make e2e-deps`.
func TestTypeScriptClient(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed, and CI must run the TypeScript MCP client end-to-end test")
		}
		t.Skip("node is not installed: skipping the TypeScript MCP client end-to-end test")
	}
	dir := filepath.Join("..", "e2e")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		t.Fatalf("the e2e npm packages are missing (%v): run `make e2e-deps` (npm ci in e2e/)", err)
	}
	s := startServer(t, serverConfig{secret: "s3cret"})
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "mcp_client.mjs")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "MEMSVC_URL="+s.url, "MEMSVC_KEY_A="+s.mint(t, "e2e-a"), "MEMSVC_KEY_B="+s.mint(t, "e2e-b"))
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("node mcp_client.mjs: %v\n%s", err, out)
	}
}
