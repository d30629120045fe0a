package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
)

// The fifth CLI probe: what the first four left out. Every case runs the
// built binary as an operator's script would.

// TestCLIStdoutIsData: what a command prints on stdout is its data and
// nothing else, so that $(memsvc …) and a pipe get only that: keys create
// printed a sentence before the key (KEY=$(memsvc keys create …) held
// both), and keys revoke, import and users erase printed what they did on
// stdout while backup and restore said it on stderr.
func TestCLIStdoutIsData(t *testing.T) {
	data := seededDataDir(t, 3)
	export := filepath.Join(t.TempDir(), "all.jsonl")
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", data, "--out", export); code != 0 {
		t.Fatalf("export: exit %d, stderr %q", code, stderr)
	}
	secret := map[string]string{"MEMSVC_AUTH_SECRET": testSecret}
	tests := []struct {
		name string
		env  map[string]string
		args []string
		// stdout checks what stdout holds ("" : nothing at all).
		stdout func(t *testing.T, out string)
	}{
		{"keys create", secret, []string{"keys", "create", "--user", "alice", "--data", data}, func(t *testing.T, out string) {
			if user, err := auth.NewKeyring(testSecret, data).Verify(strings.TrimSuffix(out, "\n")); err != nil || user != "alice" ||
				strings.Count(out, "\n") != 1 {
				t.Errorf("stdout %q is not one line holding alice's key (%q, %v)", out, user, err)
			}
		}},
		{"keys revoke", nil, []string{"keys", "revoke", "0123456789abcdef", "--data", data}, nil},
		{"import", nil, []string{"import", "--in", export, "--data", filepath.Join(t.TempDir(), "new")}, nil},
		{"users erase", nil, []string{"users", "erase", "--user", "bob", "--confirm", "bob", "--data", twoUserDataDir(t)}, nil}, // a user it holds
		{"backup to a file", nil, []string{"backup", "--data", data, "--out", filepath.Join(t.TempDir(), "b.tar")}, nil},
		{"export to a file", nil, []string{"export", "--data", data, "--out", filepath.Join(t.TempDir(), "e.jsonl")}, nil},
		{"export to stdout", nil, []string{"export", "--data", data}, func(t *testing.T, out string) {
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			for _, l := range lines {
				if !json.Valid([]byte(l)) {
					t.Errorf("stdout line %q is not JSON", l)
				}
			}
			if len(lines) < 3 {
				t.Errorf("stdout holds %d lines, want the header, the memories and the end", len(lines))
			}
		}},
		{"version", nil, []string{"version"}, func(t *testing.T, out string) {
			if out != "memsvc "+version+"\n" {
				t.Errorf("stdout %q, want one line naming the version", out)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := probeCmd{env: tt.env}.run(t, tt.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if tt.stdout == nil {
				if stdout != "" || strings.TrimSpace(stderr) == "" {
					t.Errorf("stdout %q, stderr %q; want nothing on stdout and what was done on stderr", stdout, stderr)
				}
				return
			}
			tt.stdout(t, stdout)
		})
	}
}

// binaryServer is `memsvc serve` run as its own process on a data
// directory, so a crash shows as the process gone, not the test.
type binaryServer struct {
	base   string
	cmd    *exec.Cmd
	stderr *syncBuffer
}

// serveBinary starts the binary's server on dir and waits for the address
// it records there.
func serveBinary(t *testing.T, dir string) *binaryServer {
	t.Helper()
	s := &binaryServer{stderr: &syncBuffer{}}
	s.cmd = exec.Command(builtBinary(t), "serve", "--addr", "127.0.0.1:0", "--data", dir)
	s.cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	s.cmd.Stderr = s.stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.cmd.Process.Kill(); s.cmd.Wait() })
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if addr, err := readServerFile(dir); err == nil && addr != "" {
			s.base = "http://" + addr
			return s
		}
	}
	t.Fatalf("the server recorded no address within 30s; stderr:\n%s", s.stderr)
	return nil
}

// stop sends SIGTERM and returns the exit code.
func (s *binaryServer) stop(t *testing.T) int {
	t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	err := s.cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return 0
}

// fillDisk writes a file in dir until its disk is full and returns it.
func fillDisk(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "ballast")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 1<<20)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	for _, small := range []int{4096, 1} { // the last partial pages
		for {
			if _, err := f.Write(block[:small]); err != nil {
				break
			}
		}
	}
	return path
}

