package main

// The eleventh CLI probe: what rounds one to ten (cli_probe*_e2e_test.go)
// left out. Every case runs the built binary.

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCLIRestoreHoldsDataDir: while a restore loads a backup (here one fed
// slowly on stdin), the data directory is in use, as an open store's is: a
// server, a stdio MCP session or a second restore started on it is refused
// naming the directory, and the restore then completes with its data whole.
// A server started mid-restore used to open its store there, the restore's
// move into place then failed ("rename …: file exists") and left the
// directory a mix of both.
func TestCLIRestoreHoldsDataDir(t *testing.T) {
	src, backupFile, b := backedUp(t, 50)
	w, restore, restoreErr := halfRestored(t, b) // the rest once the others were refused
	defer restore.Process.Kill()
	dir := restore.Args[len(restore.Args)-1]

	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0"}, {"mcp"}, {"restore", "--in", backupFile},
	} {
		code, _, stderr := probeCmd{stdin: strings.NewReader("")}.run(t, append(args, "--data", dir)...)
		oneLineError(t, strings.Join(args, " "), stderr)
		if code != 1 || !strings.Contains(stderr, dir) || !strings.Contains(stderr, "in use") {
			t.Errorf("%v during a restore: exit %d, stderr %s; want exit 1 saying %s is in use", args, code, stderr, dir)
		}
	}
	w.Write(b[len(b)/2:])
	w.Close()
	if err := restore.Wait(); err != nil {
		t.Fatalf("restore: %v; stderr %s", err, restoreErr.String())
	}
	if got, want := memoriesIn(t, dir), memoriesIn(t, src); got != want {
		t.Errorf("the restored directory holds %d memories, the backed-up one %d", got, want)
	}
}

// TestCLIRestoreAfterKilledRestore: a restore killed mid-way (SIGKILL, a
// crash, a power cut) leaves its staging directory behind, and the retry
// was refused: "is not empty". The retry now clears it and restores.
func TestCLIRestoreAfterKilledRestore(t *testing.T) {
	src, backupFile, b := backedUp(t, 20)
	w, restore, _ := halfRestored(t, b)
	defer w.Close()
	dir := restore.Args[len(restore.Args)-1]
	restore.Process.Kill()
	restore.Wait()

	code, _, stderr := (probeCmd{}).run(t, "restore", "--in", backupFile, "--data", dir)
	if code != 0 {
		t.Fatalf("restore after a killed one: exit %d: %s", code, stderr)
	}
	if got, want := memoriesIn(t, dir), memoriesIn(t, src); got != want {
		t.Errorf("the restored directory holds %d memories, the backed-up one %d", got, want)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".restoring-*")); len(m) != 0 {
		t.Errorf("staging left after the restore: %v", m)
	}
}

// backedUp is a data directory seeded with n memories, its backup file and
// the backup's bytes.
func backedUp(t *testing.T, n int) (src, backupFile string, data []byte) {
	t.Helper()
	src, backupFile = seededDataDir(t, n), filepath.Join(t.TempDir(), "b.tar")
	if code, _, stderr := (probeCmd{}).run(t, "backup", "--data", src, "--out", backupFile); code != 0 {
		t.Fatalf("backup: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(backupFile)
	if err != nil {
		t.Fatal(err)
	}
	return src, backupFile, data
}

// halfRestored starts a restore from stdin, feeds it the first half of
// data and waits until it is staging; the rest goes to w.
func halfRestored(t *testing.T, data []byte) (w *os.File, restore *exec.Cmd, stderr *syncBuffer) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go w.Write(data[:len(data)/2])
	restore, stderr = startLoading(t, r, "restore", "--in", "-")
	waitForStaging(t, restore.Args[len(restore.Args)-1])
	return w, restore, stderr
}

// memoriesIn is the number of memory records an export of dir holds.
func memoriesIn(t *testing.T, dir string) int {
	t.Helper()
	code, stdout, stderr := (probeCmd{}).run(t, "export", "--data", dir)
	if code != 0 {
		t.Fatalf("export %s: exit %d: %s", dir, code, stderr)
	}
	return strings.Count(stdout, `"kind":"memory"`)
}

// waitForStaging returns once a restore into dir has begun loading: its
// staging directory is there.
func waitForStaging(t *testing.T, dir string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m, _ := filepath.Glob(filepath.Join(dir, ".restoring-*")); len(m) > 0 {
			return
		}
	}
	t.Fatalf("no restore began in %s", dir)
}

