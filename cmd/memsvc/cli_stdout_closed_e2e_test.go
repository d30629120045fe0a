package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// runWithStdout runs the binary with args from a shell that sets its
// stdout with redirect (">&-" closes it), and returns the exit code and
// stderr.
func runWithStdout(t *testing.T, env map[string]string, redirect string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command("sh", append([]string{"-c", `exec "$0" "$@" ` + redirect, builtBinary(t)}, args...)...)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	return runForExit(t, cmd), stderr.String()
}

// A command started with its stdout closed (`memsvc export >&-`, a
// supervisor that closes it) found /dev/null there, put by Go's runtime:
// an export, a backup to -, a freshly minted key all vanished, and the
// command said it was done (exit 0, "store it now"). Each now fails
// (exit 1) saying stdout was closed and what to do; stdout sent to
// /dev/null on purpose still succeeds. (A report such as version's is not
// refused: a launcher that discards output puts the same read-write
// /dev/null there, TestCLIStdoutDiscardedByALauncher.)
func TestCLIClosedStdoutFailsLoudly(t *testing.T) {
	data := seededDataDir(t, 3)
	secret := map[string]string{"MEMSVC_AUTH_SECRET": "closed-stdout-secret-0123456789abcdef"}
	cases := []struct {
		env  map[string]string
		args []string
	}{
		{nil, []string{"export", "--data", data}},
		{nil, []string{"backup", "--data", data, "--out", "-"}},
		{secret, []string{"keys", "create", "--user", "someone", "--data", data, "--no-check"}},
	}
	for _, c := range cases {
		name := strings.Join(c.args[:min(2, len(c.args))], " ")
		code, stderr := runWithStdout(t, c.env, ">&-", c.args...)
		if code != 1 || !strings.Contains(stderr, "stdout was closed") || !strings.Contains(stderr, "redirect it") {
			t.Errorf("%s with stdout closed: exit %d, stderr %q; want 1 saying stdout was closed and what to do", name, code, stderr)
		}
		if strings.Contains(stderr, "Store it now") || strings.Contains(stderr, "written to") {
			t.Errorf("%s with stdout closed claimed its output was delivered: %q", name, stderr)
		}
		if code, stderr := runWithStdout(t, c.env, ">/dev/null", c.args...); code != 0 {
			t.Errorf("%s > /dev/null: exit %d, stderr %q; want 0: discarding the output was asked for", name, code, stderr)
		}
	}
}
