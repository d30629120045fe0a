package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The second CLI probe: what the first (cli_e2e_test.go,
// cli_probe_e2e_test.go) left out. Every case runs the built binary.

// probeCmd is one run of the binary: its environment beyond HOME and PATH,
// stdin (nil: none) and extra files (fd 3 on).
type probeCmd struct {
	env    map[string]string
	stdin  io.Reader
	stdout io.Writer // nil: captured
	extra  []*os.File
}

// run runs the binary with args and returns its exit code and output. A
// run is killed after a minute: a check that fails to refuse a serve would
// otherwise leave it serving.
func (p probeCmd) run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := p.command(ctx, t, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if p.stdout != nil {
		cmd.Stdout = p.stdout
	}
	return runForExit(t, cmd), out.String(), errb.String()
}

func (p probeCmd) command(ctx context.Context, t *testing.T, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, builtBinary(t), args...)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	for k, v := range p.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin, cmd.ExtraFiles = p.stdin, p.extra
	return cmd
}

// oneLineError fails the test unless stderr is one line without a crash.
func oneLineError(t *testing.T, what, stderr string) {
	t.Helper()
	if strings.Count(strings.TrimSpace(stderr), "\n") != 0 || strings.TrimSpace(stderr) == "" {
		t.Errorf("%s: stderr is not one line:\n%s", what, stderr)
	}
	if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
		t.Errorf("%s: crashed:\n%s", what, stderr)
	}
}

