package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A thirteenth CLI probe: the binary run as a demanding user would, on the
// angles earlier probes (cli_probe*_e2e_test.go) left out.

// runLimited runs the binary with args under a file size limit of kib KiB
// (the shell's `ulimit -f`), as a user's shell or a service unit sets it.
func runLimited(t *testing.T, kib string, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", append([]string{"-c", `ulimit -f "$0" && exec "$@"`, kib, builtBinary(t)}, args...)...)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	var out, errb bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(stdin), &out, &errb
	return runForExit(t, cmd), out.String(), errb.String()
}

// TestCLIFileSizeLimit: under a file size limit (ulimit -f) below the
// largest file the store maps (its 2 GiB value log), every command that
// opens the store for writing refuses at once, in one line naming the
// limit, and touches nothing. It ran into Badger's failure to size its
// files, printed Badger's multi-line log, and left a file of size zero
// behind that made the next opening fail too, with no limit
// ("Create a new file"): the store was unusable until opened twice more.
func TestCLIFileSizeLimit(t *testing.T) {
	data := seededDataDir(t, 3)
	scratch := t.TempDir()
	export, backup := filepath.Join(scratch, "all.jsonl"), filepath.Join(scratch, "all.backup")
	for _, args := range [][]string{{"export", "--out", export}, {"backup", "--out", backup}} {
		if code, _, stderr := (probeCmd{}).run(t, append(args, "--data", data)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	fresh := filepath.Join(scratch, "fresh")
	for _, kib := range []string{"1000", "100000"} { // below and above the memtable's 64 MiB log
		for _, tt := range []struct {
			dir  string
			args []string
		}{
			{data, []string{"serve", "--addr", "127.0.0.1:0"}},
			{data, []string{"mcp"}},
			{data, []string{"export"}},
			{data, []string{"users", "erase", "--user", "alice", "--confirm", "alice"}},
			{fresh, []string{"import", "--in", export}},
			{fresh, []string{"restore", "--in", backup}},
		} {
			code, stdout, stderr := runLimited(t, kib, "", append(tt.args, "--data", tt.dir)...)
			if code != 1 || stdout != "" || !strings.Contains(stderr, "ulimit -f") || !strings.Contains(stderr, tt.dir) {
				t.Errorf("%v under ulimit -f %s: exit %d, stdout %.80q, stderr %q; want exit 1 naming the limit and --data",
					tt.args, kib, code, stdout, stderr)
			}
			oneLineError(t, tt.args[0], stderr)
		}
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("the refused import and restore made %s (stat: %v)", fresh, err)
	}
	// Without the limit, the store opens at once, whole.
	code, stdout, stderr := (probeCmd{}).run(t, "export", "--data", data)
	if code != 0 || strings.Count(stdout, "red notebook") < 3 {
		t.Errorf("export once the limit is gone: exit %d, stderr %q, %d notes", code, stderr, strings.Count(stdout, "red notebook"))
	}
	if code, _, stderr := (probeCmd{}).run(t, "import", "--in", export, "--data", fresh); code != 0 {
		t.Errorf("import once the limit is gone: exit %d, stderr %q", code, stderr)
	}
}

// TestCLIDataDirLinkLoop: a --data that is, or lies under, a symbolic link
// leading back to itself is refused by every command in one line naming
// the link. serve and mcp said "mkdir …: file exists", which named no
// link, while export and backup said "too many levels of symbolic links".
func TestCLIDataDirLinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, l := range [][2]string{{b, a}, {a, b}} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	backup := filepath.Join(t.TempDir(), "none.backup")
	for _, data := range []string{a, filepath.Join(a, "memsvc")} {
		for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"mcp"}, {"export"}, {"backup", "--out", "-"},
			{"users", "erase", "--user", "alice", "--confirm", "alice"}, {"keys", "revoke", "0123456789abcdef"},
			{"restore", "--in", backup}} {
			code, stdout, stderr := probeCmd{stdin: strings.NewReader("")}.run(t, append(args, "--data", data)...)
			if code != 1 || stdout != "" || !strings.Contains(stderr, "loop") || !strings.Contains(stderr, a) {
				t.Errorf("%v --data %s: exit %d, stdout %.80q, stderr %q; want exit 1 naming the loop at %s", args, data, code, stdout, stderr, a)
			}
			oneLineError(t, args[0], stderr)
		}
	}
}

