package main

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runBinary runs the built binary with a clean environment.
func runBinary(t *testing.T, stdin *os.File, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(builtBinary(t), args...)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if stdin != nil {
		cmd.Stdin = stdin
	}
	return runForExit(t, cmd), out.String(), errb.String()
}

// runForExit runs cmd and returns its exit code; a binary that cannot be
// started fails the test.
func runForExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", cmd.Args, err)
	}
	return 0
}

// TestCLIHelpEverywhere: --help and -h on every command and subcommand
// print the usage on stdout and exit 0 (keys --help was an unknown
// subcommand, hook --help a fail-open warning, mcp --help exit 2, all help
// went to stderr).
func TestCLIHelpEverywhere(t *testing.T) {
	for _, args := range [][]string{
		{"--help"}, {"-h"}, {"serve", "--help"}, {"serve", "-h"}, {"mcp", "--help"}, {"mcp", "-h"},
		{"keys", "--help"}, {"keys", "-h"}, {"keys", "create", "--help"}, {"keys", "revoke", "-h"},
		{"hook", "--help"}, {"hook", "prompt", "--help"}, {"hook", "stop", "-h"},
		{"bench", "--help"}, {"bench", "recall", "--help"},
	} {
		code, stdout, stderr := runBinary(t, nil, args...)
		if code != 0 || !strings.Contains(stdout, "Usage") || stderr != "" {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want 0, the usage on stdout, nothing on stderr",
				args, code, len(stdout), stderr)
		}
	}
}

// TestCLIUsageErrors: a usage error is one line with a hint to --help,
// exit 2 (an unknown flag printed its error and then 77 lines of help),
// and a bad flag value names the flag and the accepted form.
func TestCLIUsageErrors(t *testing.T) {
	tests := []struct {
		args     []string
		mentions []string
	}{
		{nil, []string{"--help"}},
		{[]string{"frobnicate"}, []string{"frobnicate", "--help"}},
		{[]string{"serve", "--nope"}, []string{"--nope", "--help"}},
		{[]string{"serve", "--max-body-bytes", "1MB"}, []string{"--max-body-bytes 1MB", "whole number", "--max-body-bytes 1048576"}},
		{[]string{"serve", "--shutdown-timeout", "soon"}, []string{"--shutdown-timeout", "duration"}},
		{[]string{"keys"}, []string{"create, list, revoke", "--help"}},
		{[]string{"keys", "rotate"}, []string{"rotate", "--help"}},
		{[]string{"keys", "revoke"}, []string{"key"}},
		{[]string{"bench"}, []string{"recall", "--help"}},
	}
	for _, tt := range tests {
		code, _, stderr := runBinary(t, nil, tt.args...)
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit 2 and one line", tt.args, code, stderr)
		}
		for _, m := range tt.mentions {
			if !strings.Contains(stderr, m) {
				t.Errorf("%v: stderr %q does not mention %q", tt.args, stderr, m)
			}
		}
	}
}

// TestHookWithoutPipedInput: a hook run from a terminal says it needs a
// piped event instead of waiting on stdin; with /dev/null (no terminal) it
// still fails open, as agents rely on. The terminal is script(1)'s pty.
func TestHookWithoutPipedInput(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script(1) is needed for a pseudo-terminal")
	}
	bin := builtBinary(t)
	onTerminal := func(event string) (string, error) {
		cmd := exec.Command(script, "-qec", bin+" hook "+event, "/dev/null")
		cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH"), "MEMSVC_URL=http://127.0.0.1:1"}
		done := make(chan struct{})
		var out []byte
		var err error
		go func() { out, err = cmd.CombinedOutput(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatal("the hook waited on the terminal")
		}
		return string(out), err
	}
	if out, err := onTerminal("prompt"); !exitedWith(err, 2) || !strings.Contains(out, "| memsvc hook prompt") {
		t.Errorf("hook prompt on a terminal: %v, output %q; want exit 2 and how to pipe an event", err, out)
	}
	if out, err := onTerminal("promt"); !exitedWith(err, 2) || !strings.Contains(out, `did you mean "prompt"?`) {
		t.Errorf("hook promt on a terminal: %v, output %q; want exit 2 and the event meant", err, out)
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	if code, _, _ := runBinary(t, null, "hook", "prompt"); code != 0 {
		t.Errorf("hook prompt with /dev/null: exit %d, want 0 (fail open)", code)
	}
}

// exitedWith reports a command that ran and exited with code.
func exitedWith(err error, code int) bool {
	ee, ok := err.(*exec.ExitError)
	return ok && ee.ExitCode() == code
}

// TestFailedServeCreatesNothing: a serve that cannot start (a bad flag
// value, a port in use) leaves no data directory behind.
func TestFailedServeCreatesNothing(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	for _, args := range [][]string{
		{"--max-body-bytes", "1MB"},
		{"--addr", ln.Addr().String()},
		{"--bm25-b", "7"},
		{"--allowed-origins", "not a url"},
	} {
		dir := filepath.Join(t.TempDir(), "data")
		code, _, stderr := runBinary(t, nil, append([]string{"serve", "--data", dir}, args...)...)
		if code == 0 {
			t.Errorf("%v: started", args)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%v: created %s (stderr %s)", args, dir, stderr)
		}
	}
}