// seededDataDir is the data directory of a stopped server that stored n
// conversation turns of user alice.
func seededDataDir(t *testing.T, n int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrc, done := make(chan string, 1), make(chan int, 1)
	sys := IO{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Getenv: getenvFrom(nil),
		OnListen: func(addr string) { addrc <- addr }}
	go func() { done <- Main(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", dir, "--no-sync"}, sys) }()
	var base string
	select {
	case addr := <-addrc:
		base = "http://" + addr
	case <-done:
		t.Fatal("serve exited before listening")
	}
	client := &http.Client{Timeout: time.Minute}
	for i := 0; i < n; i += 100 {
		var msgs []map[string]any
		for j := i; j < i+100 && j < n; j++ {
			msgs = append(msgs, map[string]any{"role": "user", "content": fmt.Sprintf("I keep note %d of the garden in the red notebook number %d", j, j)})
		}
		r, err := sendJSON(client, base, req{method: http.MethodPost, path: "/api/v1/memories/from-conversation",
			body: map[string]any{"messages": msgs, "user_id": "alice"}})
		if err != nil || r.status != http.StatusOK {
			t.Fatalf("seed: %v %d %s", err, r.status, r.raw)
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("seed server exited %d", code)
	}
	return dir
}

// TestCLIHelpWordAfterCommand: `memsvc CMD help` is CMD's usage, as
// `memsvc keys help` and `memsvc help CMD` already were; it was a usage
// error ("unexpected argument") for every command that parses flags, and
// `bench fit-relevance help` tried to open a samples file named help.
// The usage also says a flag wins over its env var.
func TestCLIHelpWordAfterCommand(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "help"}, {"mcp", "help"}, {"export", "help"}, {"import", "help"}, {"backup", "help"},
		{"restore", "help"}, {"migrate", "help"}, {"users", "erase", "help"}, {"keys", "create", "help"},
		{"keys", "revoke", "help"}, {"bench", "recall", "help"}, {"bench", "fit-relevance", "help"},
	} {
		code, stdout, stderr := probeCmd{}.run(t, args...)
		name := strings.Join(args[:len(args)-1], " ")
		if code != 0 || !strings.Contains(stdout, "Usage: memsvc "+name) || stderr != "" {
			t.Errorf("%v: exit %d, stdout %.60q, stderr %q; want 0 and memsvc %s's usage on stdout", args, code, stdout, stderr, name)
		}
		if !strings.Contains(stdout, "wins over its env var") {
			t.Errorf("%v: the usage does not say whether a flag or its env var wins", args)
		}
	}
}

// TestCLIFlagForms: --flag=value, -flag value, flags after arguments and
// "--" all work; a flag given twice with different values is refused
// (`keys create --user alice --user bob` minted a key for bob without a
// word) while the same value twice is harmless; a flag beats its env var.
// fit-relevance read a flag after its first samples file as a file name.
func TestCLIFlagForms(t *testing.T) {
	samples := filepath.Join(t.TempDir(), "samples.jsonl")
	if err := os.WriteFile(samples, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	secret := map[string]string{"MEMSVC_AUTH_SECRET": testSecret}
	withUser := map[string]string{"MEMSVC_AUTH_SECRET": testSecret, "MEMSVC_USER": "bob"}
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		code     int
		mentions string // in stderr
	}{
		{"--flag=value", secret, []string{"keys", "create", "--user=alice"}, 0, `user "alice"`},
		{"-flag value", secret, []string{"keys", "create", "-user", "alice"}, 0, `user "alice"`},
		{"same value twice", secret, []string{"keys", "create", "--user", "alice", "--user=alice"}, 0, `user "alice"`},
		{"flag beats env", withUser, []string{"keys", "create", "--user", "alice"}, 0, `user "alice"`},
		// Whom a key is for is typed (commandLineOnly): MEMSVC_USER is mcp's.
		{"env without flag", withUser, []string{"keys", "create"}, 2, "--user is required"},
		{"two values", secret, []string{"keys", "create", "--user", "alice", "--user", "bob"}, 2, `--user given twice ("alice", then "bob")`},
		{"bool twice", nil, []string{"serve", "--addr", "127.0.0.1:0", "--no-sync", "--no-sync=false"}, 2, "--no-sync given twice"},
		{"list twice", nil, []string{"serve", "--addr", "127.0.0.1:0", "--allowed-hosts", "a.example", "--allowed-hosts", "b.example"}, 2, "--allowed-hosts given twice"},
		{"after --", secret, []string{"keys", "create", "--", "--user", "alice"}, 2, `unexpected argument "--user"`},
		{"flag after a samples file", nil, []string{"bench", "fit-relevance", samples, "--mode", "fuzzy"}, 2, `--mode must be hybrid, text or vector, got "fuzzy"`},
		{"help after --", nil, []string{"bench", "fit-relevance", "--", "help"}, 3, "help"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(tt.args[:len(tt.args):len(tt.args)], "--data", t.TempDir())
			if tt.args[0] == "bench" || slices.Contains(tt.args, "--") {
				args = tt.args
			}
			code, stdout, stderr := probeCmd{env: tt.env}.run(t, args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stdout %q, stderr %q", code, tt.code, stdout, stderr)
			}
			if code != 0 {
				oneLineError(t, tt.name, stderr)
			}
			if !strings.Contains(stderr, tt.mentions) {
				t.Errorf("stderr %q does not mention %q", stderr, tt.mentions)
			}
		})
	}
}

