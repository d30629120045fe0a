package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProbe19MCPStdoutReaderGone: `memsvc mcp | true`, or a client that
// stops reading while a call runs, killed the stdio server with SIGPIPE
// (exit 141) at its next answer: the store was never closed, so the next
// open had to replay the write-ahead log, and a write acknowledged by the
// store but not yet answered relied on that replay. The session must end
// at that write with exit 1 and one line saying why, after closing the
// store, and the write must be there.
func TestProbe19MCPStdoutReaderGone(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, builtBinary(t), "mcp", "--data", data)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = outW, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	outW.Close()
	if _, err := stdin.Write([]byte(initLine("2025-06-18"))); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(outR).ReadString('\n'); err != nil {
		t.Fatalf("no answer to initialize: %v; stderr %s", err, stderr.String())
	}
	outR.Close() // the reader goes away: the next answer meets a closed pipe
	add := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories",` +
		`"arguments":{"memories":["probe19 marker: the spare key is under the blue flowerpot"]}}}` + "\n"
	if _, err := stdin.Write([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" + add)); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		stdin.Close()
		<-done
		t.Fatalf("memsvc mcp went on serving after its stdout's reader had gone; stderr %s", stderr.String())
	}
	stdin.Close()
	code := cmd.ProcessState.ExitCode()
	if code != 1 || !strings.Contains(stderr.String(), "stdout") {
		t.Errorf("memsvc mcp with its stdout's reader gone: exit %d (-1: killed by a signal), stderr %q; "+
			"want 1 saying stdout was closed", code, stderr.String())
	}
	if mems, _ := filepath.Glob(filepath.Join(data, "*.mem")); len(mems) > 0 {
		t.Errorf("the store was not closed: its memtable log %v is left for the next open to replay", mems)
	}
	code, out, errs := probeCmd{}.run(t, "export", "--data", data)
	if code != 0 || !strings.Contains(out, "blue flowerpot") {
		t.Errorf("export after the session: exit %d, stderr %q; the write made before the reader went is missing", code, errs)
	}
}

// TestProbe19OutToAKernelFile: `memsvc export --out /proc/version` read
// the whole store, then failed with "--out /proc/version: input/output
// error" (as root: the kernel takes the open and refuses the write), and
// --force on a /sys file said only "permission denied". A file of the
// kernel's /proc or /sys is refused before anything is read, naming the
// path and why (exit 2); /proc/self/fd/N, which names one of the
// process's own files, is still written.
func TestProbe19OutToAKernelFile(t *testing.T) {
	data := seededDataDir(t, 2)
	for _, args := range [][]string{
		{"export", "--data", data, "--out", "/proc/version"},
		{"export", "--data", data, "--out", "/proc/version", "--force"},
		{"backup", "--data", data, "--out", "/proc/version"},
		{"export", "--data", data, "--out", "/sys/kernel/notes", "--force"},
		{"export", "--data", data, "--out", "/proc/1/../version"},
	} {
		code, _, stderr := probeCmd{}.run(t, args...)
		oneLineError(t, strings.Join(args, " "), stderr)
		if code != 2 || !strings.Contains(stderr, args[4]) || !strings.Contains(stderr, "kernel") {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming the path as a file of the kernel", args, code, stderr)
		}
	}
	out := filepath.Join(t.TempDir(), "mine.jsonl")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	code, _, stderr := probeCmd{extra: []*os.File{f}}.run(t, "export", "--data", data, "--out", "/proc/self/fd/3")
	if b, _ := os.ReadFile(out); code != 0 || !strings.Contains(string(b), `"kind":"end"`) {
		t.Errorf("export --out /proc/self/fd/3: exit %d, stderr %q, %d bytes written; want the export there", code, stderr, len(b))
	}
}

// TestProbe19SecretWithSurroundingSpace: MEMSVC_AUTH_SECRET read from an
// env file or a Kubernetes secret often ends in a space or a line break.
// It was taken as it came: `keys create --no-check` minted a key with the
// padded secret that the server, started from a shell with the bare one,
// refused as "invalid or revoked", and nothing said why. A secret with
// white space at either end is refused naming its variable (exit 2),
// never showing the secret.
func TestProbe19SecretWithSurroundingSpace(t *testing.T) {
	const secret = "probe19-secret-0123456789abcdef0123456789abcdef"
	data := seededDataDir(t, 1)
	for _, tt := range []struct {
		name, value string
		args        []string
	}{
		{"MEMSVC_AUTH_SECRET", secret + " ", []string{"keys", "create", "--user", "bob", "--data", data, "--no-check"}},
		{"MEMSVC_AUTH_SECRET", secret + "\n", []string{"serve", "--addr", "127.0.0.1:0", "--data", data}},
		{"MEMSVC_AUTH_SECRET", "\t" + secret, []string{"mcp", "--data", data}},
		{"MEMSVC_ADMIN_SECRET", secret + " ", []string{"serve", "--addr", "127.0.0.1:0", "--data", data}},
	} {
		env := map[string]string{tt.name: tt.value}
		if tt.name != "MEMSVC_AUTH_SECRET" {
			env["MEMSVC_AUTH_SECRET"] = secret
		}
		code, stdout, stderr := probeCmd{env: env, stdin: strings.NewReader("")}.run(t, tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.name) || !strings.Contains(stderr, "white space") || stdout != "" {
			t.Errorf("%s=%q %v: exit %d, stdout %q, stderr %q; want 2 naming %s and the white space",
				tt.name, tt.value, tt.args, code, stdout, stderr, tt.name)
		}
		if strings.Contains(stderr, secret) {
			t.Errorf("%s %v: the secret is echoed: %q", tt.name, tt.args, stderr)
		}
	}
}
