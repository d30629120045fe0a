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

// An --out inside the data directory: export wrote beside the name and
// renamed over it, so `export --out DATA/MANIFEST` replaced the store's
// manifest with the export and said it was done (exit 0; every later open
// refused the store), and a backup from a running server did the same
// under it. Both are refused (exit 2, naming the data directory), through
// a symbolic link too, and the store is left whole.
func TestCLIOutInsideDataDir(t *testing.T) {
	data := seededDataDir(t, 3)
	before, _, _ := exportedTexts(t, data)
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(data, link); err != nil {
		t.Fatal(err)
	}
	offline := [][]string{{"export", "--out", filepath.Join(data, "MANIFEST")}, {"export", "--out", filepath.Join(link, "e.jsonl")},
		{"backup", "--out", filepath.Join(data, "b.tar")}}
	for _, args := range offline {
		wantOutRefused(t, data, args)
	}
	s := serveBinary(t, data)
	wantOutRefused(t, data, []string{"backup", "--out", filepath.Join(data, "MANIFEST")})
	if code := s.stop(t); code != 0 {
		t.Errorf("the server beside the refused backup exited %d; stderr:\n%s", code, s.stderr)
	}
	after, code, stderr := exportedTexts(t, data)
	if code != 0 || len(after) != len(before) || len(before) == 0 {
		t.Errorf("the store after the refused writes: export exit %d (%s), %d texts, want the %d before", code, stderr, len(after), len(before))
	}
}

// wantOutRefused runs args on data and wants exit 2 naming the data
// directory, with nothing written into it.
func wantOutRefused(t *testing.T, data string, args []string) {
	t.Helper()
	before := listing(t, data)
	code, _, stderr := probeCmd{}.run(t, append(args, "--data", data)...)
	if code != 2 || !strings.Contains(stderr, "is inside the data directory "+data) {
		t.Errorf("%v: exit %d, stderr %q; want 2 naming the data directory", args, code, stderr)
	}
	if after := listing(t, data); after != before {
		t.Errorf("%v changed the data directory:\nbefore %s\nafter  %s", args, before, after)
	}
}