// TestCLIEnvValueNamesVariable: a MEMSVC_* variable whose value parses but
// is refused by a later check is named in the one-line error (it named
// only the flag, which the user never typed); with the flag on the command
// line the flag is named alone.
func TestCLIEnvValueNamesVariable(t *testing.T) {
	tests := []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"MEMSVC_LOG_FORMAT": "xml"}, []string{"serve", "--addr", "127.0.0.1:0"}, "MEMSVC_LOG_FORMAT"},
		{map[string]string{"MEMSVC_LOG_LEVEL": "loud"}, []string{"export"}, "MEMSVC_LOG_LEVEL"},
		{map[string]string{"MEMSVC_STORE": "mysql"}, []string{"serve", "--addr", "127.0.0.1:0"}, "MEMSVC_STORE"},
		{map[string]string{"MEMSVC_BM25_B": "7"}, []string{"serve", "--addr", "127.0.0.1:0"}, "MEMSVC_BM25_B"},
		{map[string]string{"MEMSVC_ADDR": "nohostport"}, []string{"serve"}, "MEMSVC_ADDR"},
		{map[string]string{"MEMSVC_EMBED_PROVIDER": "fuzzy"}, []string{"serve", "--addr", "127.0.0.1:0"}, "MEMSVC_EMBED_PROVIDER"},
		{map[string]string{"MEMSVC_CLIENT": "bad client"}, []string{"mcp"}, "MEMSVC_CLIENT"},
		{map[string]string{"MEMSVC_BENCH_MODE": "fuzzy"}, []string{"bench", "recall", "--data", "x.json", "--format", "locomo"}, "MEMSVC_BENCH_MODE"},
		{map[string]string{"MEMSVC_LOG_FORMAT": "json"}, []string{"serve", "--addr", "127.0.0.1:0", "--log-format", "xml"}, ""},
	}
	for _, tt := range tests {
		dir := filepath.Join(t.TempDir(), "data")
		args := tt.args
		if args[0] != "bench" {
			args = append(args, "--data", dir)
		}
		code, stdout, stderr := probeCmd{env: tt.env}.run(t, args...)
		if code != 2 || stdout != "" {
			t.Errorf("%v with %v: exit %d, stdout %q, stderr %q; want 2", tt.args, tt.env, code, stdout, stderr)
		}
		oneLineError(t, fmt.Sprint(tt.args), stderr)
		if tt.want != "" && !strings.Contains(stderr, tt.want) {
			t.Errorf("%v with %v: stderr %q does not name %s", tt.args, tt.env, stderr, tt.want)
		}
		if tt.want == "" && strings.Contains(stderr, "MEMSVC_") {
			t.Errorf("%v: blames the env var though the flag was given: %s", tt.args, stderr)
		}
	}
}

// TestCLIDataDirMustHoldData: export, backup and users erase read existing
// data; given a data directory that is absent or empty (a typo in --data)
// they created an empty store there and reported success: an empty backup,
// an empty export, "erased user". Backup and restore also refused nothing
// with --store postgres, working on the Badger directory instead.
func TestCLIDataDirMustHoldData(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"backup", []string{"backup", "--out", "OUT"}, 3, "no such directory"},
		{"export", []string{"export", "--out", "OUT"}, 3, "no such directory"},
		{"erase", []string{"users", "erase", "--user", "alice", "--confirm", "alice"}, 3, "no such directory"},
		{"backup of postgres", []string{"backup", "--out", "OUT", "--store", "postgres"}, 2, "pg_dump"},
		{"restore into postgres", []string{"restore", "--in", "OUT", "--store", "postgres"}, 2, "pg_dump"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			folder := t.TempDir()
			dir, out := filepath.Join(folder, "data"), filepath.Join(folder, "out")
			args := append([]string{}, tt.args...)
			for i := range args {
				args[i] = strings.ReplaceAll(args[i], "OUT", out)
			}
			code, stdout, stderr := probeCmd{}.run(t, append(args, "--data", dir)...)
			if code != tt.code || stdout != "" || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d naming %q", code, stdout, stderr, tt.code, tt.want)
			}
			oneLineError(t, tt.name, stderr)
			if entries, _ := os.ReadDir(folder); len(entries) != 0 {
				t.Errorf("left %v behind", entries)
			}
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			if tt.code == 1 {
				if code, _, stderr := (probeCmd{}).run(t, append(args, "--data", dir)...); code != 1 || !strings.Contains(stderr, "empty") {
					t.Errorf("empty data directory: exit %d, stderr %q; want 1 saying it is empty", code, stderr)
				}
			}
		})
	}
}

