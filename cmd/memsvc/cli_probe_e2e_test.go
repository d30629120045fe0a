package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// TestCLIHelpOnStdout: every command's help, however it is asked for
// (--help, -h, help CMD), is its usage on stdout with exit 0, and every
// flag it lists names its env var. The operator commands printed their
// help on stderr, `users --help` and `version --help` were usage errors,
// and `help CMD` printed the general usage.
func TestCLIHelpOnStdout(t *testing.T) {
	for _, args := range [][]string{
		{"help"}, {"help", "serve"}, {"help", "keys", "create"}, {"help", "hook"}, {"help", "bench", "recall"},
		{"export", "--help"}, {"import", "-h"}, {"users", "--help"}, {"users", "erase", "--help"}, {"help", "users"},
		{"backup", "--help"}, {"restore", "-h"}, {"migrate", "--help"}, {"version", "--help"}, {"help", "version"},
		{"bench", "fit-relevance", "--help"}, {"help", "mcp"}, {"help", "keys", "revoke"},
	} {
		code, stdout, stderr := runBinary(t, nil, args...)
		if code != 0 || !strings.Contains(stdout, "Usage") || stderr != "" {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want 0, the usage on stdout, nothing on stderr",
				args, code, len(stdout), stderr)
			continue
		}
		if len(args) == 2 && args[0] == "help" && !strings.Contains(stdout, "memsvc "+args[1]) {
			t.Errorf("%v: printed the general usage, not %s's", args, args[1])
		}
		for _, line := range strings.Split(stdout, "\n") {
			// A flag typed only (commandLineOnly) says so.
			name, typedOnly := strings.CutSuffix(strings.TrimPrefix(line, "  --"), "  [command line only]")
			typedOnly = typedOnly && slices.ContainsFunc(slices.Collect(maps.Values(commandLineOnly)),
				func(names []string) bool { return slices.Contains(names, name) })
			if strings.HasPrefix(line, "  --") && !strings.Contains(line, "[MEMSVC_") && !typedOnly {
				t.Errorf("%v: flag without its env var: %q", args, line)
			}
		}
	}
}