// TestServeOnAFilledDisk: when the data directory's disk fills while the
// server runs, writes are answered 503 saying the disk is full, reads and
// health answers go on, and writes work again once space is freed. The
// server died: Badger's memory-mapped log faults (SIGBUS) on a page the
// full disk cannot back.
func TestServeOnAFilledDisk(t *testing.T) {
	tiny := mountTiny(t, "100m")
	data := filepath.Join(tiny, "data")
	s := serveBinary(t, data)
	client := &http.Client{Timeout: 20 * time.Second}
	add := func(text string) (resp, error) {
		return sendJSON(client, s.base, req{method: http.MethodPost, path: "/api/v1/memories",
			body: map[string]any{"text": text, "user_id": "alice", "infer": false}})
	}
	if r, err := add("The spare key hangs behind the blue door"); err != nil || r.status != http.StatusOK {
		t.Fatalf("add before the disk fills: %v %d %s", err, r.status, r.raw)
	}
	ballast := fillDisk(t, tiny)
	for i, text := range []string{"The boat is moored at pier nine", strings.Repeat("a long note about the harbour ", 400)} {
		r, err := add(text)
		if err != nil {
			t.Fatalf("write #%d on a full disk: %v; server stderr:\n%s", i+1, err, s.stderr)
		}
		if r.status != http.StatusServiceUnavailable && r.status != http.StatusInsufficientStorage || !strings.Contains(string(r.raw), "disk is full") {
			t.Errorf("write #%d on a full disk: %d %s; want 503 or 507 saying the disk is full", i+1, r.status, r.raw)
		}
	}
	r, err := sendJSON(client, s.base, req{method: http.MethodPost, path: "/api/v1/memories/search",
		body: map[string]any{"query": "where is the spare key", "user_id": "alice"}})
	if err != nil || r.status != http.StatusOK || !strings.Contains(string(r.raw), "blue door") {
		t.Errorf("search on a full disk: %v %d %.300s; want the stored memory", err, r.status, r.raw)
	}
	if res, err := client.Get(s.base + "/api/health"); err != nil {
		t.Errorf("health on a full disk: %v", err)
	} else {
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.Contains(string(body), "disk is full") {
			t.Errorf("health on a full disk: %d %s; want it to say the disk is full", res.StatusCode, body)
		}
	}
	if err := os.Remove(ballast); err != nil {
		t.Fatal(err)
	}
	if r, err := add("The boat is moored at pier ten"); err != nil || r.status != http.StatusOK {
		t.Errorf("write once space is freed: %v %d %s", err, r.status, r.raw)
	}
	if code := s.stop(t); code != 0 {
		t.Errorf("serve exited %d; stderr:\n%s", code, s.stderr)
	}
	code, stdout, stderr := probeCmd{}.run(t, "export", "--data", data)
	if code != 0 || !strings.Contains(stdout, "blue door") || !strings.Contains(stdout, "pier ten") || strings.Contains(stdout, "pier nine") {
		t.Errorf("export after: exit %d, stderr %q; want the acknowledged memories only:\n%.600s", code, stderr, stdout)
	}
}

// TestCLIReadOnlyDataDir: a data directory on a read-only mount (a
// snapshot, a copy mounted to inspect) can be exported and backed up, and
// the backup restores; the commands that write refuse it in one line
// saying they cannot write there, and nothing in it changes. Export and
// backup failed: Badger could not write its lock file.
func TestCLIReadOnlyDataDir(t *testing.T) {
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
	code, exported, stderr := probeCmd{}.run(t, "export", "--data", data)
	if code != 0 || !strings.Contains(exported, "red notebook number 2") {
		t.Fatalf("export of a read-only data directory: exit %d, stderr %q", code, stderr)
	}
	backupFile := filepath.Join(t.TempDir(), "b.tar")
	if code, _, stderr := (probeCmd{}).run(t, "backup", "--data", data, "--out", backupFile); code != 0 {
		t.Fatalf("backup of a read-only data directory: exit %d, stderr %q", code, stderr)
	}
	restored := filepath.Join(t.TempDir(), "restored")
	if code, _, stderr := (probeCmd{}).run(t, "restore", "--in", backupFile, "--data", restored); code != 0 {
		t.Fatalf("restore: exit %d, stderr %q", code, stderr)
	}
	if code, again, stderr := (probeCmd{}).run(t, "export", "--data", restored); code != 0 || withoutTime(again) != withoutTime(exported) {
		t.Errorf("export of the restored backup: exit %d, stderr %q; differs from the original's", code, stderr)
	}
	header := filepath.Join(t.TempDir(), "h.jsonl")
	if err := os.WriteFile(header, []byte(strings.SplitN(exported, "\n", 2)[0]+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"mcp"}, {"import", "--in", header},
		{"users", "erase", "--user", "alice", "--confirm", "alice"}} {
		code, stdout, stderr := probeCmd{stdin: strings.NewReader("")}.run(t, append(args, "--data", data)...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "cannot write there") || !strings.Contains(stderr, data) {
			t.Errorf("%v on a read-only data directory: exit %d, stdout %q, stderr %q; want exit 1 saying it cannot write there",
				args, code, stdout, stderr)
		}
		oneLineError(t, args[0], stderr)
	}
	if after, _ := exec.Command("ls", "-lR", data).Output(); string(after) != string(before) {
		t.Errorf("the read-only directory changed:\n%s\nthen\n%s", before, after)
	}
}