// TestCLIOutputFiles: --out replaces an existing file only once the new
// one is complete; through a symlink it replaces the file the link names
// and keeps the link. A path that is not a regular file (a named pipe,
// /dev/fd/N) is written in place: the export was written to a temporary
// file beside it and renamed over it, which replaced the pipe with a
// regular file, failed for /dev/fd/N, and as root replaced /dev/stdout
// itself with a regular file. A write error (a reader gone) is one line.
func TestCLIOutputFiles(t *testing.T) {
	data := seededDataDir(t, 20)
	folder := t.TempDir()
	noPartials := func(t *testing.T) {
		t.Helper()
		matches, _ := filepath.Glob(filepath.Join(folder, "*partial*"))
		if len(matches) > 0 {
			t.Errorf("left %v behind", matches)
		}
	}
	isExport := func(b []byte) bool {
		return bytes.HasPrefix(b, []byte(`{"kind":"header"`)) && bytes.Contains(b, []byte(`"kind":"end"`))
	}

	t.Run("existing file is replaced with --force", func(t *testing.T) {
		out := filepath.Join(folder, "existing.jsonl")
		if err := os.WriteFile(out, []byte("old\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := (probeCmd{}).run(t, "export", "--data", data, "--out", out, "--force"); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if b, _ := os.ReadFile(out); !isExport(b) {
			t.Errorf("%s holds %.40q, not the export", out, b)
		}
		noPartials(t)
	})
	t.Run("symlink", func(t *testing.T) {
		target, link := filepath.Join(folder, "target.tar"), filepath.Join(folder, "link.tar")
		if err := os.WriteFile(target, []byte("old\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := (probeCmd{}).run(t, "backup", "--data", data, "--out", link, "--force"); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symlink", link)
		}
		if b, _ := os.ReadFile(target); len(b) < 1024 {
			t.Errorf("the link's target holds %d bytes, not the backup", len(b))
		}
		noPartials(t)
	})
	t.Run("named pipe", func(t *testing.T) {
		fifo := filepath.Join(folder, "pipe")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip(err)
		}
		got := make(chan []byte, 1)
		go func() { b, _ := os.ReadFile(fifo); got <- b }()
		code, _, stderr := probeCmd{}.run(t, "export", "--data", data, "--out", fifo)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		select {
		case b := <-got:
			if !isExport(b) {
				t.Errorf("read %.40q from the pipe, not the export", b)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("nothing was written to the pipe")
		}
		if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s is no longer a named pipe", fifo)
		}
		noPartials(t)
	})
	t.Run("/dev/fd/N appends", func(t *testing.T) {
		out := filepath.Join(folder, "appended.jsonl")
		f, err := os.OpenFile(out, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("first\n")
		code, _, stderr := probeCmd{extra: []*os.File{f}}.run(t, "export", "--data", data, "--out", "/dev/fd/3")
		f.Close()
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		b, _ := os.ReadFile(out)
		if !bytes.HasPrefix(b, []byte("first\n")) || !isExport(bytes.TrimPrefix(b, []byte("first\n"))) {
			t.Errorf("%s holds %.60q; want the first line, then the export", out, b)
		}
	})
	t.Run("reader gone", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		code, stdout, stderr := probeCmd{extra: []*os.File{w}}.run(t, "backup", "--data", data, "--out", "/dev/fd/3")
		w.Close()
		if code != 1 || stdout != "" || !strings.Contains(stderr, "/dev/fd/3: broken pipe") || strings.Contains(stderr, "backup: backup:") {
			t.Errorf("exit %d, stdout %q, stderr %q; want 1 naming the output and the cause", code, stdout, stderr)
		}
		oneLineError(t, "backup to a closed pipe", stderr)
	})
	t.Run("unwritable directory", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root writes anywhere")
		}
		ro := filepath.Join(folder, "ro")
		if err := os.Mkdir(ro, 0o500); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := probeCmd{}.run(t, "export", "--data", data, "--out", filepath.Join(ro, "x.jsonl"))
		if code != 1 || !strings.Contains(stderr, "cannot create a file in "+ro) {
			t.Errorf("exit %d, stderr %q; want 1 naming the directory", code, stderr)
		}
		oneLineError(t, "unwritable --out", stderr)
	})
}

