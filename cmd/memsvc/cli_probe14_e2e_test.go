//go:build unix

// The fourteenth CLI probe: a store left by a crash, exit codes a script
// can branch on, and a data directory this user may not write.

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// crashedDataDir is the data directory of a server SIGKILLed while four
// writers were still adding memories, and the texts of the memories it
// acknowledged: a store that was not closed, as a crash leaves it.
func crashedDataDir(t *testing.T) (dir string, acked []string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "data")
	s := serveBinary(t, dir)
	client := &http.Client{Timeout: 10 * time.Second}
	var mu sync.Mutex
	var wg sync.WaitGroup
	enough := make(chan struct{})
	var once sync.Once
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				text := fmt.Sprintf("crash memory %s from writer %d", uniqueWord(w*100000+i), w)
				r, err := sendJSON(client, s.base, req{method: "POST", path: "/api/v1/memories",
					body: map[string]any{"text": text, "infer": false, "user_id": "u1"}})
				if err != nil || r.status != 200 {
					return // the server is gone
				}
				mu.Lock()
				if acked = append(acked, text); len(acked) >= 40 {
					once.Do(func() { close(enough) })
				}
				mu.Unlock()
			}
		})
	}
	select {
	case <-enough:
	case <-time.After(time.Minute):
		t.Fatalf("fewer than 40 writes acknowledged in a minute; stderr:\n%s", s.stderr)
	}
	s.cmd.Process.Kill() // writes are in flight
	s.cmd.Wait()
	wg.Wait()
	return dir, acked
}

// newestLog is the name of the newest Badger log file with ext in dir and
// the name of the file Badger would make next.
func newestLog(t *testing.T, dir, ext string) (newest, next string) {
	t.Helper()
	logs, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	if len(logs) == 0 {
		t.Fatalf("no %s file in %s", ext, dir)
	}
	slices.Sort(logs) // zero-padded numbers
	newest = filepath.Base(logs[len(logs)-1])
	var n int
	fmt.Sscanf(newest, "%d", &n)
	return newest, fmt.Sprintf("%0*d%s", len(newest)-len(ext), n+1, ext)
}

// exportedTexts runs export on dir and returns the texts of the memories
// it wrote, with the export's exit code and stderr.
func exportedTexts(t *testing.T, dir string) (texts map[string]bool, code int, stderr string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "export.jsonl")
	code, _, stderr = probeCmd{}.run(t, "export", "--data", dir, "--out", out)
	texts = map[string]bool{}
	f, err := os.Open(out)
	if err != nil {
		return texts, code, stderr
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"kind":"memory"`) {
			for _, a := range strings.Split(sc.Text(), `"text":"`)[1:] {
				texts[a[:strings.Index(a, `"`)]] = true
			}
		}
	}
	return texts, code, stderr
}

func wantAllAcked(t *testing.T, what string, texts map[string]bool, acked []string) {
	t.Helper()
	for _, a := range acked {
		if !texts[a] {
			t.Errorf("%s: acknowledged memory %q is missing", what, a)
		}
	}
}

