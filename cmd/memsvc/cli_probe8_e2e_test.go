package main

// The eighth CLI probe: a shell's MEMSVC_* variables steering what a
// command erases, exports, mints or writes; terminal escapes in error
// messages; the terminal queries of the logger; SIGHUP; serve's listen
// errors for a host that does not resolve or an address not this
// machine's; restore into a path that is a file. Every case runs the built
// binary.

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// twoUserDataDir is a stopped data directory holding one memory of alice
// and one of bob, imported from a hand-written export.
func twoUserDataDir(t *testing.T) string {
	t.Helper()
	in := filepath.Join(t.TempDir(), "two.jsonl")
	lines := `{"kind":"header","format":"memsvc-export","version":1,"embedder":"builtin-hash-v3/512","at":"2026-01-02T03:04:05Z"}
{"kind":"memory","user":"alice","memory":{"id":"m-alice","text":"alice keeps bees","user_id":"alice","state":"active","created_at":"2026-01-02T03:04:05Z"}}
{"kind":"memory","user":"bob","memory":{"id":"m-bob","text":"bob grows leeks","user_id":"bob","state":"active","created_at":"2026-01-02T03:04:05Z"}}
{"kind":"end"}
`
	if err := os.WriteFile(in, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "data")
	if code, _, stderr := (probeCmd{}).run(t, "import", "--in", in, "--data", dir); code != 0 {
		t.Fatalf("seed import: exit %d, %s", code, stderr)
	}
	return dir
}

