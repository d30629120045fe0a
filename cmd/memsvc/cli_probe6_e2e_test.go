package main

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// The sixth CLI probe: what the earlier ones (cli_e2e_test.go,
// cli_probe*_e2e_test.go) left out. Every case runs the built binary.

// TestCLISuggestsTheMeantName: a mistyped command, subcommand or flag is
// refused (exit 2) naming the one it most likely meant; a word close to
// none gets the list alone. The list was all an operator got for "serv".
func TestCLISuggestsTheMeantName(t *testing.T) {
	tests := []struct {
		args []string
		want string // "": no suggestion
	}{
		{[]string{"serv"}, `did you mean "serve"?`},
		{[]string{"exprot"}, `did you mean "export"?`},
		{[]string{"key", "create"}, `did you mean "keys"?`},
		{[]string{"backups"}, `did you mean "backup"?`},
		{[]string{"keys", "crate"}, `did you mean "create"?`},
		{[]string{"users", "ersae"}, `did you mean "erase"?`},
		{[]string{"bench", "recal"}, `did you mean "recall"?`},
		{[]string{"serve", "--adr", "127.0.0.1:0"}, `did you mean "--addr"?`},
		{[]string{"export", "--ot", "x.jsonl"}, `did you mean "--out"?`},
		{[]string{"serve", "--llm-modle", "m"}, `did you mean "--llm-model"?`},
		{[]string{"frobnicate"}, ""},
		{[]string{"x"}, ""},
		{[]string{"serve", "--nope"}, ""},
	}
	for _, tt := range tests {
		code, stdout, stderr := probeCmd{}.run(t, tt.args...)
		if code != 2 || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q; want exit 2 and nothing on stdout", tt.args, code, stdout)
		}
		oneLineError(t, strings.Join(tt.args, " "), stderr)
		if tt.want == "" && strings.Contains(stderr, "did you mean") || tt.want != "" && !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: stderr %q; want a suggestion %q", tt.args, stderr, tt.want)
		}
	}
}

// TestCLIDataDirDanglingLink: a --data that is, or lies under, a symbolic
// link to nothing (a volume not mounted yet) is refused by every command
// in one line naming the link and its target, and nothing is created
// where the link points. Commands failed with "mkdir DIR: file exists".
func TestCLIDataDirDanglingLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "volume")
	link := filepath.Join(dir, "data")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	export := filepath.Join(dir, "in.jsonl")
	writeExportHeader(t, export)
	for _, data := range []string{link, filepath.Join(link, "memsvc")} {
		for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"mcp"}, {"import", "--in", export},
			{"restore", "--in", export}, {"export"}, {"backup", "--out", filepath.Join(dir, "b.tar")},
			{"users", "erase", "--user", "alice", "--confirm", "alice"}} {
			code, _, stderr := probeCmd{stdin: strings.NewReader("")}.run(t, append(args, "--data", data)...)
			if code != 1 || !strings.Contains(stderr, link+" is a symbolic link to "+target+", which does not exist") {
				t.Errorf("%v --data %s: exit %d, stderr %q; want exit 1 naming the link and its target", args, data, code, stderr)
			}
			oneLineError(t, args[0], stderr)
			if _, err := os.Lstat(target); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%v created the link's target %s", args, target)
			}
		}
	}
}