// withoutTime drops an export's header line, which records when it ran.
func withoutTime(export string) string {
	_, rest, _ := strings.Cut(export, "\n")
	return rest
}

// TestCLIRestoreDamagedBackup: a backup cut short or with a byte changed
// anywhere is refused in one line saying so, and the target directory is
// left as it was (absent, or empty); a restore into a directory that holds
// anything is refused and merges nothing. A byte changed in the store
// snapshot restored "successfully" and the export then failed on the
// damaged record, or served it.
func TestCLIRestoreDamagedBackup(t *testing.T) {
	data := seededDataDir(t, 30)
	whole := filepath.Join(t.TempDir(), "whole.tar")
	if code, _, stderr := (probeCmd{}).run(t, "backup", "--data", data, "--out", whole); code != 0 {
		t.Fatalf("backup: exit %d, stderr %q", code, stderr)
	}
	a, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	flip := func(at int) []byte { b := bytes.Clone(a); b[at] ^= 0x20; return b }
	note := bytes.Index(a, []byte("red notebook number 17"))
	if note < 0 {
		t.Fatal("the backup holds no note 17")
	}
	tests := []struct {
		name    string
		archive []byte
		want    string
	}{
		{"cut in the header", a[:300], "not a memsvc backup"},
		{"cut in the store", a[:note], "cut short"},
		{"cut before the end", a[:len(a)-1536], "cut short"},
		{"a byte changed in a memory", flip(note + 5), "damaged"},
		{"a byte changed in the magic", flip(bytes.Index(a, []byte("memsvc backup v1")) + 3), "backup version"},
	}
	for _, tt := range tests {
		for _, target := range []string{"absent", "empty"} {
			t.Run(tt.name+", "+target, func(t *testing.T) {
				in := filepath.Join(t.TempDir(), "in.tar")
				if err := os.WriteFile(in, tt.archive, 0o600); err != nil {
					t.Fatal(err)
				}
				dir := filepath.Join(t.TempDir(), "restored")
				if target == "empty" {
					if err := os.Mkdir(dir, 0o700); err != nil {
						t.Fatal(err)
					}
				}
				code, stdout, stderr := probeCmd{}.run(t, "restore", "--in", in, "--data", dir)
				if code != 1 || stdout != "" || !strings.Contains(stderr, tt.want) {
					t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 saying %q", code, stdout, stderr, tt.want)
				}
				oneLineError(t, tt.name, stderr)
				entries, err := os.ReadDir(dir)
				if target == "absent" && !errors.Is(err, os.ErrNotExist) || target == "empty" && len(entries) != 0 {
					t.Errorf("the %s target holds %v (%v) after a failed restore", target, entries, err)
				}
			})
		}
	}
	before, _ := exec.Command("ls", "-lR", data).Output()
	code, _, stderr := probeCmd{}.run(t, "restore", "--in", whole, "--data", data)
	if code != 1 || !strings.Contains(stderr, "not empty") {
		t.Errorf("restore into a data directory with data: exit %d, stderr %q; want it refused", code, stderr)
	}
	if after, _ := exec.Command("ls", "-lR", data).Output(); string(after) != string(before) {
		t.Errorf("a refused restore changed the directory")
	}
}

