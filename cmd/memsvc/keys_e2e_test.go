package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
)

// TestKeyHasOneSpelling: flipping the unused bits of the signature's last
// base64 character gave three more accepted spellings of a key.
func TestKeyHasOneSpelling(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": testSecret})
	key := mintKey(t, testSecret, s.dataDir, "alice")
	wantStatus(t, s.get(t, as{key, keyBearer}, "/api/v1/memories"), http.StatusOK)
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, key[len(key)-1])
	for i := 1; i < 4; i++ { // a 32-byte signature leaves 2 unused bits in its last character
		other := key[:len(key)-1] + string(alphabet[last^i])
		if r := s.get(t, as{other, keyBearer}, "/api/v1/memories"); r.status != http.StatusUnauthorized {
			t.Errorf("alternative spelling %s…: status %d, want 401", other[len(other)-4:], r.status)
		}
	}
}

// TestKeysRevokeReachesServer: `keys revoke KEY --data DIR` (flags after the
// key) writes the list the running server reads, says where, and confirms
// the server refuses the key; a directory no server uses is caught.
func TestKeysRevokeReachesServer(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": testSecret})
	key := mintKey(t, testSecret, s.dataDir, "alice")
	wantStatus(t, s.get(t, as{key, keyBearer}, "/api/v1/memories"), http.StatusOK)

	// Without --data: the default directory (none here) is not the server's.
	home := t.TempDir()
	code, stdout, stderr := run(t, map[string]string{"HOME": home}, "keys", "revoke", key)
	if code != 3 || !strings.Contains(stderr, "--data") { // not found
		t.Errorf("revoke into a missing default dir: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	// Another directory while the server at its address keeps the key.
	other := t.TempDir()
	addr := strings.TrimPrefix(s.base, "http://")
	code, _, stderr = run(t, nil, "keys", "revoke", key, "--data", other, "--server", addr)
	if code != 1 || !strings.Contains(stderr, "still accepts") {
		t.Errorf("revoke in another directory: exit %d, stderr %s; want 1 saying the server still accepts it", code, stderr)
	}
	wantStatus(t, s.get(t, as{key, keyBearer}, "/api/v1/memories"), http.StatusOK)

	code, stdout, stderr = run(t, nil, "keys", "revoke", key, "--data", s.dataDir)
	if code != 0 || stdout != "" || !strings.Contains(stderr, filepath.Join(s.dataDir, auth.RevocationFile)) || !strings.Contains(stderr, "picked it up") {
		t.Fatalf("revoke KEY --data DIR: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if r := s.get(t, as{key, keyBearer}, "/api/v1/memories"); r.status != http.StatusUnauthorized {
		t.Errorf("after revoke: status %d, want 401", r.status)
	}
}

// TestShortSecretRefused: `--auth-secret abc` was accepted; now every
// command that takes a secret refuses it and says how to make a good one,
// before anything is created.
func TestShortSecretRefused(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0", "--auth-secret", "abc"},
		{"mcp", "--auth-secret", "abc"},
		{"keys", "create", "--user", "alice", "--auth-secret", "abc"},
	} {
		dir := filepath.Join(t.TempDir(), "data")
		code, _, stderr := run(t, nil, append(args, "--data", dir)...)
		if code != 2 || !strings.Contains(stderr, "openssl rand -hex 32") || !strings.Contains(stderr, "auth-secret") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and how to make a secret", args, code, stderr)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%v created %s", args, dir)
		}
	}
}