// TestCLIBackupFromAuthServer: backup of a directory a server with auth on
// holds, without the server's secret or with another, says which and
// that the command needs the server's MEMSVC_AUTH_SECRET; it printed the
// server's 401 body ("missing API key: send Authorization: Bearer …"),
// advice for an HTTP client, not for this command. With the secret it works.
func TestCLIBackupFromAuthServer(t *testing.T) {
	const secret = "cli-probe-secret-0123456789abcdef0123"
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret})
	out := filepath.Join(t.TempDir(), "b.tar")
	for name, env := range map[string]map[string]string{
		"no secret":    nil,
		"other secret": {"MEMSVC_AUTH_SECRET": "another-secret-0123456789abcdef0123456"},
	} {
		code, stdout, stderr := probeCmd{env: env}.run(t, "backup", "--data", s.dataDir, "--out", out)
		oneLineError(t, name, stderr)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "MEMSVC_AUTH_SECRET") ||
			!strings.Contains(stderr, "server's secret") || strings.Contains(stderr, "Bearer") {
			t.Errorf("backup, %s: exit %d, stderr %s; want exit 1 asking for the server's MEMSVC_AUTH_SECRET", name, code, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("backup, %s: left %s", name, out)
		}
	}
	code, _, stderr := probeCmd{env: map[string]string{"MEMSVC_AUTH_SECRET": secret}}.run(t, "backup", "--data", s.dataDir, "--out", out)
	if code != 0 {
		t.Errorf("backup with the server's secret: exit %d: %s", code, stderr)
	}
}

// TestCLIImportNewerExport: an export whose header gives a format version
// newer than this binary reads is refused (exit 1, nothing imported) with
// what to do: import it with a memsvc as new as the exporter. It said only
// "version 2 is not supported (want 1)", which reads as a damaged file.
func TestCLIImportNewerExport(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.jsonl")
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", seededDataDir(t, 3), "--out", file); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, _ := strings.Cut(string(b), "\n")
	newer := strings.Replace(head, `"version":1`, `"version":99`, 1)
	if newer == head {
		t.Fatalf("no version 1 in the header %s", head)
	}
	dir := filepath.Join(t.TempDir(), "data")
	code, _, stderr := probeCmd{stdin: strings.NewReader(newer + "\n" + rest)}.run(t, "import", "--data", dir)
	oneLineError(t, "import of a newer export", stderr)
	if code != 1 || !strings.Contains(stderr, "99") || !strings.Contains(stderr, "newer memsvc") {
		t.Errorf("import of a version 99 export: exit %d, stderr %s; want exit 1 saying it is from a newer memsvc", code, stderr)
	}
	if _, err := os.Stat(dir); err == nil && listing(t, dir) != "" {
		if n := memoriesIn(t, dir); n != 0 {
			t.Errorf("%d memories imported from a refused export", n)
		}
	}
}

// TestCLICrashedServerNotBlamed: a server killed outright (kill -9, OOM)
// leaves its address in the data directory. While a stdio MCP session
// then held the directory, every refused command named that dead server:
// export and serve said "in use by the memsvc server at …: stop it
// first", a second mcp session and backup tried to reach it and failed
// with "connection refused". The command that takes the directory now
// drops the dead server's address.
func TestCLICrashedServerNotBlamed(t *testing.T) {
	dir := seededDataDir(t, 3)
	server := probeCmd{}.command(context.Background(), t, "serve", "--addr", "127.0.0.1:0", "--data", dir)
	stderr := &syncBuffer{}
	server.Stderr = stderr
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(stderr.String(), "listening"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			server.Process.Kill()
			t.Fatalf("serve did not start: %s", stderr.String())
		}
	}
	server.Process.Kill()
	server.Wait()
	dead, err := readServerFile(dir)
	if err != nil || dead == "" {
		t.Fatalf("the killed server left no address (%v): nothing to test", err)
	}

	release := holdWithMCP(t, dir)
	defer release()
	for _, args := range [][]string{
		{"export"}, {"serve", "--addr", "127.0.0.1:0"}, {"mcp"}, {"backup", "--out", filepath.Join(t.TempDir(), "b.tar")},
	} {
		code, _, stderr := probeCmd{stdin: strings.NewReader("")}.run(t, append(args, "--data", dir)...)
		oneLineError(t, args[0], stderr)
		if code != 1 || !strings.Contains(stderr, "in use") || strings.Contains(stderr, dead) {
			t.Errorf("%v while an mcp session holds the directory a killed server left: exit %d, stderr %s; "+
				"want exit 1 saying it is in use, without the dead server's address %s", args, code, stderr, dead)
		}
	}
}

