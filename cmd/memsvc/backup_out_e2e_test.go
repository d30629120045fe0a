package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLIBackupKeepsExistingOut: `backup --out FILE` over an existing file
// is refused (exit 2, one line naming the file and --force) and the file
// is left as it was: a backup already there, maybe the one good copy, was
// replaced without a word. With --force it is replaced (once the new one is
// complete); an empty file (mktemp's) holds nothing to lose and is filled.
func TestCLIBackupKeepsExistingOut(t *testing.T) {
	data := seededDataDir(t, 5)
	dir := t.TempDir()
	out := filepath.Join(dir, "snap.tar")
	if err := os.WriteFile(out, []byte("yesterday's backup\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := probeCmd{}.run(t, "backup", "--data", data, "--out", out)
	if code != 2 || stdout != "" || !strings.Contains(stderr, out) || !strings.Contains(stderr, "--force") {
		t.Errorf("backup over an existing file: exit %d, stderr %q; want 2 naming %s and --force", code, stderr, out)
	}
	oneLineError(t, "existing --out", stderr)
	if b, _ := os.ReadFile(out); string(b) != "yesterday's backup\n" {
		t.Errorf("the refused backup changed %s: %.40q", out, b)
	}
	if left, _ := os.ReadDir(dir); len(left) != 1 {
		t.Errorf("the refused backup left files beside %s: %v", out, left)
	}
	if code, _, stderr := (probeCmd{}).run(t, "backup", "--data", data, "--out", out, "--force"); code != 0 {
		t.Fatalf("backup --force: exit %d, stderr %s", code, stderr)
	}
	if b, _ := os.ReadFile(out); len(b) < 1024 {
		t.Errorf("backup --force left %d bytes in %s, not the backup", len(b), out)
	}
	empty := filepath.Join(dir, "empty.tar")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := (probeCmd{}).run(t, "backup", "--data", data, "--out", empty); code != 0 {
		t.Fatalf("backup into an empty file: exit %d, stderr %s", code, stderr)
	}
	if code, _, stderr := (probeCmd{env: map[string]string{"MEMSVC_FORCE": "true"}}).run(t, "backup", "--data", data, "--out", out); code != 2 {
		t.Errorf("MEMSVC_FORCE replaced a file: exit %d, stderr %s; --force is typed on the command line only", code, stderr)
	}
}

// TestCLIExportKeepsExistingOut: `export --out FILE` over an existing file
// is refused as backup's is (exit 2, naming the file and --force), and
// replaced with --force; an empty file is filled.
func TestCLIExportKeepsExistingOut(t *testing.T) {
	data := seededDataDir(t, 5)
	dir := t.TempDir()
	out := filepath.Join(dir, "all.jsonl")
	if err := os.WriteFile(out, []byte("last week's export\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := probeCmd{}.run(t, "export", "--data", data, "--out", out)
	if code != 2 || stdout != "" || !strings.Contains(stderr, out) || !strings.Contains(stderr, "--force") {
		t.Errorf("export over an existing file: exit %d, stderr %q; want 2 naming %s and --force", code, stderr, out)
	}
	oneLineError(t, "existing --out", stderr)
	if b, _ := os.ReadFile(out); string(b) != "last week's export\n" {
		t.Errorf("the refused export changed %s: %.40q", out, b)
	}
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", data, "--out", out, "--force"); code != 0 {
		t.Fatalf("export --force: exit %d, stderr %s", code, stderr)
	}
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), "\n{") {
		t.Errorf("export --force left %.60q in %s, not the export", b, out)
	}
	empty := filepath.Join(dir, "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", data, "--out", empty); code != 0 {
		t.Fatalf("export into an empty file: exit %d, stderr %s", code, stderr)
	}
}
