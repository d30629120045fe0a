package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tenth CLI probe: what rounds one to nine (cli_probe*_e2e_test.go)
// left out. Every case runs the built binary.

// noHome runs the binary with neither HOME nor XDG_DATA_HOME set and
// TMPDIR at tmp, so the data directory falls back to tmp/memsvc unless
// env or args name one.
func noHome(t *testing.T, tmp string, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	all := map[string]string{"HOME": "", "TMPDIR": tmp}
	for k, v := range env {
		all[k] = v
	}
	return probeCmd{env: all}.run(t, args...)
}

// TestCLITempDataDirMustBeOwn: with no HOME the data directory falls back
// to $TMPDIR/memsvc, in a directory every local user may write. A
// fallback someone else prepared (theirs, open to others, a symbolic link)
// is refused, in one line naming it and --data / MEMSVC_DATA_DIR, and
// left as it was; a fresh one is made 0700 and works, and a directory
// named on the command line or in MEMSVC_DATA_DIR is used as given. The
// fallback was taken as it was found: another user who created it first
// could read every memory stored there.
func TestCLITempDataDirMustBeOwn(t *testing.T) {
	export := filepath.Join(t.TempDir(), "alice.jsonl")
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", seededDataDir(t, 3), "--out", export); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}

	t.Run("fresh: made 0700 and used", func(t *testing.T) {
		tmp := t.TempDir()
		if code, _, stderr := noHome(t, tmp, nil, "import", "--in", export); code != 0 {
			t.Fatalf("import into the fallback: exit %d: %s", code, stderr)
		}
		info, err := os.Stat(filepath.Join(tmp, "memsvc"))
		if err != nil || info.Mode().Perm() != 0o700 {
			t.Fatalf("fallback data directory: %v, mode %v; want 0700", err, info.Mode())
		}
		code, stdout, stderr := noHome(t, tmp, nil, "export")
		if code != 0 || strings.Count(stdout, "alice") < 3 {
			t.Fatalf("export from the fallback: exit %d, %d lines: %s", code, strings.Count(stdout, "\n"), stderr)
		}
	})

	refused := map[string]func(t *testing.T, dir string){
		"open to others": func(t *testing.T, dir string) { mustMkdir(t, dir, 0o755) },
		"open to group":  func(t *testing.T, dir string) { mustMkdir(t, dir, 0o770) },
		"a symbolic link": func(t *testing.T, dir string) {
			if err := os.Symlink(t.TempDir(), dir); err != nil {
				t.Fatal(err)
			}
		},
		"a file": func(t *testing.T, dir string) {
			if err := os.WriteFile(dir, []byte("x"), 0o600); err != nil {
				t.Fatal(err)
			}
		},
		"another user's": func(t *testing.T, dir string) {
			mustMkdir(t, dir, 0o700)
			if err := os.Chown(dir, os.Geteuid()+1, -1); err != nil {
				t.Skipf("cannot give a directory away (not root): %v", err)
			}
		},
	}
	for name, prepare := range refused {
		t.Run(name, func(t *testing.T) {
			tmp := t.TempDir()
			dir := filepath.Join(tmp, "memsvc")
			prepare(t, dir)
			before := listing(t, dir)
			for _, args := range [][]string{{"import", "--in", export}, {"serve", "--addr", "127.0.0.1:0"}, {"export"}, {"mcp"}} {
				code, stdout, stderr := noHome(t, tmp, nil, args...)
				oneLineError(t, strings.Join(args, " "), stderr)
				if code != 1 || stdout != "" || !strings.Contains(stderr, dir) ||
					!strings.Contains(stderr, "--data") || !strings.Contains(stderr, "MEMSVC_DATA_DIR") {
					t.Errorf("%v: exit %d, %d bytes on stdout, stderr %s; want exit 1 naming %s, --data and MEMSVC_DATA_DIR",
						args, code, len(stdout), stderr, dir)
				}
			}
			if after := listing(t, dir); after != before {
				t.Errorf("the refused fallback changed: %q, then %q", before, after)
			}
			for _, env := range []map[string]string{{"MEMSVC_DATA_DIR": filepath.Join(t.TempDir(), "d")}, {"XDG_DATA_HOME": t.TempDir()}} {
				if code, _, stderr := noHome(t, tmp, env, "import", "--in", export); code != 0 {
					t.Errorf("%v: exit %d: %s", env, code, stderr)
				}
			}
			if code, _, stderr := noHome(t, tmp, nil, "import", "--in", export, "--data", filepath.Join(t.TempDir(), "d")); code != 0 {
				t.Errorf("--data: exit %d: %s", code, stderr)
			}
		})
	}
}