// TestCLIEmptyLogLeftByCrash: a crash while Badger makes its next log file
// (it creates the file, then sizes it) leaves that newest .mem or .vlog
// file empty. Every command that opened the store then failed with
// Badger's "Create a new file", naming no file, and the store opened only
// on the second try. Now the empty newest file is moved aside (never
// deleted), with a logged line naming it, and everything acknowledged
// before the crash is there.
func TestCLIEmptyLogLeftByCrash(t *testing.T) {
	dir, acked := crashedDataDir(t)
	var made []string
	for _, ext := range []string{".mem", ".vlog"} {
		_, next := newestLog(t, dir, ext)
		if err := os.WriteFile(filepath.Join(dir, next), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		made = append(made, next)
	}
	texts, code, stderr := exportedTexts(t, dir)
	if code != 0 {
		t.Fatalf("export after a crash left empty %v: exit %d, stderr %s", made, code, stderr)
	}
	wantAllAcked(t, "export after the crash", texts, acked)
	for _, name := range made {
		if !strings.Contains(stderr, name) {
			t.Errorf("export set aside %s without naming it: stderr %s", name, stderr)
		}
		if kept, _ := filepath.Glob(filepath.Join(dir, name+".empty-*")); len(kept) != 1 {
			t.Errorf("%s was not kept aside (found %v)", name, kept)
		}
	}
	// A server opens the directory as it is now, with the same memories.
	s := serveBinary(t, dir)
	r, err := sendJSON(&http.Client{Timeout: 10 * time.Second}, s.base, req{method: "GET", path: "/api/v1/memories?user_id=u1&size=1"})
	if err != nil || num(r.body, "total") < len(acked) {
		t.Errorf("serve after the set-aside lists %v (%v), want at least %d memories", r.body["total"], err, len(acked))
	}
	if code := s.stop(t); code != 0 {
		t.Errorf("serve exit %d; stderr %s", code, s.stderr)
	}
}

// TestCLIEmptyOlderLogRefused: an empty log file with a newer one after it
// is no crash's doing (Badger only ever adds files after the newest); the
// writes it held are gone. The store is not opened as if nothing had
// happened: the command refuses in one line naming the file and the fix,
// and leaves the file where it is.
func TestCLIEmptyOlderLogRefused(t *testing.T) {
	dir, _ := crashedDataDir(t)
	os.Remove(filepath.Join(dir, "server.addr"))  // the killed server's: wait for the new one's
	if s := serveBinary(t, dir); s.stop(t) != 0 { // replays, and makes a newer .vlog
		t.Fatalf("serve after a crash failed: %s", s.stderr)
	}
	vlogs, _ := filepath.Glob(filepath.Join(dir, "*.vlog"))
	if len(vlogs) < 2 {
		t.Fatalf("want two value logs after a reopening, found %v", vlogs)
	}
	slices.Sort(vlogs)
	emptied, newest := filepath.Base(vlogs[0]), filepath.Base(vlogs[len(vlogs)-1])
	if err := os.Truncate(vlogs[0], 0); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"export", "--out", "-"}, {"backup", "--out", "-"}, {"serve", "--addr", "127.0.0.1:0"}} {
		code, stdout, stderr := probeCmd{}.run(t, append(args, "--data", dir)...)
		oneLineError(t, args[0], stderr)
		if code != 1 || stdout != "" || !strings.Contains(stderr, emptied) || !strings.Contains(stderr, "memsvc restore") {
			t.Errorf("%v with %s emptied under %s: exit %d, stdout %q, stderr %s; want exit 1 naming the file and the fix",
				args, emptied, newest, code, stdout, stderr)
		}
	}
	if info, err := os.Stat(vlogs[0]); err != nil || info.Size() != 0 {
		t.Errorf("the refused file was touched: %v %v", info, err)
	}
}

// TestCLIBackupAfterCrash: a read-only opening cannot replay the
// write-ahead log a crash left, so `memsvc backup` of a crashed server's
// directory failed with Badger's "Log truncate required to run DB. This
// might result in data loss". It now replays the log first (as a server
// start does, logged) and backs up every acknowledged memory.
func TestCLIBackupAfterCrash(t *testing.T) {
	dir, acked := crashedDataDir(t)
	tarFile := filepath.Join(t.TempDir(), "b.tar")
	code, _, stderr := probeCmd{}.run(t, "backup", "--data", dir, "--out", tarFile)
	if code != 0 || !strings.Contains(stderr, "replayed") {
		t.Fatalf("backup of a crashed server's directory: exit %d, stderr %s; want 0 and a line saying the log was replayed", code, stderr)
	}
	wantBackupHoldsAcked(t, tarFile, acked)
}

// TestCLINotFoundExitCode: a command told to act on something that does
// not exist exits 3, as `memsvc --help` documents, so a script can tell
// "nothing there" from a failure (1) and a mistyped command (2). Each
// such refusal exited 1 (or 2 for bench), like a full disk or a store
// that failed to open.
func TestCLINotFoundExitCode(t *testing.T) {
	const secret = "probe14-secret-0123456789abcdef0123456789"
	data := seededDataDir(t, 2)
	folder := t.TempDir()
	absent := filepath.Join(folder, "absent")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "--user", "nobody-here", "--data", data}, "holds no data of this user"},
		{[]string{"users", "erase", "--user", "nobody-here", "--confirm", "nobody-here", "--data", data}, "nothing was erased"},
		{[]string{"import", "--in", absent, "--data", filepath.Join(folder, "d1")}, absent},
		{[]string{"restore", "--in", absent, "--data", filepath.Join(folder, "d2")}, absent},
		{[]string{"export", "--data", absent}, "no such directory"},
		{[]string{"backup", "--out", "-", "--data", absent}, "no such directory"},
		{[]string{"keys", "revoke", "0123456789abcdef", "--data", absent}, "no such directory"},
		{[]string{"bench", "recall", "--format", "locomo", "--data", absent}, absent},
		{[]string{"bench", "fit-relevance", absent}, absent},
	} {
		code, stdout, stderr := (probeCmd{env: map[string]string{"MEMSVC_AUTH_SECRET": secret}}).run(t, tt.args...)
		oneLineError(t, strings.Join(tt.args, " "), stderr)
		if code != 3 || stdout != "" || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %s; want exit 3 (not found) naming %q", tt.args, code, stdout, stderr, tt.want)
		}
	}
	if _, help, _ := (probeCmd{}).run(t, "--help"); !strings.Contains(help, "\n  3    not found") {
		t.Errorf("memsvc --help does not document exit 3:\n%s", help)
	}
}