// TestCLITargetsAreTyped: whose data export, users erase and keys create
// act on, and which file export, import, backup and restore write or read,
// come from the command line only. MEMSVC_USER (set for `memsvc mcp`)
// turned an export of every user into bob's, MEMSVC_OUT made `export >
// all.jsonl` replace another file and leave all.jsonl empty, MEMSVC_IN made
// `import < file` read another file, and MEMSVC_USER minted a key for a
// user no one typed. Each command now says the variable is not read.
func TestCLITargetsAreTyped(t *testing.T) {
	data := twoUserDataDir(t)
	other := filepath.Join(t.TempDir(), "other.jsonl")
	const keep = "an operator's own file\n"
	if err := os.WriteFile(other, []byte(keep), 0o600); err != nil {
		t.Fatal(err)
	}
	export := filepath.Join(t.TempDir(), "all.jsonl")
	if code, _, stderr := (probeCmd{}).run(t, "export", "--data", data, "--out", export); code != 0 {
		t.Fatalf("export: %s", stderr)
	}
	stdin := func() *os.File {
		f, err := os.Open(export)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	secret := map[string]string{"MEMSVC_AUTH_SECRET": testSecret}
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		stdin    bool   // the export on stdin
		code     int    //
		stdout   string // in stdout ("" : stdout empty)
		mentions []string
	}{
		{"export every user, to stdout", map[string]string{"MEMSVC_USER": "bob", "MEMSVC_OUT": other},
			[]string{"export", "--data", data}, false, 0, `"m-alice"`,
			[]string{"export does not read MEMSVC_USER, MEMSVC_OUT", "--user, --out"}},
		{"import from stdin", map[string]string{"MEMSVC_IN": other},
			[]string{"import", "--data", filepath.Join(t.TempDir(), "new")}, true, 0, "",
			[]string{"imported 2 users", "import does not read MEMSVC_IN"}},
		{"erase needs a typed user", map[string]string{"MEMSVC_USER": "alice"},
			[]string{"users", "erase", "--confirm", "alice", "--data", data}, false, 2, "",
			[]string{"--user and --confirm are required", "users erase does not read MEMSVC_USER"}},
		{"key for a typed user", map[string]string{"MEMSVC_AUTH_SECRET": testSecret, "MEMSVC_USER": "bob"},
			[]string{"keys", "create", "--data", data}, false, 2, "",
			[]string{"--user is required", "keys create does not read MEMSVC_USER"}},
		{"backup to a typed file", map[string]string{"MEMSVC_OUT": other},
			[]string{"backup", "--data", data}, false, 2, "",
			[]string{"--out is required", "backup does not read MEMSVC_OUT"}},
		{"restore from a typed file", map[string]string{"MEMSVC_IN": other},
			[]string{"restore", "--data", filepath.Join(t.TempDir(), "r")}, false, 2, "",
			[]string{"--in is required", "restore does not read MEMSVC_IN"}},
		{"typed flag: no note", map[string]string{"MEMSVC_AUTH_SECRET": testSecret, "MEMSVC_USER": "bob"},
			[]string{"keys", "create", "--user", "alice", "--data", data}, false, 0, "msk_", nil},
		{"mcp keeps MEMSVC_USER", map[string]string{"MEMSVC_USER": "bob"},
			[]string{"mcp", "--data", filepath.Join(t.TempDir(), "m")}, false, 0, "", []string{`acting for user "bob"`}},
		{"no variable: no note", secret, []string{"export", "--data", data, "--user", "alice"}, false, 0, `"m-alice"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := probeCmd{env: tt.env, stdin: strings.NewReader("")}
			if tt.stdin {
				p.stdin = stdin()
			}
			code, stdout, stderr := p.run(t, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, stderr)
			}
			if tt.stdout == "" && stdout != "" || !strings.Contains(stdout, tt.stdout) {
				t.Errorf("stdout %q, want it to hold %q", stdout, tt.stdout)
			}
			for _, m := range tt.mentions {
				if !strings.Contains(stderr, m) {
					t.Errorf("stderr %q does not say %q", stderr, m)
				}
			}
			if tt.mentions == nil && strings.Contains(stderr, "does not read") {
				t.Errorf("stderr %q notes a variable that is not set or was overridden", stderr)
			}
			if strings.Contains(stderr, "is not a memsvc setting") {
				t.Errorf("stderr %q calls a variable unknown beside the note that names it", stderr)
			}
			if code != 0 {
				oneLineError(t, tt.name, stderr)
			}
			if !slices.Contains(tt.args, "--user") && strings.Contains(stdout, `"m-alice"`) && !strings.Contains(stdout, `"m-bob"`) {
				t.Errorf("the export holds one user only:\n%s", stdout)
			}
		})
	}
	if b, err := os.ReadFile(other); err != nil || string(b) != keep {
		t.Errorf("the file MEMSVC_OUT named now holds %q (%v)", b, err)
	}
	code, stdout, _ := (probeCmd{}).run(t, "export", "--data", data, "--user", "alice")
	if code != 0 || !strings.Contains(stdout, `"m-alice"`) {
		t.Errorf("alice's data is gone after a refused erase: exit %d, %s", code, stdout)
	}
	for _, cmd := range [][]string{{"export"}, {"import"}, {"users", "erase"}, {"keys", "create"}, {"backup"}, {"restore"}} {
		_, help, _ := (probeCmd{}).run(t, append(cmd, "--help")...)
		for _, env := range []string{"MEMSVC_USER", "MEMSVC_OUT", "MEMSVC_IN"} {
			if strings.Contains(help, "["+env+"]") {
				t.Errorf("%v --help still lists %s", cmd, env)
			}
		}
	}
	if _, help, _ := (probeCmd{}).run(t, "--help"); !strings.Contains(help, "command line only") {
		t.Errorf("memsvc --help does not say which flags are command line only:\n%s", help)
	}
}

// TestCLIErrorsEscapeControls: an error quoting what it was given (a flag
// name, a path) shows a control character as its escape: a raw "\x1b]0;…\a"
// retitled the terminal, and others can hide or fake text.
func TestCLIErrorsEscapeControls(t *testing.T) {
	const esc = "\x1b]0;owned\a\u202e"
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
	}{
		{"unknown flag", []string{"serve", "--x" + esc}},
		{"missing data dir", []string{"export", "--data", filepath.Join(dir, "no"+esc)}},
		{"missing input", []string{"import", "--in", filepath.Join(dir, "no"+esc), "--data", filepath.Join(dir, "d")}},
		{"output in a missing dir", []string{"export", "--out", filepath.Join(dir, "no"+esc, "f"), "--data", dir}},
		{"flag before the command", []string{"--x" + esc, "serve"}},
		{"missing samples", []string{"bench", "fit-relevance", "--mode", "hybrid", filepath.Join(dir, "no"+esc)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := (probeCmd{}).run(t, tt.args...)
			if code == 0 {
				t.Fatalf("exit 0, stderr %q", stderr)
			}
			oneLineError(t, tt.name, stderr)
			for _, r := range strings.TrimSuffix(stderr, "\n") {
				if r < 0x20 || r == 0x7f || r == '\u202e' {
					t.Fatalf("stderr carries %U raw: %q", r, stderr)
				}
			}
			if !strings.Contains(stderr, `\x1b]0;owned`) {
				t.Errorf("stderr %q does not show the escape as \\x1b", stderr)
			}
		})
	}
}

// TestServeListenAdvice: serve's listen error advises by its cause. "pick
// a free port" answered a host name that does not resolve and an address
// no interface of the machine has, where no port would do.
func TestServeListenAdvice(t *testing.T) {
	tests := []struct {
		addr, want string
	}{
		{"no-such-host.invalid:0", "does not resolve"},
		{"192.0.2.1:0", "no network interface of this machine has that address"}, // TEST-NET-1
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			code, stdout, stderr := (probeCmd{}).run(t, "serve", "--addr", tt.addr, "--data", dir)
			if code != 1 || stdout != "" || !strings.Contains(stderr, tt.want) || strings.Contains(stderr, "free port") {
				t.Errorf("exit %d, stderr %q; want 1 saying %q, not to pick a free port", code, stderr, tt.want)
			}
			oneLineError(t, tt.addr, stderr)
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("a failed start created %s", dir)
			}
		})
	}
}

// TestCLIRestoreIntoAFile: restore to a --data that is a file, or lies
// under one, says so; it said the directory "is not empty".
func TestCLIRestoreIntoAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{file, filepath.Join(file, "sub")} {
		code, _, stderr := (probeCmd{}).run(t, "restore", "--in", file, "--data", dir)
		if code != 1 || !strings.Contains(stderr, "not a directory") || strings.Contains(stderr, "not empty") {
			t.Errorf("restore --data %s: exit %d, stderr %q; want 1 saying it is not a directory", dir, code, stderr)
		}
		oneLineError(t, dir, stderr)
	}
}

// TestCLIStopsOnSIGHUP: SIGHUP (the terminal or ssh session closed) stops
// a command as SIGTERM does: serve closes its store and removes its
// server.addr (it was killed outright, leaving both), and an import cut
// short exits 130. Under nohup, which ignores SIGHUP, serve goes on.
func TestCLIStopsOnSIGHUP(t *testing.T) {
	t.Run("serve", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "data")
		s := serveBinary(t, dir)
		s.cmd.Process.Signal(syscall.SIGHUP)
		code := waitExit(t, s.cmd)
		if code != 0 || !strings.Contains(s.stderr.String(), "memsvc stopped") {
			t.Errorf("exit %d, stderr %s; want 0 and a clean stop", code, s.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "server.addr")); err == nil {
			t.Error("server.addr is left behind")
		}
	})
	t.Run("import", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		// A header and a record, then a stall: w stays open.
		w.Write([]byte(`{"kind":"header","format":"memsvc-export","version":1,"embedder":"builtin-hash-v3/512"}` + "\n" +
			`{"kind":"memory","user":"alice","memory":{"id":"m1","text":"alice keeps bees","user_id":"alice","state":"active","created_at":"2026-01-02T03:04:05Z"}}` + "\n"))
		cmd, stderr := startLoading(t, r, "import")
		time.Sleep(300 * time.Millisecond)
		cmd.Process.Signal(syscall.SIGHUP)
		if code := waitExit(t, cmd); code != 130 || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("exit %d, stderr %q; want 130 and interrupted", code, stderr.String())
		}
	})
	t.Run("serve under nohup", func(t *testing.T) {
		nohup, err := exec.LookPath("nohup")
		if err != nil {
			t.Skip("no nohup")
		}
		dir := filepath.Join(t.TempDir(), "data")
		cmd := exec.Command(nohup, builtBinary(t), "serve", "--addr", "127.0.0.1:0", "--data", dir)
		cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
		var stderr syncBuffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			if addr, err := readServerFile(dir); err == nil && addr != "" {
				break
			} else if time.Now().After(deadline) {
				t.Fatalf("serve did not start: %s", stderr.String())
			}
		}
		cmd.Process.Signal(syscall.SIGHUP)
		time.Sleep(time.Second)
		if cmd.ProcessState != nil || cmd.Process.Signal(syscall.Signal(0)) != nil {
			t.Fatalf("serve under nohup stopped on SIGHUP: %s", stderr.String())
		}
		cmd.Process.Signal(syscall.SIGTERM)
		if code := waitExit(t, cmd); code != 0 {
			t.Errorf("SIGTERM after SIGHUP: exit %d; %s", code, stderr.String())
		}
	})
}

// waitExit waits up to 20s for cmd and returns its exit code.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("still running 20s after the signal")
	}
	return cmd.ProcessState.ExitCode()
}

// TestCLINoTerminalQueries: on a terminal, a command writes no query to
// it (the log package asked for the terminal's colours, OSC 10/11 and a
// cursor report, at every start, NO_COLOR or not: the answers land on
// stdin and a typescript keeps the junk), colours its log unless NO_COLOR
// is set, and escapes nothing it should not. Runs under script(1).
func TestCLINoTerminalQueries(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to give the command a terminal")
	}
	for _, tt := range []struct {
		name    string
		noColor string
		colour  bool
	}{{"colour", "", true}, {"NO_COLOR", "1", false}} {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			// mcp logs a line at start, and ends at once on an empty stdin.
			line := builtBinary(t) + " mcp --data " + dir + " </dev/null"
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, script, "-qec", line, "/dev/null")
			cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH"), "TERM=xterm-256color", "NO_COLOR=" + tt.noColor}
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Skipf("script(1) did not run the command: %v %q", err, out)
			}
			if !strings.Contains(string(out), "serving on stdio") {
				t.Fatalf("no start line in %q", out)
			}
			for _, q := range []string{"\x1b]10;?", "\x1b]11;?", "\x1b[6n"} {
				if strings.Contains(string(out), q) {
					t.Errorf("the command sent the terminal the query %q: %q", q, out)
				}
			}
			if got := strings.Contains(string(out), "\x1b["); got != tt.colour {
				t.Errorf("colour codes %v, want %v: %q", got, tt.colour, out)
			}
		})
	}
}

// TestCLIDataToAFullStdout: a command whose stdout is its product fails
// when stdout cannot take it. `keys create > key.txt` on a full disk said
// "Store it now" and exited 0 with the key written nowhere; `version`
// exited 0 having printed nothing.
func TestCLIDataToAFullStdout(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	tests := []struct {
		name, want string
		args       []string
	}{
		{"keys create", "not delivered", []string{"keys", "create", "--user", "alice", "--data", t.TempDir()}},
		{"version", "no space left on device", []string{"version"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := probeCmd{env: map[string]string{"MEMSVC_AUTH_SECRET": testSecret}, stdout: full}
			code, _, stderr := p.run(t, tt.args...)
			if code != 1 || !strings.Contains(stderr, tt.want) || strings.Contains(stderr, "Store it now") {
				t.Errorf("exit %d, stderr %q; want 1 saying %q", code, stderr, tt.want)
			}
			oneLineError(t, tt.name, stderr)
		})
	}
}