// TestCLIBenchFlagValues: bench recall refuses, before any run, a flag
// value that would make a meaningless one, naming the flag and the value.
// --categories of which the dataset has no question ran and reported a
// recall of 0 over no questions with exit 0; "--categories ," asked the
// default categories; a bad --batch said "--limit-conversations and
// --misses must be ≥ 0, --batch ≥ 1" without saying which.
func TestCLIBenchFlagValues(t *testing.T) {
	for _, tt := range []struct {
		flags    []string
		mentions []string
	}{
		{[]string{"--categories", "9"}, []string{"--categories 9", "categories 1,2,3,4,5"}},
		{[]string{"--categories", "0,7"}, []string{"--categories 0,7"}},
		{[]string{"--categories", ","}, []string{"--categories", "lists no category"}},
		{[]string{"--categories", "two"}, []string{"--categories", `"two"`}},
		{[]string{"--batch", "0"}, []string{"--batch must be ≥ 1, got 0"}},
		{[]string{"--misses", "-2"}, []string{"--misses must be ≥ 0, got -2"}},
		{[]string{"--limit-conversations", "-1"}, []string{"--limit-conversations must be ≥ 0", "got -1"}},
		{[]string{"--k", "101"}, []string{"--k", "101"}},
		{[]string{"--via", "grpc"}, []string{"--via", "grpc"}},
		{[]string{"--rerank=maybe"}, []string{"--rerank maybe"}},
		{[]string{"--data-dir", t.TempDir() + "/.."}, []string{"--data-dir", "not empty"}},
	} {
		args := append([]string{"bench", "recall", "--data", benchFixture, "--format", "locomo"}, tt.flags...)
		code, stdout, stderr := probeCmd{}.run(t, args...)
		if code != 2 || stdout != "" {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q; want a usage error", tt.flags, code, stdout, stderr)
			continue
		}
		oneLineError(t, strings.Join(tt.flags, " "), stderr)
		for _, m := range tt.mentions {
			if !strings.Contains(stderr, m) {
				t.Errorf("%v: stderr %q does not mention %q", tt.flags, stderr, m)
			}
		}
	}
}

// TestCLIOneVersion: `version`, `--version`, `-version`, the health answer
// and the MCP handshake (over stdio, and from the server) all name the
// same version.
func TestCLIOneVersion(t *testing.T) {
	var seen []string
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		code, stdout, stderr := probeCmd{}.run(t, args...)
		if code != 0 || stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
		seen = append(seen, strings.TrimPrefix(strings.TrimSpace(stdout), "memsvc "))
	}
	code, stdout, _ := probeCmd{stdin: strings.NewReader(initLine("2025-06-18"))}.run(t, "mcp", "--data", t.TempDir())
	var hello struct {
		Result struct {
			ServerInfo struct{ Version string } `json:"serverInfo"`
		}
	}
	if err := json.Unmarshal([]byte(strings.SplitN(stdout, "\n", 2)[0]), &hello); code != 0 || err != nil {
		t.Errorf("mcp initialize: exit %d, %v: %q", code, err, stdout)
	}
	seen = append(seen, hello.Result.ServerInfo.Version)
	s := serveBinary(t, filepath.Join(t.TempDir(), "data"))
	var health struct{ Version string }
	if res, err := http.Get(s.base + "/api/health"); err != nil {
		t.Error(err)
	} else {
		json.NewDecoder(res.Body).Decode(&health)
		res.Body.Close()
	}
	seen = append(seen, health.Version)
	for i, v := range seen {
		if v == "" || v != seen[0] {
			t.Errorf("version #%d is %q; all: %q (version, --version, -version, mcp, health)", i+1, v, seen)
		}
	}
}

// TestServePortInUse: serve on a port another process holds fails at once
// with exit 1 and one line naming the address and the cause, suggests a
// port that is free (it suggested 127.0.0.1:8766 whatever was free), and
// leaves the data directory unmade.
func TestServePortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if next, err := net.Listen("tcp", "127.0.0.1:8766"); err == nil { // the port it used to suggest, taken
		defer next.Close()
	}
	dir := filepath.Join(t.TempDir(), "data")
	code, stdout, stderr := probeCmd{}.run(t, "serve", "--addr", ln.Addr().String(), "--data", dir)
	if code != 1 || stdout != "" || !strings.Contains(stderr, ln.Addr().String()) || !strings.Contains(stderr, "in use") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 naming the address in use", code, stdout, stderr)
	}
	oneLineError(t, "serve", stderr)
	suggested := strings.TrimSpace(stderr[strings.LastIndex(stderr, "--addr ")+len("--addr "):])
	if l, err := net.Listen("tcp", suggested); err != nil {
		t.Errorf("the suggested address %q cannot be used: %v", suggested, err)
	} else {
		l.Close()
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a serve that could not listen made %s", dir)
	}
}