// mustMkdir makes dir with exactly mode perm, whatever the umask.
func mustMkdir(t *testing.T, dir string, perm os.FileMode) {
	t.Helper()
	if err := os.Mkdir(dir, perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, perm); err != nil {
		t.Fatal(err)
	}
}

// listing is what lies at path, and in it when it is a directory one may
// read through: the names, for telling whether a command wrote there.
func listing(t *testing.T, path string) string {
	t.Helper()
	entries, err := os.ReadDir(path)
	if err != nil {
		return err.Error()
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return strings.Join(names, ",")
}

// TestCLIOutOfRangeNumber: a number too large or too small for its flag
// is refused as out of range, on the command line and in its env var. It
// was refused as not "a whole number" (or "a number"), which contradicts
// what was typed and hides the limit as the cause.
func TestCLIOutOfRangeNumber(t *testing.T) {
	huge := "99999999999999999999"
	for _, tt := range []struct {
		env  map[string]string
		args []string
	}{
		{nil, []string{"serve", "--max-conns", huge}},
		{nil, []string{"serve", "--shard-budget=-" + huge}},
		{nil, []string{"mcp", "--bm25-k1", "1e309"}},
		{map[string]string{"MEMSVC_IMAGE_MAX_PENDING": huge}, []string{"serve"}},
	} {
		dir := filepath.Join(t.TempDir(), "data")
		code, stdout, stderr := probeCmd{env: tt.env}.run(t, append(tt.args, "--data", dir)...)
		oneLineError(t, strings.Join(tt.args, " "), stderr)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "out of range; must be a") || !strings.Contains(stderr, ", e.g. --") {
			t.Errorf("%v %v: exit %d, stderr %s; want exit 2 saying the value is out of range and the form", tt.env, tt.args, code, stderr)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%v %v: created %s", tt.env, tt.args, dir)
		}
	}
}