// holdWithMCP starts a stdio MCP session on dir and returns once it holds
// the directory (it answered initialize); release ends it.
func holdWithMCP(t *testing.T, dir string) (release func()) {
	t.Helper()
	holder := probeCmd{}.command(context.Background(), t, "mcp", "--data", dir)
	in, err := holder.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := holder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}`)
	if !bufio.NewScanner(out).Scan() {
		holder.Process.Kill()
		t.Fatal("the mcp session did not answer initialize")
	}
	return func() {
		in.Close()
		if err := holder.Wait(); err != nil {
			t.Errorf("the mcp session: %v", err)
		}
	}
}

// TestCLIExportAndBackupSwapped: an export given to restore, or a backup
// given to import (from a file or stdin), is refused naming the command
// that loads it; they said only "not a memsvc backup (the stream's record
// lengths are impossible)" and "not a memsvc export: the first line must
// be its header". Nothing is written either way.
func TestCLIExportAndBackupSwapped(t *testing.T) {
	src, tmp := seededDataDir(t, 3), t.TempDir()
	export, backup := filepath.Join(tmp, "x.jsonl"), filepath.Join(tmp, "x.tar")
	for _, args := range [][]string{{"export", "--out", export}, {"backup", "--out", backup}} {
		if code, _, stderr := (probeCmd{}).run(t, append(args, "--data", src)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	for _, tt := range []struct {
		cmd, file, want string
	}{{"restore", export, "memsvc import"}, {"import", backup, "memsvc restore"}} {
		for _, viaStdin := range []bool{false, true} {
			dir := filepath.Join(t.TempDir(), "data")
			p, args := probeCmd{}, []string{tt.cmd, "--in", tt.file, "--data", dir}
			if viaStdin {
				f, err := os.Open(tt.file)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				p.stdin, args[2] = f, "-"
			}
			code, _, stderr := p.run(t, args...)
			oneLineError(t, tt.cmd, stderr)
			if code != 1 || !strings.Contains(stderr, tt.want) {
				t.Errorf("%v: exit %d, stderr %s; want exit 1 pointing to %s", args, code, stderr, tt.want)
			}
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("%v left %s", args, dir)
			}
		}
	}
}

// TestCLIEmptyTypedOnlyFlag: a flag typed on the command line only (whose
// data, which file) given an empty value, as an unset shell variable
// gives it (--user "$U"), is a usage error naming the flag. `export
// --user ""` exported every user's data and `import --in ""` read stdin.
func TestCLIEmptyTypedOnlyFlag(t *testing.T) {
	data := seededDataDir(t, 3)
	export := filepath.Join(t.TempDir(), "x.jsonl")
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", data, "--out", export); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	exported, err := os.ReadFile(export)
	if err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(t.TempDir(), "empty")
	for _, tt := range []struct {
		flag string
		args []string
	}{
		{"--user", []string{"export", "--data", data, "--user", ""}},
		{"--user", []string{"export", "--data", data, "--user="}},
		{"--out", []string{"export", "--data", data, "--out", ""}},
		{"--in", []string{"import", "--data", empty, "--in", ""}},
		{"--out", []string{"backup", "--data", data, "--out="}},
		{"--in", []string{"restore", "--data", empty, "--in="}},
		{"--user", []string{"keys", "create", "--user", ""}},
	} {
		code, stdout, stderr := probeCmd{stdin: strings.NewReader(string(exported))}.run(t, tt.args...)
		oneLineError(t, strings.Join(tt.args, " "), stderr)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tt.flag+" is empty") {
			t.Errorf("%q: exit %d, %d bytes on stdout, stderr %s; want exit 2 saying %s is empty",
				tt.args, code, len(stdout), stderr, tt.flag)
		}
	}
	if _, err := os.Stat(empty); err == nil {
		t.Errorf("a refused command made %s", empty)
	}
}

// TestCLIFlagFollowedByFlag: a flag whose value was left out, so that the
// next flag would be taken for it, is refused naming both; `serve --addr
// --data DIR` took "--data" for the address and then called DIR an
// unexpected argument. A negative number is a value, not a flag.
func TestCLIFlagFollowedByFlag(t *testing.T) {
	for _, tt := range []struct {
		args       []string
		flag, next string
	}{
		{[]string{"serve", "--addr", "--data", t.TempDir()}, "--addr", "--data"},
		{[]string{"export", "--user", "-out=x.jsonl"}, "--user", "-out=x.jsonl"},
		{[]string{"import", "--data", "--in", "x.jsonl"}, "--data", "--in"},
	} {
		code, stdout, stderr := (probeCmd{}).run(t, tt.args...)
		oneLineError(t, strings.Join(tt.args, " "), stderr)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tt.flag+" needs a value") ||
			!strings.Contains(stderr, tt.next) || strings.Contains(stderr, "e.g. "+tt.flag+"  ") {
			t.Errorf("%q: exit %d, stderr %s; want exit 2 saying %s needs a value and naming %s", tt.args, code, stderr, tt.flag, tt.next)
		}
	}
	// A negative number after a flag is its value: refused here only for
	// being out of range, which names the flag and the value.
	code, _, stderr := (probeCmd{}).run(t, "serve", "--max-conns", "-1")
	if code != 2 || !strings.Contains(stderr, "--max-conns must be") {
		t.Errorf("serve --max-conns -1: exit %d, stderr %s; want the range error of --max-conns", code, stderr)
	}
}
