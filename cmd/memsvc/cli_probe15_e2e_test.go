package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCLIBackupLeavesEmptyNewestLogInPlace: memsvc backup opens the store
// read-only, and must not change the directory it backs up; yet an empty
// newest log a crash left (Badger creates the file, then sizes it) was
// renamed aside in the source. The backup now reads a temporary copy
// without it, and holds every acknowledged memory.
func TestCLIBackupLeavesEmptyNewestLogInPlace(t *testing.T) {
	dir, acked := crashedDataDir(t)
	for _, ext := range []string{".mem", ".vlog"} {
		_, next := newestLog(t, dir, ext)
		if err := os.WriteFile(filepath.Join(dir, next), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(filepath.Join(dir, "server.addr")) // the killed server's, so backup opens the store itself
	before := dirListing(t, dir)
	tmp := t.TempDir()
	tarFile := filepath.Join(t.TempDir(), "b.tar")
	code, _, stderr := probeCmd{env: map[string]string{"TMPDIR": tmp}}.run(t, "backup", "--data", dir, "--out", tarFile)
	if code != 0 {
		t.Fatalf("backup with an empty newest log: exit %d, stderr %s", code, stderr)
	}
	if after := dirListing(t, dir); !slices.Equal(before, after) {
		t.Errorf("a read-only backup changed the directory:\nbefore %v\nafter  %v", before, after)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("backup left %s in $TMPDIR", left[0].Name())
	}
	wantBackupHoldsAcked(t, tarFile, acked)
}

// TestCLIEmptyBadgerFilesNamed: an empty MANIFEST or KEYREGISTRY (a copy
// cut short, a disk) failed every command with Badger's own words
// ("manifest has bad magic", "Error while reading IV for key registry.
// err: EOF"), naming no file and no way out. The refusal now names the
// file and what to do, and following it for the key registry (memsvc sets
// no encryption key, so it holds none) opens the store with its data.
func TestCLIEmptyBadgerFilesNamed(t *testing.T) {
	for _, tt := range []struct{ file, advice string }{
		{"MANIFEST", "memsvc restore"},
		{"KEYREGISTRY", "move it out of the directory"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			data := seededDataDir(t, 3)
			path := filepath.Join(data, tt.file)
			if err := os.Truncate(path, 0); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"export", "--data", data}, {"backup", "--out", "-", "--data", data}} {
				code, stdout, stderr := probeCmd{}.run(t, args...)
				oneLineError(t, strings.Join(args, " "), stderr)
				if code != 1 || stdout != "" || !strings.Contains(stderr, path) || !strings.Contains(stderr, tt.advice) {
					t.Errorf("%v with an empty %s: exit %d, stderr %s; want 1 naming %s and %q", args, tt.file, code, stderr, path, tt.advice)
				}
			}
			if tt.file != "KEYREGISTRY" {
				return
			}
			if err := os.Rename(path, filepath.Join(t.TempDir(), tt.file)); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := probeCmd{}.run(t, "export", "--data", data)
			if code != 0 || strings.Count(stdout, "\n") < 3 {
				t.Errorf("export once the empty key registry is moved out: exit %d, %d lines, stderr %s", code, strings.Count(stdout, "\n"), stderr)
			}
		})
	}
}

// TestCLIBackupToClosedPipe: `memsvc backup --out - | head -c 10` ended
// with a bare SIGPIPE (exit 141, not a word) when a server held the
// directory and the archive came through it. Whichever way the archive
// comes, a reader that goes away now ends the command with exit 1 and one
// line saying the output is incomplete, as memsvc --help documents.
func TestCLIBackupToClosedPipe(t *testing.T) {
	data := seededDataDir(t, 50)
	closedBackup := func(t *testing.T) {
		t.Helper()
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		code, _, stderr := probeCmd{stdout: w}.run(t, "backup", "--out", "-", "--data", data)
		w.Close()
		oneLineError(t, "backup to a closed pipe", stderr)
		if code != 1 || !strings.Contains(stderr, "output is incomplete") {
			t.Errorf("backup to a closed pipe: exit %d (-1: killed by a signal), stderr %s; want 1 saying the output is incomplete", code, stderr)
		}
	}
	t.Run("from the store", closedBackup)
	t.Run("through a server", func(t *testing.T) {
		s := serveBinary(t, data)
		closedBackup(t)
		if code := s.stop(t); code != 0 {
			t.Errorf("serve exit %d; stderr %s", code, s.stderr)
		}
	})
	if _, help, _ := (probeCmd{}).run(t, "--help"); !strings.Contains(help, "output is incomplete") {
		t.Errorf("memsvc --help does not document what a closed stdout does:\n%s", help)
	}
}
