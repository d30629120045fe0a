package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testSecret is an auth secret long enough for the server (32+ bytes).
const testSecret = "0123456789abcdef0123456789abcdef"

// TestMCPStdioNeverSwitchesUser: `memsvc mcp` with only MEMSVC_API_KEY
// (the Claude Desktop example) acts as the key's user or refuses; it used
// to act as "default" when no server was running.
func TestMCPStdioNeverSwitchesUser(t *testing.T) {
	dir := t.TempDir()
	srv := startServerOn(t, dir, map[string]string{"MEMSVC_AUTH_SECRET": testSecret})
	key := mintKey(t, testSecret, dir, "alice")

	t.Run("no server, no secret: refused, nothing created", func(t *testing.T) {
		empty := filepath.Join(t.TempDir(), "data")
		_, _, stderr, err := tryStdio(t, []string{"--data", empty}, map[string]string{"MEMSVC_API_KEY": key})
		if err == nil || !strings.Contains(err.Error(), "MEMSVC_AUTH_SECRET") || !strings.Contains(err.Error(), "memsvc serve") {
			t.Errorf("key without server or secret: %v; stderr:\n%s", err, stderr)
		}
		if _, err := os.Stat(empty); !os.IsNotExist(err) {
			t.Errorf("the refused start created %s (%v)", empty, err)
		}
	})
	t.Run("a running server: relayed as the key's user, said on stderr", func(t *testing.T) {
		sess, _, stderr, err := tryStdio(t, []string{"--data", dir, "--client", "desk"}, map[string]string{"MEMSVC_API_KEY": key})
		if err != nil {
			t.Fatalf("relay: %v; stderr:\n%s", err, stderr)
		}
		defer sess.Close()
		mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"Alice keeps her notes in Obsidian"}})
		if !strings.Contains(stderr.String(), `acting for user "alice"`) {
			t.Errorf("stderr does not say whom it acts for:\n%s", stderr)
		}
		r := srv.get(t, as{key: key, place: keyBearer}, "/api/v1/memories")
		wantStatus(t, r, http.StatusOK)
		if got := ids(r.body, "items"); len(got) != 1 {
			t.Errorf("alice holds %s", r.raw)
		}
	})
	t.Run("no server, the secret: the key is verified, acts as its user", func(t *testing.T) {
		other := t.TempDir()
		k2 := mintKey(t, testSecret, other, "bob")
		sess, stop := stdioSession(t, []string{"--data", other}, map[string]string{"MEMSVC_API_KEY": k2, "MEMSVC_AUTH_SECRET": testSecret})
		mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"Bob drinks green tea"}})
		stop()
		_, _, stderr, err := tryStdio(t, []string{"--data", other}, map[string]string{"MEMSVC_API_KEY": k2 + "x", "MEMSVC_AUTH_SECRET": testSecret})
		if err == nil {
			t.Errorf("a forged key was accepted; stderr:\n%s", stderr)
		}
	})
}