// TestCLIProbeErrors: bad invocations are one line on stderr naming the
// problem, exit 2 for a usage error and 1 for a failure, never a panic,
// nothing on stdout and no data directory left behind. Found by probing:
// --log-level and --llm-provider values were failures (exit 1) and an
// unknown provider was reported as a missing model; a model that could not
// open left a data directory; --no-sync=maybe and a flag without its value
// printed the flag package's raw text; --bench fit-relevance --floor NaN was
// accepted; --mode fuzzy and --ingest weird were only noticed after loading
// the dataset; restoring a file that is no backup panicked in Badger; a
// database error spanned several lines; export --out DIR/ wrote DIR/.partial
// and left it, import --in DIR read the directory as an empty export, and
// import of a file that is no export created an empty store first.
func TestCLIProbeErrors(t *testing.T) {
	folder := t.TempDir()
	garbage := filepath.Join(folder, "garbage")
	if err := os.WriteFile(garbage, []byte("this is not a backup\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		code     int
		mentions []string
	}{
		{"log level", []string{"serve", "--addr", "127.0.0.1:0", "--log-level", "loud"}, 2, []string{"--log-level", "loud"}},
		{"log format", []string{"serve", "--addr", "127.0.0.1:0", "--log-format", "xml"}, 2, []string{"--log-format", "xml"}},
		{"llm provider", []string{"serve", "--addr", "127.0.0.1:0", "--llm-provider", "fuzzy"}, 2, []string{"unknown provider", "fuzzy"}},
		{"embed provider", []string{"serve", "--addr", "127.0.0.1:0", "--embed-provider", "fuzzy"}, 2, []string{"embedding provider", "fuzzy"}},
		{"provider without model", []string{"serve", "--addr", "127.0.0.1:0", "--llm-provider", "ollama"}, 2, []string{"needs a chat model"}},
		{"image allow-list", []string{"serve", "--addr", "127.0.0.1:0", "--image-allow-hosts", "bad host!"}, 2, []string{"--image-allow-hosts"}},
		{"unreachable model", []string{"serve", "--addr", "127.0.0.1:0", "--llm-provider", "ollama", "--llm-model", "m",
			"--embed-model", "e", "--llm-base-url", "http://127.0.0.1:1"}, 1, []string{"embeddings"}},
		{"bool value", []string{"serve", "--no-sync=maybe"}, 2, []string{"--no-sync maybe", "true or false"}},
		{"flag without value", []string{"serve", "--addr"}, 2, []string{"--addr needs a value"}},
		{"address form", []string{"serve", "--addr", "nohostport"}, 2, []string{"--addr", "host:port"}},
		{"users without subcommand", []string{"users"}, 2, []string{"erase", "users --help"}},
		{"users unknown subcommand", []string{"users", "remove"}, 2, []string{"remove", "users --help"}},
		{"mcp user", []string{"mcp", "--user", "al\x01ice"}, 2, []string{"--user", "control character"}},
		{"mcp project", []string{"mcp", "--project", "web\x01app"}, 2, []string{"--project", "control character"}},
		{"mcp key", []string{"mcp", "--api-key", "not-a-key"}, 2, []string{"--api-key", "msk_"}},
		{"empty data dir", []string{"serve", "--addr", "127.0.0.1:0", "--data", ""}, 2, []string{"--data", "empty"}},
		{"revoke a non-key", []string{"keys", "revoke", "nothex"}, 2, []string{"not a memsvc key"}},
		{"bench without kind", []string{"bench"}, 2, []string{"bench --help"}},
		{"bench unknown kind", []string{"bench", "precision"}, 2, []string{"precision", "bench --help"}},
		{"bench mode", []string{"bench", "recall", "--data", garbage, "--format", "locomo", "--mode", "fuzzy"}, 2, []string{"--mode", "fuzzy"}},
		{"bench ingest", []string{"bench", "recall", "--data", garbage, "--format", "locomo", "--ingest", "weird"}, 2, []string{"--ingest", "weird"}},
		{"fit floor NaN", []string{"bench", "fit-relevance", "--floor", "NaN", garbage}, 2, []string{"--floor", "NaN"}},
		{"help for no command", []string{"help", "frobnicate"}, 2, []string{"frobnicate"}},
		{"restore a wrong file", []string{"restore", "--in", garbage}, 1, []string{"not a memsvc backup"}},
		{"restore a directory", []string{"restore", "--in", folder}, 2, []string{"--in", "is a directory"}},
		{"import a directory", []string{"import", "--in", folder}, 2, []string{"--in", "is a directory"}},
		{"import an absent file", []string{"import", "--in", filepath.Join(folder, "absent.jsonl")}, 3, []string{"--in", "absent.jsonl"}},
		{"import a file that is no export", []string{"import", "--in", garbage}, 1, []string{"not a memsvc export"}},
		{"export to a directory", []string{"export", "--out", folder}, 2, []string{"--out", "is a directory"}},
		{"export to a directory/", []string{"export", "--out", folder + "/"}, 2, []string{"--out", "is a directory"}},
		{"backup to a directory", []string{"backup", "--out", folder}, 2, []string{"--out", "is a directory"}},
		{"export into no directory", []string{"export", "--out", filepath.Join(folder, "absent", "x.jsonl")}, 1, []string{"--out"}},
		{"database error", []string{"migrate", "--postgres-url", "postgres://x@127.0.0.1:1/db?connect_timeout=5"}, 1, []string{"127.0.0.1:1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			args := tt.args
			switch {
			case slices.Contains([]string{"bench", "help", "migrate"}, args[0]): // no data directory
			case slices.Contains(args, "--data"): // the case's own
			case strings.HasPrefix(args[len(args)-1], "--"): // a flag missing its value stays last
				args = slices.Concat(args[:1], []string{"--data", dir}, args[1:])
			default:
				args = slices.Concat(args, []string{"--data", dir})
			}
			code, stdout, stderr := runBinary(t, nil, args...)
			if code != tt.code || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit %d, one line on stderr, nothing on stdout", code, stdout, stderr, tt.code)
			}
			if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
				t.Errorf("crashed: %s", stderr)
			}
			for _, m := range tt.mentions {
				if !strings.Contains(stderr, m) {
					t.Errorf("stderr %q does not mention %q", stderr, m)
				}
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("left %s behind", dir)
			}
			if entries, _ := os.ReadDir(folder); len(entries) != 1 {
				t.Errorf("left files beside %s: %v", garbage, entries)
			}
		})
	}
}

// TestCLIEnvValueErrors: a bad value from an env var names the variable,
// for the benchmarks too (fit-relevance read no env vars at all).
func TestCLIEnvValueErrors(t *testing.T) {
	for _, tt := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"MEMSVC_BENCH_FLOOR": "abc"}, []string{"bench", "fit-relevance", "samples.jsonl"}, "MEMSVC_BENCH_FLOOR"},
		{map[string]string{"MEMSVC_BENCH_K": "ten"}, []string{"bench", "recall"}, "MEMSVC_BENCH_K"},
		{map[string]string{"MEMSVC_LOG_LEVEL": "loud"}, []string{"export"}, "loud"},
	} {
		code, _, stderr := run(t, tt.env, tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v with %v: exit %d, stderr %q; want 2 naming %s", tt.args, tt.env, code, stderr, tt.want)
		}
	}
}

