package main

import (
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The fourth CLI probe: an operator who reads the help for exit codes,
// leaves settings in the environment, forgets the provider of a model,
// runs out of disk, and scripts the benchmark. Every case runs the built
// binary.

// TestCLIExitStatusInHelp: `memsvc --help` documents the exit codes and
// where output goes, and the codes are the ones the commands return.
func TestCLIExitStatusInHelp(t *testing.T) {
	code, help, _ := probeCmd{}.run(t, "--help")
	if code != 0 {
		t.Fatalf("--help exited %d", code)
	}
	for _, want := range []string{"Exit status:", "  0 ", "  1 ", "  2 ", "  3 ", "  130 ", "on stdout", "on stderr", "wins over its env var"} {
		if !strings.Contains(help, want) {
			t.Errorf("memsvc --help does not say %q:\n%s", want, help)
		}
	}
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"version"}, 0},
		{[]string{"export", "--nosuch"}, 2},
		{[]string{"export", "--data", filepath.Join(t.TempDir(), "absent")}, 3},
	} {
		if code, _, stderr := (probeCmd{}).run(t, tt.args...); code != tt.code {
			t.Errorf("%v exited %d, want %d as the help says; stderr %q", tt.args, code, tt.code, stderr)
		}
	}
}

// listedFlag is one flag as `memsvc CMD --help` lists it.
type listedFlag struct{ name, env, def string }

// listedFlags reads the flags, env vars and defaults of a command's help
// (helpFlag, cli_probe3_e2e_test.go).
func listedFlags(t *testing.T, args ...string) []listedFlag {
	t.Helper()
	code, help, stderr := probeCmd{}.run(t, append(args, "--help")...)
	if code != 0 {
		t.Fatalf("%v --help: exit %d %s", args, code, stderr)
	}
	var flags []listedFlag
	for _, m := range helpFlag.FindAllStringSubmatch(help, -1) {
		flags = append(flags, listedFlag{name: m[1], env: m[2], def: strings.Trim(m[3], `"`)}) // --user says (default "default")
	}
	if len(flags) < 10 {
		t.Fatalf("%v --help lists only %d flags:\n%s", args, len(flags), help)
	}
	return flags
}

// TestCLIMCPEveryEnvVar: every MEMSVC_* variable `memsvc mcp --help`
// lists is read (a bad value is refused, naming the variable, also under
// its flag), and every flag on the command line wins over its variable
// (with all of them set to garbage their flags could take, the command
// runs). A few free-form values cannot be bad; each
// is shown to be read instead.
func TestCLIMCPEveryEnvVar(t *testing.T) {
	const garbage = "garbage!!"
	dir := t.TempDir()
	// free-form: where the command shows a value it read.
	freeForm := map[string]string{
		"MEMSVC_DATA_DIR": dir,       // the data directory it acts on
		"MEMSVC_USER":     garbage,   // the user it acts for
		"MEMSVC_PROJECT":  "garden",  // logged at start
		"MEMSVC_CLIENT":   "probe-1", // logged at start
		// An allow-list entry that is no host name is accepted by
		// engine/media's parser: a gap reported to its owner.
		"MEMSVC_IMAGE_ALLOW_HOSTS": "",
	}
	flags := listedFlags(t, "mcp")
	allGarbage := map[string]string{}
	args := []string{"mcp"}
	for _, f := range flags {
		allGarbage[f.env] = garbage
		val := f.def
		if f.name == "data" {
			val = dir
		}
		args = append(args, "--"+f.name+"="+val)
		t.Run(f.env, func(t *testing.T) {
			v, free := freeForm[f.env]
			if !free {
				v = garbage
			}
			if v == "" {
				t.Skip("no value of it is refused, and none shows")
			}
			env := map[string]string{f.env: v}
			if f.env != "MEMSVC_DATA_DIR" {
				env["MEMSVC_DATA_DIR"] = t.TempDir()
			}
			code, stdout, stderr := probeCmd{env: env, stdin: strings.NewReader("")}.run(t, "mcp")
			switch {
			case free && (code != 0 || !strings.Contains(stderr, v)):
				t.Errorf("%s=%s: exit %d, stderr %q; want it read (its value shown) and exit 0", f.env, v, code, stderr)
			case !free && (code != 2 || !strings.Contains(stderr, f.env) || stdout != ""):
				t.Errorf("%s=%s: exit %d, stdout %q, stderr %q; want exit 2 naming the variable", f.env, v, code, stdout, stderr)
			case !free:
				oneLineError(t, f.env, stderr)
			}
		})
	}
	t.Run("every flag wins", func(t *testing.T) {
		code, _, stderr := probeCmd{env: allGarbage, stdin: strings.NewReader("")}.run(t, args...)
		env := validUnderFlags(t, flags, allGarbage, code, stderr)
		code, stdout, stderr := probeCmd{env: env, stdin: strings.NewReader("")}.run(t, args...)
		if code != 0 || stdout != "" {
			t.Errorf("every flag given, every variable garbage its flag could take: exit %d, stdout %q, stderr %q; want 0 (the flags win)", code, stdout, stderr)
		}
	})
}

