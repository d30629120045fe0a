package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
)

// run executes one memsvc command in-process with env as its environment.
func run(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(context.Background(), args, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: getenvFrom(env)})
	return code, out.String(), errb.String()
}

func TestKeysCreate(t *testing.T) {
	dir := t.TempDir()
	secret := map[string]string{"MEMSVC_AUTH_SECRET": "k-secret-0123456789abcdef0123456789abcdef"}
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		wantCode int
		mentions string // in stderr when failing
	}{
		{"prints the key last", secret, []string{"keys", "create", "--user", "alice", "--data", dir}, 0, ""},
		{"secret from the flag", nil, []string{"keys", "create", "--user", "alice", "--auth-secret", "k-secret-0123456789abcdef0123456789abcdef", "--data", dir}, 0, ""},
		{"no secret", nil, []string{"keys", "create", "--user", "alice", "--data", dir}, 1, "MEMSVC_AUTH_SECRET"},
		{"no user", secret, []string{"keys", "create", "--data", dir}, 2, "user"},
		{"control char in user", secret, []string{"keys", "create", "--user", "al\x01ice", "--data", dir}, 2, "user"},
		{"unknown flag", secret, []string{"keys", "create", "--usr", "alice"}, 2, "usr"},
		{"no subcommand", secret, []string{"keys"}, 2, "create"},
		{"unknown subcommand", secret, []string{"keys", "show"}, 2, "show"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.env, tt.args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tt.wantCode, stdout, stderr)
			}
			if code != 0 {
				if !strings.Contains(stderr, tt.mentions) {
					t.Errorf("stderr %q does not mention %q", stderr, tt.mentions)
				}
				if strings.Contains(stdout, "msk_") {
					t.Errorf("a failed create printed a key: %q", stdout)
				}
				return
			}
			key := lastLine(stdout)
			user, err := auth.NewKeyring("k-secret-0123456789abcdef0123456789abcdef", dir).Verify(key)
			if err != nil || user != "alice" {
				t.Errorf("last line %q verifies as %q, %v; want alice", key, user, err)
			}
			if strings.Contains(stderr, key) {
				t.Errorf("the key leaked to stderr")
			}
		})
	}
}

func TestKeysRevoke(t *testing.T) {
	dir := t.TempDir()
	key := mintKey(t, "k-secret-0123456789abcdef0123456789abcdef", dir, "alice")
	id, err := auth.KeyID(key)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, nil, "keys", "revoke", "--data", dir, "not-a-key"); code == 0 || stderr == "" {
		t.Errorf("revoking garbage: exit %d, stderr %q; want a failure that says why", code, stderr)
	}
	if code, _, stderr := run(t, nil, "keys", "revoke", "--data", dir); code != 2 || !strings.Contains(stderr, "key") {
		t.Errorf("revoke without an argument: exit %d, stderr %q; want 2 and a message asking for the key", code, stderr)
	}
	code, stdout, stderr := run(t, nil, "keys", "revoke", "--data", dir, "--server", "127.0.0.1:1", key)
	if code != 0 || stdout != "" || !strings.Contains(stderr, id) {
		t.Fatalf("revoke: exit %d stdout %q stderr %q; want 0 and the key id on stderr (it prints no data)", code, stdout, stderr)
	}
	if strings.Contains(stdout+stderr, key) {
		t.Errorf("revoke echoed the key")
	}
	rev, err := os.ReadFile(filepath.Join(dir, auth.RevocationFile))
	if err != nil || strings.Contains(string(rev), key) || !strings.Contains(string(rev), id) {
		t.Errorf("revocation list = %q, %v; want the id, never the key", rev, err)
	}
	if _, err := auth.NewKeyring("k-secret-0123456789abcdef0123456789abcdef", dir).Verify(key); err == nil {
		t.Errorf("a revoked key still verifies")
	}
}

// TestKeysWhileServing mints a key while a server holds the data directory
// and uses it at once.
func TestKeysWhileServing(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": "live-0123456789abcdef0123456789abcdef"})
	key := mintKey(t, "live-0123456789abcdef0123456789abcdef", s.dataDir, "erin")
	id := s.addVerbatim(t, as{key, keyBearer}, "minted while serving", nil)
	g := s.get(t, as{key, keyBearer}, "/api/v1/memories/"+id)
	if wantStatus(t, g, http.StatusOK); g.body["user_id"] != "erin" {
		t.Errorf("user_id = %v, want erin", g.body["user_id"])
	}
}

func TestHelpAndVersion(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		mentions []string // in stdout+stderr
	}{
		{"top-level --help", []string{"--help"}, 0, []string{"serve", "keys create", "MEMSVC_"}},
		{"help", []string{"help"}, 0, []string{"serve"}},
		{"serve --help", []string{"serve", "--help"}, 0,
			[]string{"MEMSVC_ADDR", "MEMSVC_DATA_DIR", "MEMSVC_AUTH_SECRET", "MEMSVC_MAX_BODY_BYTES", "--addr", "--data"}},
		{"keys create --help", []string{"keys", "create", "--help"}, 0, []string{"MEMSVC_AUTH_SECRET", "MEMSVC_DATA_DIR", "--user"}},
		{"keys revoke -h", []string{"keys", "revoke", "-h"}, 0, []string{"MEMSVC_DATA_DIR"}},
		{"version", []string{"version"}, 0, []string{"memsvc", version}},
		{"--version", []string{"--version"}, 0, []string{version}},
		{"no command", nil, 2, []string{"--help"}},
		{"unknown command", []string{"frobnicate"}, 2, []string{"frobnicate", "backup", "migrate"}},
		{"serve bad flag value", []string{"serve", "--max-body-bytes", "lots"}, 2, []string{"max-body-bytes"}},
		{"version stray argument", []string{"version", "--short"}, 2, []string{"unexpected argument \"--short\""}},
		{"serve stray argument", []string{"serve", "8080"}, 2, []string{"unexpected argument \"8080\""}},
		{"flag swallowed the next flag", []string{"export", "--user", "--data", "somewhere"}, 2, []string{"--user needs a value", "--data"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, nil, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.wantCode, stderr)
			}
			for _, m := range tt.mentions {
				if !strings.Contains(stdout+stderr, m) {
					t.Errorf("output does not mention %q:\n%s%s", m, stdout, stderr)
				}
			}
		})
	}
	t.Run("bad env value fails clearly", func(t *testing.T) {
		code, _, stderr := run(t, map[string]string{"MEMSVC_MAX_BODY_BYTES": "lots"}, "serve", "--data", t.TempDir(), "--addr", "127.0.0.1:0")
		if code == 0 || !strings.Contains(stderr, "MEMSVC_MAX_BODY_BYTES") {
			t.Errorf("exit %d, stderr %q; want a failure naming MEMSVC_MAX_BODY_BYTES", code, stderr)
		}
	})
}
