package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --data naming a file, or a path under one: serve and mcp said "store:
// create data directory: mkdir …: not a directory", the other commands
// "not a directory", none naming which path is the file. Every command
// now names it and leaves it, and any --out, untouched.
func TestCLIDataDirIsAFile(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "notes.txt")
	if err := os.WriteFile(file, []byte("not a data directory\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	export := seededExport(t)
	for _, dir := range []string{file, filepath.Join(file, "data")} {
		for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"mcp"}, {"export", "--out", filepath.Join(tmp, "out.jsonl")},
			{"import", "--in", export}, {"backup", "--out", filepath.Join(tmp, "out.tar")}, {"reembed"}} {
			code, _, stderr := (probeCmd{stdin: strings.NewReader("")}).run(t, append(args, "--data", dir)...)
			if code != 1 || !strings.Contains(stderr, file+", which is a file") && !strings.Contains(stderr, file+" is a file") {
				t.Errorf("%s --data %s: exit %d, stderr %q; want 1 naming %s as a file", args[0], dir, code, stderr, file)
			}
		}
	}
	if got, _ := os.ReadFile(file); string(got) != "not a data directory\n" {
		t.Errorf("the file named by --data was changed: %q", got)
	}
	for _, out := range []string{"out.jsonl", "out.tar"} {
		if _, err := os.Stat(filepath.Join(tmp, out)); err == nil {
			t.Errorf("%s was written though --data was refused", out)
		}
	}
}

// seededExport is an export file of a small store.
func seededExport(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "seed.jsonl")
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", seededDataDir(t, 2), "--out", out); code != 0 {
		t.Fatalf("export: exit %d, %s", code, stderr)
	}
	return out
}