// refusedVar finds the variables a refusal names with the garbage value.
var refusedVar = regexp.MustCompile(`(MEMSVC_[A-Z0-9_]+)="garbage!!"`)

// validUnderFlags checks the refusal of a run with every flag given and
// every variable garbage: a bad variable is refused also under its flag
// (exit 2, one line naming each). It returns the environment with each
// refused variable set to its flag's default, a value its flag takes, so
// that the run can show every flag winning over the garbage left.
func validUnderFlags(t *testing.T, flags []listedFlag, garbage map[string]string, code int, stderr string) map[string]string {
	t.Helper()
	refused := map[string]bool{}
	for _, m := range refusedVar.FindAllStringSubmatch(stderr, -1) {
		refused[m[1]] = true
	}
	if code != 2 || len(refused) == 0 {
		t.Fatalf("every flag given, every variable garbage: exit %d, stderr %q; want 2 naming the bad variables", code, stderr)
	}
	oneLineError(t, "garbage under flags", stderr)
	env := maps.Clone(garbage)
	for _, f := range flags {
		if refused[f.env] {
			env[f.env] = f.def
			delete(refused, f.env)
		}
	}
	if len(refused) > 0 {
		t.Errorf("the refusal names variables the help does not list: %v", refused)
	}
	return env
}

