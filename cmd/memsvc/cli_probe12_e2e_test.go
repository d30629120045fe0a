package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
)

// exportLines is the export of every user of data, line by line.
func exportLines(t *testing.T, data string) []string {
	t.Helper()
	code, stdout, stderr := probeCmd{}.run(t, "export", "--data", data)
	if code != 0 {
		t.Fatalf("export: exit %d, stderr %q", code, stderr)
	}
	return strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
}

// memoryLine is the index of the n-th memory record of an export.
func memoryLine(t *testing.T, lines []string, n int) int {
	t.Helper()
	for i, l := range lines {
		var rec struct{ Kind string }
		if json.Unmarshal([]byte(l), &rec) == nil && rec.Kind == "memory" {
			if n--; n < 0 {
				return i
			}
		}
	}
	t.Fatalf("the export holds fewer memory records than asked for")
	return 0
}

// TestCLIImportBadRecordWritesNothing: an import whose file holds one bad
// record past the first write batch wrote the records before it and
// exited 1; the store must be left as it was, from a file or from a pipe,
// with the bad record named by its line. A memory without text, which
// the API refuses, was imported.
func TestCLIImportBadRecordWritesNothing(t *testing.T) {
	lines := exportLines(t, seededDataDir(t, 300))
	bad := memoryLine(t, lines, 200)
	var rec map[string]any
	if err := json.Unmarshal([]byte(lines[bad]), &rec); err != nil {
		t.Fatal(err)
	}
	rec["memory"].(map[string]any)["text"] = " \n "
	noText, _ := json.Marshal(rec)
	for name, record := range map[string]string{"broken JSON": `{"kind":"memory",`, "no text": string(noText),
		"unknown kind": `{"kind":"note","user":"alice"}`} {
		corrupt := append([]string(nil), lines...)
		corrupt[bad] = record
		file := filepath.Join(t.TempDir(), "export.jsonl")
		if err := os.WriteFile(file, []byte(strings.Join(corrupt, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, from := range []string{"file", "pipe"} {
			data, tmp := filepath.Join(t.TempDir(), "data"), t.TempDir()
			p, args := probeCmd{env: map[string]string{"TMPDIR": tmp}}, []string{"import", "--data", data, "--in", file}
			if from == "pipe" {
				f, err := os.Open(file)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				p.stdin, args = struct{ *os.File }{f}, args[:3] // not an *os.File: exec copies it through a pipe
			}
			code, _, stderr := p.run(t, args...)
			line := fmt.Sprintf("line %d", bad+1)
			if code != 1 || !strings.Contains(stderr, line) || !strings.Contains(stderr, "nothing was imported") {
				t.Errorf("%s from a %s: exit %d, stderr %q; want 1 naming %s and nothing imported", name, from, code, stderr, line)
			}
			oneLineError(t, name, stderr)
			if _, err := os.Stat(data); !os.IsNotExist(err) { // a new directory: removed again (TestProbe21RefusedImportLeavesNoDataDir)
				t.Errorf("%s from a %s: the data directory is left after the refused import (%v), want none", name, from, err)
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				t.Errorf("%s from a %s: left %s in $TMPDIR", name, from, left[0].Name())
			}
		}
	}
}

// TestCLIArgumentNamesItsFlag: a command that takes no arguments, given
// one, said only "unexpected argument"; `memsvc users erase alice` now
// names the flag the word most likely meant (whose data, which file), and
// still refuses: guessing whose data to erase or export is no help. A
// "--" before the command said "flags go after the command: memsvc serve
// --", which suggested a command line just as wrong.
func TestCLIArgumentNamesItsFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"users", "erase", "alice"}, "did you mean --user alice?"},
		{[]string{"users", "erase", "--user", "alice", "alice"}, "did you mean --confirm alice?"},
		{[]string{"export", "bob"}, "did you mean --user bob?"},
		{[]string{"export", "--user", "bob", "bob.jsonl"}, "did you mean --out bob.jsonl?"},
		{[]string{"export", "./my file.jsonl"}, "did you mean --out './my file.jsonl'?"},
		{[]string{"import", "dump.jsonl"}, "did you mean --in dump.jsonl?"},
		{[]string{"backup", "snap.bak"}, "did you mean --out snap.bak?"},
		{[]string{"restore", "snap.bak"}, "did you mean --in snap.bak?"},
		{[]string{"keys", "create", "carol"}, "did you mean --user carol?"},
		{[]string{"bench", "recall", "set.json"}, "did you mean --data set.json?"},
		{[]string{"--", "serve", "--data", "d"}, "run memsvc serve --data d"},
	} {
		code, stdout, stderr := probeCmd{}.run(t, c.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, stdout, stderr, c.want)
		}
		oneLineError(t, fmt.Sprint(c.args), stderr)
	}
	// A word no flag is left for, or a flag after "--", gets no guess.
	for _, args := range [][]string{{"users", "erase", "--user", "a", "--confirm", "a", "x"}, {"serve", "x"}, {"export", "--", "--user"}} {
		if code, _, stderr := (probeCmd{}).run(t, args...); code != 2 || strings.Contains(stderr, "did you mean") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and no guess", args, code, stderr)
		}
	}
}

// TestCLIRevokeDuringRestore: `memsvc keys revoke` run while a restore
// into the same directory was loading wrote its revocation, and the
// restore then renamed the backup's revocation list over it: the key
// was let in again. Both the backup's revocations and the new one hold.
func TestCLIRevokeDuringRestore(t *testing.T) {
	const before, during = "0123456789abcdef", "fedcba9876543210" // key ids
	data := seededDataDir(t, 20)
	if code, _, stderr := (probeCmd{}).run(t, "keys", "revoke", before, "--data", data); code != 0 {
		t.Fatalf("keys revoke: exit %d, stderr %q", code, stderr)
	}
	snap := filepath.Join(t.TempDir(), "snap.bak")
	if code, _, stderr := (probeCmd{}).run(t, "backup", "--data", data, "--out", snap); code != 0 {
		t.Fatalf("backup: exit %d, stderr %q", code, stderr)
	}
	archive, err := os.ReadFile(snap)
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "restored")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	restore := probeCmd{stdin: r}.command(ctx, t, "restore", "--in", "-", "--data", target)
	if err := restore.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	half := len(archive) / 2 // the restore looks at the start before it locks the directory
	if _, err := w.Write(archive[:half]); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if staged, _ := filepath.Glob(filepath.Join(target, ".restoring-*")); len(staged) > 0 {
			break // the restore holds the directory and waits for its input
		}
		if time.Now().After(deadline) {
			t.Fatal("the restore never started loading")
		}
	}
	if code, _, stderr := (probeCmd{}).run(t, "keys", "revoke", during, "--data", target); code != 0 {
		t.Fatalf("keys revoke during the restore: exit %d, stderr %q", code, stderr)
	}
	if _, err := w.Write(archive[half:]); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if err := restore.Wait(); err != nil {
		t.Fatalf("restore: %v", err)
	}
	list, _ := os.ReadFile(filepath.Join(target, auth.RevocationFile))
	for _, id := range []string{before, during} {
		if !strings.Contains(string(list), id) {
			t.Errorf("key id %s is not revoked after the restore; the list holds %q", id, list)
		}
	}
}