// TestCLIUnwritableDataDirHint: a command that writes, refused a data
// directory this user may not write, says what lets it write there. It
// said "memsvc export and memsvc backup read a read-only data directory"
// whatever the cause, also for a directory this user cannot reach at all
// (where both fail too) or one that does not exist yet, and neither gets
// a server running.
func TestCLIUnwritableDataDirHint(t *testing.T) {
	bin, unreachable := asNobody(t)
	readable := filepath.Join(filepath.Dir(filepath.Dir(unreachable)), "readable")
	if err := os.Mkdir(readable, 0o555); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, dir string
		want      []string
		wantNot   string
	}{
		{"unreachable", unreachable, []string{"cannot even reach it", "chmod"}, "memsvc export"},
		{"not yet made", filepath.Join(readable, "sub"), []string{"does not exist", "mkdir -p"}, "memsvc export"},
		{"read-only to this user", readable, []string{"may read it but not write", "chown -R 65534", "mode 0555"}, ""},
	} {
		for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"import", "--in", "-"}} {
			cmd := exec.Command(bin, append(args, "--data", tt.dir)...)
			cmd.Env = []string{"HOME=/nonexistent", "PATH=" + os.Getenv("PATH")}
			cmd.SysProcAttr = nobodyCredential()
			cmd.Stdin = strings.NewReader(`{"kind":"header","format":"memsvc-export","version":1}` + "\n")
			var errb bytes.Buffer
			cmd.Stderr = &errb
			code := runForExit(t, cmd)
			stderr := errb.String()
			oneLineError(t, tt.name, stderr)
			if code != 1 || !strings.Contains(stderr, "uid 65534") || tt.wantNot != "" && strings.Contains(stderr, tt.wantNot) {
				t.Errorf("%s %s: exit %d, stderr %s; want exit 1 naming this user and not hinting %q", args[0], tt.name, code, stderr, tt.wantNot)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("%s %s: stderr %s; want it to say %q", args[0], tt.name, stderr, w)
				}
			}
		}
	}
}

// TestCLIImportEmptyInput: an import given nothing (an empty file, a
// closed or empty stdin) said "not a memsvc export: the first line must be
// its header", as for a file of another kind; it now says the input is
// empty, as restore does, and makes no data directory.
func TestCLIImportEmptyInput(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{empty, "-"} {
		dir := filepath.Join(t.TempDir(), "data")
		code, stdout, stderr := (probeCmd{stdin: strings.NewReader("")}).run(t, "import", "--in", in, "--data", dir)
		oneLineError(t, "import", stderr)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "--in "+in+" is empty") {
			t.Errorf("import --in %s (empty): exit %d, stdout %q, stderr %s; want exit 1 saying it is empty", in, code, stdout, stderr)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("import of an empty input made the data directory (%v)", err)
		}
	}
}

// serveAsNobody starts bin's server on dir as user nobody.
func serveAsNobody(t *testing.T, bin, dir string) *binaryServer {
	t.Helper()
	s := &binaryServer{stderr: &syncBuffer{}}
	s.cmd = exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--data", dir)
	s.cmd.Env = []string{"HOME=/nonexistent", "PATH=" + os.Getenv("PATH")}
	s.cmd.SysProcAttr = nobodyCredential()
	s.cmd.Stderr = s.stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.cmd.Process.Kill(); s.cmd.Wait() })
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if addr, err := readServerFile(dir); err == nil && addr != "" && s.cmd.ProcessState == nil {
			s.base = "http://" + addr
			return s
		}
	}
	t.Fatalf("the server run as nobody recorded no address within 30s; stderr:\n%s", s.stderr)
	return nil
}

// dirListing names each file of dir with its owner and size.
func dirListing(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var list []string
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		uid, _ := fileOwner(info)
		list = append(list, fmt.Sprintf("%s uid %d size %d", e.Name(), uid, info.Size()))
	}
	return list
}