// TestCLIUnusedModelSettings: a model setting that no model would use (a
// chat model without its provider, an embedding model the built-in
// embedder would ignore, a database URL with the embedded store) is a
// usage error naming the variable or the flag; it ran the built-in models
// (or wrote to the local directory) without a word.
func TestCLIUnusedModelSettings(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want string // in the one-line error
	}{
		{"chat model without provider", map[string]string{"MEMSVC_LLM_MODEL": "llama3.2"}, nil, "MEMSVC_LLM_MODEL"},
		{"chat base URL without provider", map[string]string{"MEMSVC_LLM_BASE_URL": "http://127.0.0.1:11434"}, nil, "MEMSVC_LLM_BASE_URL"},
		{"chat key without provider", map[string]string{"MEMSVC_LLM_API_KEY": "sk-0123456789abcdef0123456789abcdef"}, nil, "MEMSVC_LLM_API_KEY"},
		{"provider builtin and a model", map[string]string{"MEMSVC_LLM_PROVIDER": "builtin", "MEMSVC_LLM_MODEL": "llama3.2"}, nil, "MEMSVC_LLM_MODEL"},
		{"embedding model alone", map[string]string{"MEMSVC_EMBED_MODEL": "nomic-embed-text"}, nil, "MEMSVC_EMBED_MODEL"},
		{"embedding model, chat provider without embeddings", map[string]string{"MEMSVC_LLM_PROVIDER": "anthropic",
			"MEMSVC_LLM_MODEL": "claude", "MEMSVC_EMBED_MODEL": "nomic-embed-text"}, nil, "MEMSVC_EMBED_MODEL"},
		{"embedding provider builtin and a model", map[string]string{"MEMSVC_EMBED_PROVIDER": "builtin", "MEMSVC_EMBED_MODEL": "x"}, nil, "MEMSVC_EMBED_MODEL"},
		{"embedding base URL without model", map[string]string{"MEMSVC_EMBED_BASE_URL": "http://127.0.0.1:11434"}, nil, "MEMSVC_EMBED_BASE_URL"},
		{"embedding key without model", map[string]string{"MEMSVC_EMBED_API_KEY": "sk-0123456789abcdef0123456789abcdef"}, nil, "MEMSVC_EMBED_API_KEY"},
		{"database URL with the embedded store", map[string]string{"MEMSVC_POSTGRES_URL": "postgres://memsvc@127.0.0.1:1/memsvc"}, nil, "MEMSVC_POSTGRES_URL"},
		{"the flag is named alone", nil, []string{"--llm-model", "llama3.2"}, "--llm-model is set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			args := append([]string{"mcp", "--data", dir}, tt.args...)
			code, stdout, stderr := probeCmd{env: tt.env, stdin: strings.NewReader("")}.run(t, args...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, tt.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 naming %s", code, stdout, stderr, tt.want)
			}
			oneLineError(t, tt.name, stderr)
			if tt.env == nil && strings.Contains(stderr, "MEMSVC_") {
				t.Errorf("blames an env var though the flag was given: %s", stderr)
			}
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("the refused start created the data directory")
			}
		})
	}
	t.Run("an empty flag overrides the variable", func(t *testing.T) {
		env := map[string]string{"MEMSVC_LLM_MODEL": "llama3.2"}
		code, _, stderr := probeCmd{env: env, stdin: strings.NewReader("")}.run(t, "mcp", "--data", t.TempDir(), "--llm-model=")
		if code != 0 {
			t.Errorf("exit %d, stderr %q; want 0", code, stderr)
		}
	})
}

// mountTiny mounts a tmpfs of size (e.g. "16m") on a temp dir, or skips
// the test where mounting needs privileges the test lacks.
func mountTiny(t *testing.T, size string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tiny fs")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (needs root): %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// TestCLILowDiskSpace: on a disk too full for Badger, every command that
// opens the store refuses with one line saying how much is free. Badger
// maps its write-ahead log and faults (SIGBUS, a crash with a stack) when
// a write reaches a page the full disk cannot back; with the data dir on a
// small disk this test's commands started and ran toward that fault.
func TestCLILowDiskSpace(t *testing.T) {
	tiny := mountTiny(t, "16m")
	data := filepath.Join(tiny, "data dir")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	// export and users erase refuse an empty directory before opening it.
	if err := os.WriteFile(filepath.Join(data, "KEYREGISTRY"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"mcp"}, {"export", "--out", filepath.Join(t.TempDir(), "x.jsonl")},
		{"users", "erase", "--user", "bob", "--confirm", "bob"}} {
		code, _, stderr := probeCmd{stdin: strings.NewReader("")}.run(t, append(args, "--data", data)...)
		if code != 1 || !strings.Contains(stderr, "free on its filesystem") || !strings.Contains(stderr, data) {
			t.Errorf("%v on a 16 MiB disk: exit %d, stderr %q; want exit 1 saying the disk is too full", args, code, stderr)
		}
		oneLineError(t, args[0], stderr)
	}
}

// TestCLIBenchSamplesFile: the recall benchmark's --samples file is opened
// before the run, so a bad path fails at once rather than after a long
// run, whose report was printed before the failure; "-" is refused, since
// stdout carries the report; and a good run leaves the file whole, with no
// temporary file beside it.
func TestCLIBenchSamplesFile(t *testing.T) {
	base := []string{"bench", "recall", "--data", "../../bench/testdata/locomo-mini.json", "--format", "locomo", "--via", "engine"}
	dir := t.TempDir()
	for _, tt := range []struct {
		name, samples string
		code          int
		want          string
	}{
		{"a missing directory", filepath.Join(dir, "absent", "s.jsonl"), 1, "--samples"},
		{"a directory", dir, 2, "is a directory"},
		{"stdout", "-", 2, "stdout carries the report"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := probeCmd{}.run(t, append(base, "--samples", tt.samples)...)
			if code != tt.code || stdout != "" || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stdout %.100q, stderr %q; want exit %d before any run, naming %q", code, stdout, stderr, tt.code, tt.want)
			}
			oneLineError(t, tt.name, stderr)
		})
	}
	t.Run("a good run", func(t *testing.T) {
		out := filepath.Join(dir, "s.jsonl")
		code, stdout, stderr := probeCmd{}.run(t, append(base, "--samples", out)...)
		if code != 0 || !strings.HasPrefix(stdout, "{") {
			t.Fatalf("exit %d, stderr %q", code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil || !strings.HasSuffix(string(b), "\n") {
			t.Errorf("samples file: %v, %d bytes", err, len(b))
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "*.partial")); len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
	})
}