// TestCLIUnknownUserRefused: export --user and users erase --user of a
// user the data directory holds nothing of fail (exit 1) in one line
// naming the user, suggest a close id, write no export file and leave
// every user's data. A mistyped id exported an empty file and "erased" a
// user that never was, both exit 0, while the meant user's data stayed.
func TestCLIUnknownUserRefused(t *testing.T) {
	data := twoUserDataDir(t)
	out := filepath.Join(t.TempDir(), "alice.jsonl")
	for _, tt := range []struct {
		args []string
		hint string
	}{
		{[]string{"export", "--user", "alcie", "--out", out}, `did you mean "alice"?`},
		{[]string{"export", "--user", "Bob"}, `did you mean "bob"?`},
		{[]string{"users", "erase", "--user", "alicia", "--confirm", "alicia"}, `did you mean "alice"?`},
		{[]string{"users", "erase", "--user", "carol", "--confirm", "carol"}, "nothing was erased"},
	} {
		code, stdout, stderr := (probeCmd{}).run(t, append(tt.args, "--data", data)...)
		oneLineError(t, strings.Join(tt.args, " "), stderr)
		if code != 3 || stdout != "" || !strings.Contains(stderr, "holds no data of this user") || !strings.Contains(stderr, tt.hint) {
			t.Errorf("%v: exit %d, stdout %q, stderr %s; want exit 3 (not found) saying the user has no data, and %q", tt.args, code, stdout, stderr, tt.hint)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("export of an unknown user left %s", out)
	}
	for _, user := range []string{"alice", "bob"} {
		code, stdout, stderr := (probeCmd{}).run(t, "export", "--user", user, "--data", data)
		if code != 0 || !strings.Contains(stdout, `"m-`+user+`"`) {
			t.Errorf("export --user %s after the refusals: exit %d, %s", user, code, stderr)
		}
	}
	if code, _, stderr := (probeCmd{}).run(t, "users", "erase", "--user", "bob", "--confirm", "bob", "--data", data); code != 0 {
		t.Errorf("users erase of a user with data: exit %d, %s", code, stderr)
	}
}

// TestCLISuggestsVersionAndCase: a version or help flag spelt as other
// tools spell it (-V, -v, --ver, --verison, --hel) suggests --version or
// --help, and a command, subcommand or flag typed with a capital suggests
// its name. They were told to put the flag after a command (memsvc
// COMMAND -V), and "Serve" was an unknown command with no suggestion. A
// flag spelt after its variable (--data-dir, from MEMSVC_DATA_DIR)
// suggests the flag that reads it.
func TestCLISuggestsVersionAndCase(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-V"}, `did you mean "--version"?`},
		{[]string{"-v"}, `did you mean "--version"?`},
		{[]string{"--ver"}, `did you mean "--version"?`},
		{[]string{"--verison"}, `did you mean "--version"?`},
		{[]string{"--hel"}, `did you mean "--help"?`},
		{[]string{"Serve"}, `did you mean "serve"?`},
		{[]string{"keys", "Create"}, `did you mean "create"?`},
		{[]string{"export", "--Data", "x"}, `did you mean "--data"?`},
		{[]string{"serve", "--data-dir", "x"}, `did you mean "--data"?`}, // the flag of MEMSVC_DATA_DIR
		{[]string{"import", "--data_dir=x"}, `did you mean "--data"?`},
		{[]string{"-V", "serve"}, "flags go after the command: memsvc serve -V"},
	} {
		code, stdout, stderr := (probeCmd{}).run(t, tt.args...)
		oneLineError(t, strings.Join(tt.args, " "), stderr)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %s; want exit 2 and %q", tt.args, code, stdout, stderr, tt.want)
		}
	}
}

// TestCLITypedOnlyVariableNamed: the variable of a command-line-only flag
// (MEMSVC_IN, MEMSVC_OUT, MEMSVC_CONFIRM), set for a command that has no
// such flag, is named as the flag it would set and typed-only. It was "not
// a memsvc setting", with MEMSVC_IN taken for a misspelt MEMSVC_BIN (a
// test harness's variable).
func TestCLITypedOnlyVariableNamed(t *testing.T) {
	data := twoUserDataDir(t)
	for name, want := range map[string]string{
		"MEMSVC_IN":      "--in (of import, restore) is typed on the command line only",
		"MEMSVC_OUT":     "--out (of backup, export) is typed on the command line only",
		"MEMSVC_CONFIRM": "--confirm (of users erase) is typed on the command line only",
	} {
		code, _, stderr := probeCmd{env: map[string]string{name: "x"}}.run(t, "keys", "revoke", "0123456789abcdef", "--data", data)
		if code != 0 || !strings.Contains(stderr, name+" is ignored: "+want) || strings.Contains(stderr, "MEMSVC_BIN") {
			t.Errorf("%s set: exit %d, stderr %s; want it named as %q", name, code, stderr, want)
		}
	}
}

// TestCLIRevokeByIDSaysServerUnchecked: `keys revoke ID --server X` wrote
// the revocation and ignored --server without a word, though only the key
// itself can be tried against a server; it now says X was not checked.
func TestCLIRevokeByIDSaysServerUnchecked(t *testing.T) {
	data := twoUserDataDir(t)
	code, stdout, stderr := (probeCmd{}).run(t, "keys", "revoke", "0123456789abcdef", "--data", data, "--server", "127.0.0.1:1")
	if code != 0 || stdout != "" || !strings.Contains(stderr, "--server 127.0.0.1:1 is not checked") ||
		!strings.Contains(stderr, "revoked key id 0123456789abcdef") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 0, the revocation and --server named as not checked", code, stdout, stderr)
	}
}
