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

// TestSchemasUnderAjvStrict runs e2e/mcp_schema_strict.mjs: the tools/list
// the official TypeScript client reads, each input schema compiled by Ajv
// in JSON Schema 2020-12 strict mode and checked against arguments the
// server takes (called for real) and mistakes it refuses. Node is required
// on CI, as for TestTypeScriptClient.
func TestSchemasUnderAjvStrict(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed, and CI must run the strict schema end-to-end test")
		}
		t.Skip("node is not installed: skipping the strict schema end-to-end test")
	}
	dir := filepath.Join("..", "e2e")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ajv", "package.json")); err != nil {
		t.Fatalf("the e2e npm packages are missing (%v): run `make e2e-deps` (npm ci in e2e/)", err)
	}
	s := startServer(t, serverConfig{})
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "mcp_schema_strict.mjs")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "MEMSVC_URL="+s.url)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("node mcp_schema_strict.mjs: %v\n%s", err, out)
	}
}
