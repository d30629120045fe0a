package main

import (
	"bufio"
	"bytes"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// reembedCommand is memsvc reembed of dir to the scripted remote model,
// one memory per batch and slowly, so it can be caught mid-run.
func reembedCommand(t *testing.T, dir string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(builtBinary(t), "reembed", "--data", dir, "--reembed-batch", "1")
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	for k, v := range ollamaEnv(slowEmbeddings(t, scriptedOllamaEmbeddings(t))) {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	return cmd
}

// TestCLIReembedInterrupted: SIGINT in the middle of memsvc reembed ends
// it as every one-shot command ends (exit 130, a last line saying it was
// interrupted and how to finish), and the run that follows finishes the
// job, keeping what the first had moved.
func TestCLIReembedInterrupted(t *testing.T) {
	data := seededDataDir(t, 30)
	cmd := reembedCommand(t, data)
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	total := ""
	sc := bufio.NewScanner(errPipe)
	for sc.Scan() {
		stderr.WriteString(sc.Text() + "\n")
		if m := progressLine.FindStringSubmatch(sc.Text()); m != nil && m[1] != m[2] {
			total = m[2]
			cmd.Process.Signal(os.Interrupt)
			break
		}
	}
	for sc.Scan() {
		stderr.WriteString(sc.Text() + "\n")
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("reembed went on for 20s after SIGINT; stderr %s", stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	last := lines[len(lines)-1]
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(last, "interrupted") || !strings.Contains(last, "memsvc reembed") {
		t.Errorf("reembed interrupted: exit %d, last line %q; want 130, saying it was interrupted and how to finish", code, last)
	}
	again := reembedCommand(t, data)
	out, err := again.CombinedOutput()
	if err != nil {
		t.Fatalf("reembed after an interrupted one: %v\n%s", err, out)
	}
	if redone, kept := reembedCounts(t, string(out)); kept == 0 || strconv.Itoa(redone+kept) != total {
		t.Errorf("the second run re-embedded %d and kept %d; want the interrupted run's work kept and %s in all:\n%s", redone, kept, total, out)
	}
}

// TestCLIReembedReadOnlyDataDir: memsvc reembed of a data directory on a
// read-only mount is refused in one line saying it cannot write there,
// and nothing changes.
func TestCLIReembedReadOnlyDataDir(t *testing.T) {
	seeded := seededDataDir(t, 3)
	mount := mountTiny(t, "256m")
	data := filepath.Join(mount, "data")
	if out, err := exec.Command("cp", "-a", "--sparse=always", seeded, data).CombinedOutput(); err != nil {
		t.Fatalf("copy: %v %s", err, out)
	}
	if out, err := exec.Command("mount", "-o", "remount,ro", mount).CombinedOutput(); err != nil {
		t.Skipf("cannot remount read-only: %v %s", err, out)
	}
	before, _ := exec.Command("ls", "-lR", data).Output()
	cmd := reembedCommand(t, data)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 1 || stdout.Len() > 0 || !strings.Contains(stderr.String(), "cannot write there") {
		t.Errorf("reembed of a read-only data directory: exit %d, stdout %q, stderr %q; want 1 saying it cannot write there",
			code, stdout.String(), stderr.String())
	}
	oneLineError(t, "reembed", stderr.String())
	if after, _ := exec.Command("ls", "-lR", data).Output(); string(after) != string(before) {
		t.Errorf("the read-only directory changed:\n%s\nthen\n%s", before, after)
	}
}

// TestCLIKeysListProblems: keys list names a --data that is missing or a
// file, refuses arguments, and with a server that does not answer still
// lists (exit 0), saying so.
func TestCLIKeysListProblems(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"keys", "list", "--data", filepath.Join(t.TempDir(), "absent")}, 3, "no such directory"},
		{[]string{"keys", "list", "--data", file}, 1, file},
		{[]string{"keys", "list", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"keys", "list", "--bogus"}, 2, "--bogus"},
	} {
		code, stdout, stderr := probeCmd{}.run(t, tt.args...)
		if code != tt.code || stdout != "" || !strings.Contains(stderr, tt.says) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d naming %q", tt.args, code, stdout, stderr, tt.code, tt.says)
		}
		oneLineError(t, strings.Join(tt.args, " "), stderr)
	}
	data := seededDataDir(t, 1)
	code, stdout, stderr := probeCmd{}.run(t, "keys", "list", "--data", data, "--server", "127.0.0.1:1")
	if code != 0 || !strings.Contains(stdout, "127.0.0.1:1: no answer") || !strings.Contains(stdout, "revoked key ids: 0") {
		t.Errorf("keys list with a server that does not answer: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestCLIKeysRevokeUnwritableList: keys revoke on a full disk or a
// read-only mount said only "auth: write revocation: …" (and on a full
// disk left the list created empty). It now says nothing was revoked,
// why and what to do, in one line, and the list is as before.
func TestCLIKeysRevokeUnwritableList(t *testing.T) {
	t.Run("full disk", func(t *testing.T) {
		data := filepath.Join(mountTiny(t, "64k"), "data")
		if err := os.Mkdir(data, 0o700); err != nil {
			t.Fatal(err)
		}
		ballast := fillDisk(t, filepath.Dir(data))
		code, _, stderr := probeCmd{}.run(t, "keys", "revoke", "0123456789abcdef", "--data", data)
		for _, want := range []string{"nothing was revoked", "disk is full", data} {
			if code != 1 || !strings.Contains(stderr, want) {
				t.Errorf("keys revoke on a full disk: exit %d, stderr %q; want 1 and %q", code, stderr, want)
			}
		}
		oneLineError(t, "keys revoke", stderr)
		if _, err := os.Stat(filepath.Join(data, "revoked-keys")); err == nil {
			t.Error("keys revoke on a full disk left a revocation list behind")
		}
		os.Remove(ballast)
		if code, _, stderr := (probeCmd{}).run(t, "keys", "revoke", "0123456789abcdef", "--data", data); code != 0 {
			t.Fatalf("keys revoke once there is room: exit %d, %s", code, stderr)
		}
		if b, _ := os.ReadFile(filepath.Join(data, "revoked-keys")); string(b) != "0123456789abcdef\n" {
			t.Errorf("the revocation list holds %q", b)
		}
	})
	t.Run("read-only", func(t *testing.T) {
		mount := mountTiny(t, "64k")
		data := filepath.Join(mount, "data")
		if err := os.Mkdir(data, 0o700); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("mount", "-o", "remount,ro", mount).CombinedOutput(); err != nil {
			t.Skipf("cannot remount read-only: %v %s", err, out)
		}
		code, _, stderr := probeCmd{}.run(t, "keys", "revoke", "0123456789abcdef", "--data", data)
		for _, want := range []string{"nothing was revoked", "cannot write there", "read-only"} {
			if code != 1 || !strings.Contains(stderr, want) {
				t.Errorf("keys revoke on a read-only mount: exit %d, stderr %q; want 1 and %q", code, stderr, want)
			}
		}
		oneLineError(t, "keys revoke", stderr)
	})
}

// TestCLIBenchInterrupted: SIGINT in the middle of a benchmark ended with
// "memsvc: interrupted: context canceled", Go's words for it; now one
// line says the command was interrupted before it finished (exit 130),
// and stdout holds no partial report.
func TestCLIBenchInterrupted(t *testing.T) {
	cmd := exec.Command(builtBinary(t), "bench", "recall", "--data", "../../bench/testdata/locomo-mini.json", "--format", "locomo")
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code == 0 {
		t.Skip("the benchmark finished before the signal")
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 || strings.Contains(stderr.String(), "context canceled") ||
		!strings.Contains(stderr.String(), "interrupted") || stdout.Len() > 0 {
		t.Errorf("bench interrupted: exit %d, stdout %q, stderr %q; want 130, nothing on stdout, and one line in a person's words",
			code, stdout.String(), stderr.String())
	}
	oneLineError(t, "bench interrupted", stderr.String())
}

// TestCLIKeysDatabaseProblemsNamed: keys list and keys revoke with
// --store postgres said "the database schema is missing or outdated: run
// memsvc migrate" for a database that could not be reached, or that
// refused the connection (no such database, a wrong password). Each is named now, in one line, and a database
// that was never migrated still says to run memsvc migrate.
func TestCLIKeysDatabaseProblemsNamed(t *testing.T) {
	good := pg.NewEmptyDatabase(t)
	u, err := url.Parse(good)
	if err != nil {
		t.Fatal(err)
	}
	noSuchDatabase := *u
	noSuchDatabase.Path = "/no_such_database"
	for _, tt := range []struct {
		url, says, not string
	}{
		{"postgres://someone:pw@127.0.0.1:1/db", "unreachable", "migrate"},
		{noSuchDatabase.String(), "refused the connection", "migrate"},
		{good, "run memsvc migrate", "unreachable"},
	} {
		for _, args := range [][]string{{"keys", "list"}, {"keys", "revoke", "0123456789abcdef"}} {
			args = append(args, "--store", "postgres", "--postgres-url", tt.url)
			code, stdout, stderr := probeCmd{}.run(t, args...)
			if code != 1 || stdout != "" || !strings.Contains(stderr, tt.says) || strings.Contains(stderr, tt.not) {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 saying %q, not %q", args[:2], code, stdout, stderr, tt.says, tt.not)
			}
			oneLineError(t, strings.Join(args[:2], " "), stderr)
		}
	}
}