// TestMCPStdioSkipsGarbage: a line that is not a JSON-RPC message is
// answered with a JSON-RPC error and the session goes on; it used to end
// `memsvc mcp` with exit 1 at the first stray line.
func TestMCPStdioSkipsGarbage(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := runMCP(context.Background(), []string{"--data", t.TempDir()},
			IO{Stdin: inR, Stdout: outW, Stderr: &syncBuffer{}, Getenv: getenvFrom(nil)})
		outW.Close()
		done <- err
	}()
	go func() {
		for _, line := range []string{
			"garbage",
			`{"jsonrpc":"2.0"}`,
			"",
			"[1,2]",
			`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}`,
			`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			`{"unterminated`,
			`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		} {
			io.WriteString(inW, line+"\n")
		}
	}()
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 1<<20)
	var codes []float64
	var ids []float64
	deadline := time.AfterFunc(30*time.Second, func() { inW.Close() })
	defer deadline.Stop()
	for len(ids) < 2 && sc.Scan() {
		var m struct {
			ID    any `json:"id"`
			Error *struct {
				Code float64 `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("stdout line is not JSON: %q", sc.Text())
		}
		switch {
		case m.Error != nil && m.ID == nil:
			codes = append(codes, m.Error.Code)
		case m.Error == nil:
			ids = append(ids, m.ID.(float64))
		default:
			t.Errorf("error for request %v: %s", m.ID, sc.Text())
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("memsvc mcp returned %v", err)
	}
	if want := []float64{-32700, -32600, -32600, -32700}; !equalFloats(codes, want) {
		t.Errorf("error codes %v, want %v (parse, invalid, invalid, parse)", codes, want)
	}
	if !equalFloats(ids, []float64{1, 2}) {
		t.Errorf("answered ids %v, want [1 2]", ids)
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCLILockedDataDir: commands that need the data directory to themselves
// say a server holds it (exit 1) and leave no output file, full or partial.
func TestCLILockedDataDir(t *testing.T) {
	s := startServer(t, nil)
	out := filepath.Join(t.TempDir(), "alice.jsonl")
	// An export's header: import reads it before it opens the store.
	in := filepath.Join(t.TempDir(), "header.jsonl")
	header := fmt.Sprintf(`{"kind":"header","format":%q,"version":%d}`+"\n", engine.ExportFormat, engine.ExportVersion)
	if err := os.WriteFile(in, []byte(header), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0"},
		{"export", "--out", out},
		{"import", "--in", in},
		{"users", "erase", "--user", "alice", "--confirm", "alice"},
	} {
		code, stdout, stderr := run(t, nil, append(args, "--data", s.dataDir)...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, s.dataDir) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v on a held directory: exit %d, stdout %q, stderr %q; want 1 and one line naming it", args, code, stdout, stderr)
		}
	}
	for _, p := range []string{out, out + ".partial"} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s exists after a failed export", p)
		}
	}
}

// TestCLIKeysRoundTrip: two keys for one user are both valid and revoked
// one at a time; revoking a key again says so and does not grow the list
// (it appended the id once per run), and the other key keeps working.
func TestCLIKeysRoundTrip(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": testSecret})
	env := map[string]string{"MEMSVC_AUTH_SECRET": testSecret, "MEMSVC_DATA_DIR": s.dataDir}
	first, second := mintKey(t, testSecret, s.dataDir, "alice"), mintKey(t, testSecret, s.dataDir, "alice")
	if first == second {
		t.Fatal("two keys for one user are the same key")
	}
	for _, k := range []string{first, second} {
		wantStatus(t, s.get(t, as{k, keyBearer}, "/api/v1/memories"), http.StatusOK)
	}
	list := filepath.Join(s.dataDir, auth.RevocationFile)
	for i, want := range []string{"picked it up", "already revoked"} {
		code, stdout, stderr := run(t, env, "keys", "revoke", first)
		if code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("revoke #%d: exit %d, stdout %q, stderr %q; want 0 and %q", i+1, code, stdout, stderr, want)
		}
	}
	if b, _ := os.ReadFile(list); strings.Count(string(b), "\n") != 1 {
		t.Errorf("revocation list after revoking one key twice:\n%s", b)
	}
	wantStatus(t, s.get(t, as{first, keyBearer}, "/api/v1/memories"), http.StatusUnauthorized)
	wantStatus(t, s.get(t, as{second, keyBearer}, "/api/v1/memories"), http.StatusOK)
	id, _ := auth.KeyID(second)
	if code, _, stderr := run(t, env, "keys", "revoke", id); code != 0 || !strings.Contains(stderr, "revoked key id "+id) {
		t.Errorf("revoke by id: exit %d, stderr %q", code, stderr)
	}
	deadline := time.Now().Add(3 * time.Second)
	for s.get(t, as{second, keyBearer}, "/api/v1/memories").status != http.StatusUnauthorized {
		if time.Now().After(deadline) {
			t.Fatal("the server still accepts a key revoked by its id")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