// writeExportHeader writes the first line of an export file to path.
func writeExportHeader(t *testing.T, path string) {
	t.Helper()
	code, stdout, stderr := probeCmd{}.run(t, "export", "--data", seededDataDir(t, 1))
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	head, _, _ := strings.Cut(stdout, "\n")
	if err := os.WriteFile(path, []byte(head+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestCLIDataDirOfAnotherFormat: a data directory whose store records a
// key-layout format this binary does not know (written by a newer memsvc,
// or damaged) is refused by every command that opens it, in one line
// saying which version wrote it and what to do, and is left as it was.
// It was opened as if its keys had today's layout, to be misread and
// written over.
func TestCLIDataDirOfAnotherFormat(t *testing.T) {
	data := seededDataDir(t, 3)
	if got := storeFormatOf(t, data, ""); got != "2" {
		t.Fatalf("a server's data directory records store format %q; want 2", got)
	}
	export := filepath.Join(t.TempDir(), "in.jsonl")
	writeExportHeader(t, export)
	for _, tt := range []struct{ format, want string }{
		{"3", "written by a newer memsvc (store format 3; this one reads format 2)"},
		{"x", `records store format "x", which no memsvc writes`},
	} {
		storeFormatOf(t, data, tt.format)
		for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"mcp"}, {"export"}, {"import", "--in", export},
			{"backup", "--out", filepath.Join(t.TempDir(), "b.tar")}, {"users", "erase", "--user", "alice", "--confirm", "alice"}} {
			code, stdout, stderr := probeCmd{stdin: strings.NewReader("")}.run(t, append(args, "--data", data)...)
			if code != 1 || stdout != "" || !strings.Contains(stderr, tt.want) {
				t.Errorf("%v of a format %s directory: exit %d, stdout %.80q, stderr %q; want exit 1 saying %q",
					args, tt.format, code, stdout, stderr, tt.want)
			}
			oneLineError(t, args[0], stderr)
		}
		if got := storeFormatOf(t, data, ""); got != tt.format {
			t.Errorf("the refused directory now records format %q; want %q", got, tt.format)
		}
	}
	storeFormatOf(t, data, "2")
	if code, stdout, stderr := (probeCmd{}).run(t, "export", "--data", data); code != 0 || !strings.Contains(stdout, "red notebook") {
		t.Errorf("export once the format is this one's: exit %d, stderr %q", code, stderr)
	}
}

// storeFormatOf reads the store format the data directory's Badger store
// records (the global key "store-format", engine/store/format.go), after
// setting it to set when set is not empty, as another binary would.
func storeFormatOf(t *testing.T, data, set string) string {
	t.Helper()
	db, err := badger.Open(badger.DefaultOptions(data).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	key := []byte("gstore-format")
	if set != "" {
		if err := db.Update(func(tx *badger.Txn) error { return tx.Set(key, []byte(set)) }); err != nil {
			t.Fatal(err)
		}
	}
	var got []byte
	err = db.View(func(tx *badger.Txn) error {
		item, err := tx.Get(key)
		if err != nil {
			return err
		}
		got, err = item.ValueCopy(nil)
		return err
	})
	if err != nil && !errors.Is(err, badger.ErrKeyNotFound) {
		t.Fatal(err)
	}
	return string(got)
}

// TestCLIDataDirPaths: a data directory named relative to the working
// directory, on a path with spaces and non-ASCII letters, or reached
// through a symbolic link works for import, export, backup and restore,
// and a link stays a link.
func TestCLIDataDirPaths(t *testing.T) {
	seeded := seededDataDir(t, 2)
	code, export, stderr := probeCmd{}.run(t, "export", "--data", seeded)
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	root := t.TempDir()
	in := filepath.Join(root, "in.jsonl")
	if err := os.WriteFile(in, []byte(export), 0o600); err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(root, "real dir")
	if err := os.Mkdir(real, 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, data, restored string }{
		{"relative", "rel/data", "rel/restored"},
		{"spaces and unicode", filepath.Join(root, "mes données é日", "data"), filepath.Join(root, "mes données é日", "restored")},
		{"through a symlink", link, filepath.Join(link, "restored")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			run := func(args ...string) string {
				t.Helper()
				cmd := probeCmd{stdin: strings.NewReader("")}.command(t.Context(), t, args...)
				cmd.Dir = root
				var out, errb strings.Builder
				cmd.Stdout, cmd.Stderr = &out, &errb
				if code := runForExit(t, cmd); code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, errb.String())
				}
				return out.String()
			}
			run("import", "--in", in, "--data", tt.data)
			backup := filepath.Join(root, strings.ReplaceAll(tt.name, " ", "-")+".tar")
			run("backup", "--data", tt.data, "--out", backup)
			run("restore", "--in", backup, "--data", tt.restored)
			for _, dir := range []string{tt.data, tt.restored} {
				if got := run("export", "--data", dir); withoutTime(got) != withoutTime(export) {
					t.Errorf("export of %s differs from the imported one:\n%.400s\nwant\n%.400s", dir, got, export)
				}
			}
		})
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a symlink: %v", link, err)
	}
}

// TestServeStopsOnAFullDisk: a server stopped (SIGTERM) while another
// process has filled its disk to the last byte exits with a clear log line
// instead of a crash, and every acknowledged memory is there once space is
// freed. The stop crashed: Badger's close writes its memtable into a new
// table through a memory map, and the full disk cannot back the pages
// (SIGBUS, "fatal error: fault" and a stack).
func TestServeStopsOnAFullDisk(t *testing.T) {
	tiny := mountTiny(t, "100m")
	data := filepath.Join(tiny, "data")
	s := serveBinary(t, data)
	client := &http.Client{Timeout: 20 * time.Second}
	for i := range 5 {
		r, err := sendJSON(client, s.base, req{method: http.MethodPost, path: "/api/v1/memories",
			body: map[string]any{"text": fmt.Sprintf("The ferry to island %d leaves from pier %d", i, i), "user_id": "alice", "infer": false}})
		if err != nil || r.status != http.StatusOK {
			t.Fatalf("add #%d: %v %d %s", i, err, r.status, r.raw)
		}
	}
	ballast := fillDisk(t, tiny)
	code := s.stop(t)
	stderr := s.stderr.String()
	if code != 0 && code != 1 || strings.Contains(stderr, "fatal error") || strings.Contains(stderr, "goroutine ") {
		t.Fatalf("serve stopped on a full disk: exit %d; want a clean exit, not a crash:\n%.2000s", code, stderr)
	}
	if !strings.Contains(stderr, "write-ahead log") {
		t.Errorf("serve stopped on a full disk without saying the last writes stay in the write-ahead log:\n%s", stderr)
	}
	if err := os.Remove(ballast); err != nil {
		t.Fatal(err)
	}
	code, stdout, errs := probeCmd{}.run(t, "export", "--data", data)
	if code != 0 || strings.Count(stdout, `"kind":"memory"`) != 5 {
		t.Errorf("export once space is freed: exit %d, stderr %q; want the 5 acknowledged memories:\n%.600s", code, errs, stdout)
	}
}