// TestCLIFlagsBeforeCommand: flags given before the command (a habit from
// tools with global flags) were an "unknown command" naming the flag; the
// error now shows the invocation meant, quoted for the shell, with secret
// values hidden.
func TestCLIFlagsBeforeCommand(t *testing.T) {
	for _, tt := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"--data", "/srv/my data", "serve", "--addr", "127.0.0.1:0"}, `memsvc serve --data '/srv/my data' --addr 127.0.0.1:0`, ""},
		{[]string{"--log-level", "debug", "keys", "create", "--user", "bob"}, "memsvc keys create --log-level debug --user bob", ""},
		{[]string{"--auth-secret", testSecret, "--postgres-url=postgres://u:pw@db/m", "mcp"}, "memsvc mcp --auth-secret *** --postgres-url=***", testSecret},
		{[]string{"-v"}, "memsvc COMMAND -v", ""},
	} {
		code, stdout, stderr := probeCmd{}.run(t, tt.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tt.want) || (tt.not != "" && strings.Contains(stderr, tt.not)) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 suggesting %q", tt.args, code, stderr, tt.want)
		}
		oneLineError(t, tt.args[0], stderr)
	}
}

// TestCLIServeEveryEnvVar: the variables of the server's own flags (those
// `memsvc mcp` lacks, tested above) are read: a bad value is refused
// naming it, also under its flag; and with every variable that its flag
// could take garbage and every flag given, the flags win and the server
// starts.
func TestCLIServeEveryEnvVar(t *testing.T) {
	const garbage = "garbage!!"
	mcpVars := map[string]bool{}
	for _, f := range listedFlags(t, "mcp") {
		mcpVars[f.env] = true
	}
	dir := t.TempDir()
	allGarbage := map[string]string{}
	args := []string{"serve"}
	for _, f := range listedFlags(t, "serve") {
		allGarbage[f.env] = garbage
		val := f.def
		switch f.name {
		case "data":
			val = dir
		case "addr":
			val = "127.0.0.1:0"
		}
		args = append(args, "--"+f.name+"="+val)
		if mcpVars[f.env] {
			continue
		}
		t.Run(f.env, func(t *testing.T) {
			env := map[string]string{f.env: garbage, "MEMSVC_DATA_DIR": t.TempDir()}
			if f.env != "MEMSVC_ADDR" {
				env["MEMSVC_ADDR"] = "127.0.0.1:0"
			}
			code, stdout, stderr := probeCmd{env: env}.run(t, "serve")
			if code != 2 || stdout != "" || !strings.Contains(stderr, f.env) {
				t.Errorf("%s=%s: exit %d, stderr %q; want exit 2 naming the variable", f.env, garbage, code, stderr)
			}
			oneLineError(t, f.env, stderr)
		})
	}
	t.Run("every flag wins", func(t *testing.T) {
		code, _, out := probeCmd{env: allGarbage}.run(t, args...)
		env := validUnderFlags(t, listedFlags(t, "serve"), allGarbage, code, out)
		cmd := probeCmd{env: env}.command(context.Background(), t, args...)
		var stderr syncBuffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		for deadline := time.Now().Add(30 * time.Second); !strings.Contains(stderr.String(), "listening"); time.Sleep(50 * time.Millisecond) {
			select {
			case <-done:
				t.Fatalf("serve exited: every flag given, every variable garbage; stderr:\n%s", stderr.String())
			default:
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("serve did not start: %s", stderr.String())
			}
		}
		cmd.Process.Signal(syscall.SIGTERM)
		if err := <-done; err != nil {
			t.Errorf("serve after SIGTERM: %v; stderr:\n%s", err, stderr.String())
		}
	})
}