// TestCLIRevokeNamesDataDirProblem: keys revoke on a --data that exists
// but is a file, or that this user cannot reach (a parent without search
// permission, as the server's own 0700 home is to another user), says so.
// It said "no data directory at …" for both, sending the operator to look
// for a directory that is there.
func TestCLIRevokeNamesDataDirProblem(t *testing.T) {
	file := filepath.Join(t.TempDir(), "data")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := probeCmd{}.run(t, "keys", "revoke", "0123456789abcdef", "--data", file)
	if code != 1 || !strings.Contains(stderr, "not a directory") || strings.Contains(stderr, "no data directory") {
		t.Errorf("revoke --data FILE: exit %d, stderr %q; want exit 1 saying it is not a directory", code, stderr)
	}
	oneLineError(t, "keys revoke", stderr)

	// Another user's 0700 directory holds the data directory.
	bin, data := asNobody(t)
	cmd := exec.Command(bin, "keys", "revoke", "0123456789abcdef", "--data", data)
	cmd.Env = []string{"HOME=/nonexistent", "PATH=" + os.Getenv("PATH")}
	cmd.SysProcAttr = nobodyCredential()
	var errb bytes.Buffer
	cmd.Stderr = &errb
	code = runForExit(t, cmd)
	if code != 1 || !strings.Contains(errb.String(), "permission denied") || strings.Contains(errb.String(), "no data directory") {
		t.Errorf("revoke --data UNREACHABLE: exit %d, stderr %q; want exit 1 saying permission denied", code, errb.String())
	}
	oneLineError(t, "keys revoke", errb.String())
}

// TestCLIRefusalNamesHolderPID: a command refused because another process
// holds the data directory names that process's pid, whether it is a
// server (with its address) or a stdio MCP session, which has no address:
// the refusal said only "another memsvc command (an mcp session, an
// export, …)", leaving the operator to hunt for it.
func TestCLIRefusalNamesHolderPID(t *testing.T) {
	builtBinary(t) // built before any run's time limit starts
	export := filepath.Join(t.TempDir(), "in.jsonl")
	writeExportHeader(t, export)
	for _, holder := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"mcp"}} {
		t.Run(holder[0], func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "data")
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			stdin, hold, err := os.Pipe() // an mcp session lasts while its stdin is open
			if err != nil {
				t.Fatal(err)
			}
			first := probeCmd{stdin: stdin}.command(ctx, t, append(holder, "--data", data, "--no-sync")...)
			stderr, err := first.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := first.Start(); err != nil {
				t.Fatal(err)
			}
			stdin.Close()
			defer func() { hold.Close(); _ = first.Process.Signal(os.Interrupt); _ = first.Wait() }()
			waitForLine(t, stderr, map[string]string{"serve": "listening", "mcp": "serving on stdio"}[holder[0]])
			pid := fmt.Sprintf("pid %d", first.Process.Pid)
			for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"import", "--in", export},
				{"users", "erase", "--user", "alice", "--confirm", "alice"}} {
				if holder[0] == "mcp" && args[0] == "serve" {
					args = append(args, "--no-sync")
				}
				code, stdout, errText := probeCmd{stdin: strings.NewReader("")}.run(t, append(args, "--data", data)...)
				if code != 1 || stdout != "" || !strings.Contains(errText, pid) || !strings.Contains(errText, "in use") {
					t.Errorf("%v while %s holds the directory: exit %d, stderr %q; want 1 naming %s", args, holder[0], code, errText, pid)
				}
				oneLineError(t, args[0], errText)
			}
		})
	}
}

// waitForLine reads r until a line containing want, and then keeps
// draining it so the writer never blocks on a full pipe.
func waitForLine(t *testing.T, r io.Reader, want string) {
	t.Helper()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if strings.Contains(sc.Text(), want) {
			go func() { _, _ = io.Copy(io.Discard, r) }()
			return
		}
	}
	t.Fatalf("the process ended before saying %q", want)
}

// TestCLILongValueClipped: an error quoting a very long value (a path, an
// address, a level pasted wrong) shows its start, its size and its end,
// on one short line: it echoed all 64 KB of it.
func TestCLILongValueClipped(t *testing.T) {
	long := strings.Repeat("é", 32<<10)
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"export", "--data", filepath.Join(t.TempDir(), long)}, 1},
		{[]string{"serve", "--addr", "127.0.0.1:" + long}, 2},
		{[]string{"serve", "--log-level", long}, 2},
	} {
		code, stdout, stderr := probeCmd{}.run(t, tt.args...)
		if code != tt.code || stdout != "" || len(stderr) > 1000 || !strings.Contains(stderr, " bytes]") {
			t.Errorf("%s with a 64 KB value: exit %d, stderr of %d bytes %.300q; want exit %d and a short line giving the size",
				tt.args[0], code, len(stderr), stderr, tt.code)
		}
		oneLineError(t, tt.args[0], stderr)
	}
}
