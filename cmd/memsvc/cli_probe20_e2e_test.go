package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestProbe20RevokeEmptyKey: `memsvc keys revoke "$KEY"` with KEY unset
// said "the argument is not a memsvc key", as for a mistyped key; an empty
// (or blank) argument is named as such, pointing at the unset variable,
// with the usage exit 2.
func TestProbe20RevokeEmptyKey(t *testing.T) {
	data := t.TempDir()
	for _, arg := range []string{"", "  ", "\t"} {
		code, _, stderr := probeCmd{}.run(t, "keys", "revoke", arg, "--data", data)
		oneLineError(t, "keys revoke "+arg, stderr)
		if code != 2 || !strings.Contains(stderr, "empty") || strings.Contains(stderr, "not a memsvc key") {
			t.Errorf("keys revoke %q: exit %d, stderr %q; want 2 naming the empty argument", arg, code, stderr)
		}
	}
}

// TestProbe20MCPStdinClosed: `memsvc mcp <&-` (stdin closed, which the Go
// runtime fills with /dev/null) served an empty session and exited 0 with
// no word, as if a client had come and gone. No MCP host starts a server
// that way, so it is refused (exit 1, saying stdin was closed) before the
// data directory is touched. A stdin that ends (a client closing it, as the
// MCP stdio transport ends a session, or `</dev/null`) is still a clean
// exit 0, now saying why the session stopped.
func TestProbe20MCPStdinClosed(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	cmd := exec.Command("sh", "-c", `exec "$0" mcp --data "$1" <&-`, builtBinary(t), data)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	code := runForExit(t, cmd)
	if code != 1 || !strings.Contains(stderr.String(), "stdin was closed") {
		t.Errorf("memsvc mcp <&-: exit %d, stderr %q; want 1 saying stdin was closed", code, stderr.String())
	}
	if _, err := os.Stat(data); !os.IsNotExist(err) {
		t.Errorf("memsvc mcp <&- created the data directory %s (%v)", data, err)
	}
	code, _, errs := probeCmd{stdin: strings.NewReader("")}.run(t, "mcp", "--data", data)
	if code != 0 || !strings.Contains(errs, "stdin ended") {
		t.Errorf("memsvc mcp with an empty stdin: exit %d, stderr %q; want 0 saying stdin ended", code, errs)
	}
}

// TestProbe20BadVariableUnderAFlag: MEMSVC_ADDR=garbage, MEMSVC_LOG_LEVEL=loud
// or MEMSVC_LOG_FORMAT=xml beside the flag on the command line was
// accepted without a word (serve started), though a bad variable is
// refused even when its flag is given (the flag wins only over a value it
// could take): these values were checked only once chosen, so the typo
// lay in wait for the next run without the flag. Refused, exit 2, naming
// the variable.
func TestProbe20BadVariableUnderAFlag(t *testing.T) {
	data := seededDataDir(t, 1)
	for _, tc := range []struct{ env, value, flag, flagValue string }{
		{"MEMSVC_ADDR", "garbage", "--addr", "127.0.0.1:0"},
		{"MEMSVC_LOG_LEVEL", "loud", "--log-level", "info"},
		{"MEMSVC_LOG_FORMAT", "xml", "--log-format", "json"},
	} {
		args := []string{"export", "--data", data, "--user", "alice", "--out", os.DevNull, tc.flag, tc.flagValue}
		if tc.flag == "--addr" {
			args = []string{"serve", "--data", data, tc.flag, tc.flagValue}
		}
		code, _, stderr := probeCmd{env: map[string]string{tc.env: tc.value}}.run(t, args...)
		oneLineError(t, tc.env, stderr)
		if code != 2 || !strings.Contains(stderr, tc.env) {
			t.Errorf("%s=%s with %s %s: exit %d, stderr %q; want 2 naming the variable", tc.env, tc.value, tc.flag, tc.flagValue, code, stderr)
		}
	}
	code, _, stderr := probeCmd{env: map[string]string{"MEMSVC_LOG_LEVEL": "debug"}}.run(t,
		"export", "--data", data, "--user", "alice", "--out", os.DevNull, "--log-level", "warn")
	if code != 0 {
		t.Errorf("a good variable under a flag: exit %d, stderr %q", code, stderr)
	}
}