// TestCLIOutputOnFullDisk: export and backup to a disk that fills up fail
// with exit 1 and one line naming --out and the cause, keep the file they
// were to replace, and leave no temporary file; to /dev/full the same.
func TestCLIOutputOnFullDisk(t *testing.T) {
	data := seededDataDir(t, 300)
	tiny := mountTiny(t, "64k")
	for _, cmd := range []string{"export", "backup"} {
		for _, out := range []string{filepath.Join(tiny, cmd+" out"), "/dev/full"} {
			if out != "/dev/full" {
				if err := os.WriteFile(out, []byte("old\n"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			args := []string{cmd, "--data", data, "--out", out, "--force"} // the file is there to be replaced
			code, _, stderr := probeCmd{}.run(t, args...)
			if code != 1 || !strings.Contains(stderr, "--out "+out) || !strings.Contains(stderr, "no space left") {
				t.Errorf("%s --out %s on a full disk: exit %d, stderr %q; want exit 1 naming --out and the cause", cmd, out, code, stderr)
			}
			oneLineError(t, cmd, stderr)
			if out == "/dev/full" {
				continue
			}
			if b, err := os.ReadFile(out); err != nil || string(b) != "old\n" {
				t.Errorf("%s: the file to replace now holds %.40q (%v); want it kept", cmd, b, err)
			}
			if left, _ := filepath.Glob(filepath.Join(tiny, "*.partial")); len(left) > 0 {
				t.Errorf("%s: temporary files left: %v", cmd, left)
			}
		}
	}
}

// TestCLIMCPRelaysOnLowDisk: `memsvc mcp` on a data directory a running
// server holds relays to it even when the disk has too little room to open
// the store, since it writes nothing there itself.
func TestCLIMCPRelaysOnLowDisk(t *testing.T) {
	tiny := mountTiny(t, "100m")
	s := startServerOn(t, filepath.Join(tiny, "data"), nil)
	free, ok := freeBytes(s.dataDir)
	if !ok || free < minFreeBytes {
		t.Fatalf("free space %d, %v: the server should not have started", free, ok)
	}
	f, err := os.Create(filepath.Join(tiny, "ballast"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(make([]byte, free-minFreeBytes/2)); err != nil {
		t.Fatal(err)
	}
	input := initLine("2025-06-18") + `{"jsonrpc":"2.0","id":2,"method":"tools/list"}` + "\n"
	code, stdout, stderr := probeCmd{stdin: strings.NewReader(input)}.run(t, "mcp", "--data", s.dataDir)
	if code != 0 || !strings.Contains(stdout, `"search_memory"`) || !strings.Contains(stderr, "relaying") {
		t.Errorf("exit %d, stdout %.200q, stderr %q; want the tools listed through the server", code, stdout, stderr)
	}
}