// TestCLIRestoreAndImportBadInput: an empty file or stdin restored as an
// empty store and reported success; an import cut short (Ctrl-C'd copy,
// full disk) said "unexpected EOF" only, though the batches before the cut
// were already in the store; and each one-shot command logged "memsvc
// stopped: store closed" on stderr, so a failure was not one line.
func TestCLIRestoreAndImportBadInput(t *testing.T) {
	folder := t.TempDir()
	empty := filepath.Join(folder, "empty")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []probeCmd{{}, {stdin: strings.NewReader("")}} {
		in := empty
		if p.stdin != nil {
			in = "-"
		}
		dir := filepath.Join(t.TempDir(), "data")
		code, _, stderr := p.run(t, "restore", "--in", in, "--data", dir)
		if code != 1 || !strings.Contains(stderr, "is empty") {
			t.Errorf("restore --in %s (empty): exit %d, stderr %q; want 1 saying it is empty", in, code, stderr)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("restore of an empty input created %s", dir)
		}
	}

	data := seededDataDir(t, 400)
	code, export, stderr := probeCmd{}.run(t, "export", "--data", data)
	if code != 0 || stderr != "" {
		t.Fatalf("export: exit %d, stderr %q; want 0 and nothing on stderr", code, stderr)
	}
	cut := export[:len(export)*3/4]
	code, stdout, stderr := probeCmd{stdin: strings.NewReader(cut)}.run(t, "import", "--data", filepath.Join(t.TempDir(), "data"))
	// The whole file is checked before any record is written (cli_probe12).
	if code != 1 || stdout != "" || !strings.Contains(stderr, "nothing was imported") {
		t.Errorf("import of a cut export: exit %d, stdout %q, stderr %q; want 1 saying nothing was imported", code, stdout, stderr)
	}
	oneLineError(t, "import of a cut export", stderr)
}

// TestCLIInterrupt: SIGINT while import or restore waits on a stalled input
// ends the command at once with exit 130 and one line saying it was
// interrupted (it went on reading until the input closed, then reported a
// cut-short file, exit 1); SIGTERM stops a server with exit 0.
// startLoading starts memsvc args with stdin read from r and a new data
// directory, and returns once the directory appears: the command is then
// past its start (its signal handler set) and loading what r gives.
func startLoading(t *testing.T, r *os.File, args ...string) (*exec.Cmd, *syncBuffer) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data")
	cmd := probeCmd{stdin: r}.command(context.Background(), t, append(args, "--data", dir)...)
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(dir); err == nil {
			return cmd, stderr
		} else if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("%v did not start loading", args)
		}
	}
}

func TestCLIInterrupt(t *testing.T) {
	data := seededDataDir(t, 200)
	export, backup := filepath.Join(t.TempDir(), "x.jsonl"), filepath.Join(t.TempDir(), "x.tar")
	for _, args := range [][]string{{"export", "--out", export}, {"backup", "--out", backup}} {
		if code, _, stderr := (probeCmd{}).run(t, append(args, "--data", data)...); code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
	}
	for _, tt := range []struct {
		cmd, file string
	}{{"import", export}, {"restore", backup}} {
		t.Run(tt.cmd, func(t *testing.T) {
			b, err := os.ReadFile(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			go w.Write(b[:len(b)/2]) // then stall: w stays open
			cmd, stderr := startLoading(t, r, tt.cmd, "--in", "-")
			time.Sleep(300 * time.Millisecond)
			cmd.Process.Signal(os.Interrupt)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("%s went on for 10s after SIGINT; stderr %s", tt.cmd, stderr.String())
			}
			if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("exit %d, stderr %q; want 130 and interrupted", code, stderr.String())
			}
			oneLineError(t, tt.cmd+" interrupted", stderr.String())
		})
	}
	t.Run("SIGTERM to serve", func(t *testing.T) {
		cmd := probeCmd{}.command(context.Background(), t, "serve", "--addr", "127.0.0.1:0", "--data", data)
		var stderr syncBuffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(30 * time.Second); !strings.Contains(stderr.String(), "listening"); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("serve did not start: %s", stderr.String())
			}
		}
		cmd.Process.Signal(syscall.SIGTERM)
		if err := cmd.Wait(); err != nil || !strings.Contains(stderr.String(), "memsvc stopped") {
			t.Errorf("serve after SIGTERM: %v; stderr:\n%s\nwant exit 0 and its last line", err, stderr.String())
		}
	})
}