// TestBackupAsRootOfCrashedStoreOfAnotherUser: `memsvc backup` run as
// root on the directory of a server (run as another user) that crashed
// replayed the write-ahead log in the directory itself, leaving tables
// and logs owned by root that the server's user could not open: the
// server then failed to start ("permission denied"). The backup now
// replays a temporary copy, and the directory keeps its files as they
// were.
func TestBackupAsRootOfCrashedStoreOfAnotherUser(t *testing.T) {
	bin, data := asNobody(t)
	for _, d := range []string{filepath.Dir(data), data} {
		if err := os.Chown(d, nobodyUID, nobodyUID); err != nil {
			t.Fatal(err)
		}
	}
	s := serveAsNobody(t, bin, data)
	client := &http.Client{Timeout: 10 * time.Second}
	var acked []string
	for i := range 20 {
		text := fmt.Sprintf("owned memory %s", uniqueWord(i))
		r, err := sendJSON(client, s.base, req{method: "POST", path: "/api/v1/memories",
			body: map[string]any{"text": text, "infer": false, "user_id": "u1"}})
		if err != nil || r.status != 200 {
			t.Fatalf("write %d: %v %v; stderr %s", i, err, r.body, s.stderr)
		}
		acked = append(acked, text)
	}
	s.cmd.Process.Kill()
	s.cmd.Wait()
	before := dirListing(t, data)

	tarFile := filepath.Join(t.TempDir(), "b.tar")
	if code, _, stderr := (probeCmd{}).run(t, "backup", "--data", data, "--out", tarFile); code != 0 || !strings.Contains(stderr, "replayed") {
		t.Fatalf("backup as root: exit %d, stderr %s; want 0 and the log replayed", code, stderr)
	}
	if after := dirListing(t, data); !slices.Equal(before, after) {
		t.Errorf("the backup changed the directory:\nbefore %v\nafter  %v", before, after)
	}
	wantBackupHoldsAcked(t, tarFile, acked)

	os.Remove(filepath.Join(data, "server.addr")) // the killed server's, as the next start finds it
	s = serveAsNobody(t, bin, data)
	r, err := sendJSON(client, s.base, req{method: "GET", path: "/api/v1/memories?user_id=u1&size=1"})
	if err != nil || num(r.body, "total") != len(acked) {
		t.Errorf("serve as the owner after the backup lists %v (%v), want %d memories; stderr %s", r.body["total"], err, len(acked), s.stderr)
	}
	if code := s.stop(t); code != 0 {
		t.Errorf("serve exit %d; stderr %s", code, s.stderr)
	}
}

// TestKeysRevokeKeyOfAnotherSecret: revoking a whole key another secret
// signed exited 3 ("does not exist"), though the key exists, and did not
// say how to revoke it. It now exits 1, says the key was signed by
// another secret, names the command that revokes it by its id, and
// revokes nothing; that command then revokes it.
func TestKeysRevokeKeyOfAnotherSecret(t *testing.T) {
	data := seededDataDir(t, 1)
	_, foreignKey, _ := (probeCmd{env: map[string]string{"MEMSVC_AUTH_SECRET": "minting-secret-0123456789abcdef01234567"}}).run(t,
		"keys", "create", "--user", "alice", "--data", data)
	foreignKey = strings.TrimSpace(foreignKey)
	here := probeCmd{env: map[string]string{"MEMSVC_AUTH_SECRET": "revoking-secret-0123456789abcdef0123456"}}
	code, stdout, stderr := here.run(t, "keys", "revoke", foreignKey, "--data", data)
	oneLineError(t, "keys revoke", stderr)
	byID := regexp.MustCompile(`memsvc keys revoke (\S+) --data`).FindStringSubmatch(stderr)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "signed by another auth secret") || byID == nil {
		t.Fatalf("keys revoke of another secret's key: exit %d, stdout %q, stderr %s; want exit 1 saying so and how to revoke it by id",
			code, stdout, stderr)
	}
	if revoked, _ := os.ReadFile(filepath.Join(data, "revoked-keys")); len(revoked) != 0 {
		t.Errorf("a key the secret never signed was listed as revoked: %q", revoked)
	}
	if code, _, stderr := here.run(t, "keys", "revoke", byID[1], "--data", data); code != 0 {
		t.Fatalf("the suggested command: exit %d, %s", code, stderr)
	}
	if revoked, _ := os.ReadFile(filepath.Join(data, "revoked-keys")); !strings.Contains(string(revoked), byID[1]) {
		t.Errorf("the suggested command did not revoke id %s: list %q", byID[1], revoked)
	}
}

// wantBackupHoldsAcked restores the backup tarFile into a new directory and
// checks that its export holds every acknowledged text.
func wantBackupHoldsAcked(t *testing.T, tarFile string, acked []string) {
	t.Helper()
	restored := filepath.Join(t.TempDir(), "restored")
	if code, _, stderr := (probeCmd{}).run(t, "restore", "--in", tarFile, "--data", restored); code != 0 {
		t.Fatalf("restore: exit %d, %s", code, stderr)
	}
	texts, code, stderr := exportedTexts(t, restored)
	if code != 0 {
		t.Fatalf("export of the restored backup: exit %d, %s", code, stderr)
	}
	wantAllAcked(t, "restored backup", texts, acked)
}