// TestCLIClosedStdout: a reader that goes away (`| head -1`) stops the
// command quietly: no panic, no stack, no half-written file, and no spool
// left in $TMPDIR (the export's spool holds the user's memories).
func TestCLIClosedStdout(t *testing.T) {
	data := seededDataDir(t, 100)
	tmp := t.TempDir()
	for _, args := range [][]string{{"help"}, {"serve", "--help"}, {"export", "--data", data}, {"backup", "--out", "-", "--data", data}} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		_, _, stderr := probeCmd{stdout: w, env: map[string]string{"TMPDIR": tmp}}.run(t, args...)
		w.Close()
		if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
			t.Errorf("%v with stdout closed: %s", args, stderr)
		}
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Errorf("%v with stdout closed left %s in $TMPDIR", args, left[0].Name())
		}
	}
}

// TestCLIDatabaseURLErrors: a database URL that cannot be parsed printed
// "internal: internal error: …" and named neither the flag nor its env var.
func TestCLIDatabaseURLErrors(t *testing.T) {
	for _, p := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, []string{"migrate", "--postgres-url", "garbage"}, "--postgres-url"},
		{map[string]string{"MEMSVC_POSTGRES_URL": "garbage"}, []string{"migrate"}, "(set by MEMSVC_POSTGRES_URL)"},
		{map[string]string{"MEMSVC_POSTGRES_URL": "garbage"}, []string{"serve", "--store", "postgres", "--addr", "127.0.0.1:0"}, "(set by MEMSVC_POSTGRES_URL)"},
	} {
		code, stdout, stderr := probeCmd{env: p.env}.run(t, p.args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, p.want) || strings.Contains(stderr, "internal error") {
			t.Errorf("%v with %v: exit %d, stdout %q, stderr %q; want 1 naming %s", p.args, p.env, code, stdout, stderr, p.want)
		}
		oneLineError(t, fmt.Sprint(p.args), stderr)
	}
}

// TestCLIDataDirTilde: a leading ~ in --data or MEMSVC_DATA_DIR, which no
// shell expands after "--data=" or in an env file, made a directory
// literally named "~" in the working directory; it is $HOME now.
func TestCLIDataDirTilde(t *testing.T) {
	for _, tt := range []struct {
		env  map[string]string
		args []string
		code int
	}{
		{nil, []string{"--data=~/mem"}, 0},
		{map[string]string{"MEMSVC_DATA_DIR": "~/mem"}, nil, 0},
		{nil, []string{"--data=~someone/mem"}, 2},
	} {
		home, work := t.TempDir(), t.TempDir()
		// mcp opens (and makes) the data directory, then ends with its stdin.
		cmd := probeCmd{env: tt.env, stdin: strings.NewReader("")}.command(context.Background(), t, append([]string{"mcp"}, tt.args...)...)
		cmd.Dir = work
		cmd.Env = append(cmd.Env, "HOME="+home) // the last HOME wins
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		if code != tt.code {
			t.Errorf("%v %v: exit %d, want %d: %s", tt.env, tt.args, code, tt.code, out)
		}
		if entries, _ := os.ReadDir(work); len(entries) != 0 {
			t.Errorf("%v %v: made %v in the working directory", tt.env, tt.args, entries)
		}
		if _, err := os.Stat(filepath.Join(home, "mem")); tt.code == 0 && err != nil {
			t.Errorf("%v %v: no data directory at $HOME/mem: %s", tt.env, tt.args, out)
		}
	}
}
