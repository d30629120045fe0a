package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// The third CLI probe: a server exposed to hostile clients, and the
// command line beyond the first two rounds (cli_probe_e2e_test.go,
// cli_probe2_e2e_test.go). The write deadline itself is tested over real
// sockets in limits_test.go.

// dialIdle opens n connections to addr that send nothing.
func dialIdle(t *testing.T, addr string, n int) []net.Conn {
	t.Helper()
	var conns []net.Conn
	for range n {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		t.Cleanup(func() { c.Close() })
	}
	return conns
}

// rawGet sends one GET on a fresh connection and reads the answer.
func rawGet(t *testing.T, addr, path string) (*http.Response, string, error) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, "", err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, addr)
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b), nil
}

// TestServeConnectionCap: connections beyond --max-conns are answered 503
// with Retry-After and the API's error body, except the health check,
// which is still answered; beyond the overflow too they are closed at
// once; and once a connection closes, requests are served again. There
// was no cap: idle connections were only bounded by the process's files.
func TestServeConnectionCap(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_MAX_CONNS": "2", "MEMSVC_HEADER_TIMEOUT": "30s"})
	addr := strings.TrimPrefix(s.base, "http://")
	held := dialIdle(t, addr, 2)
	// The server accepts the held connections in its own time (slowly on a
	// loaded machine): until it has, a request may still take a free slot.
	res, body, err := untilAnswered(t, addr, http.StatusServiceUnavailable)
	if err != nil {
		t.Fatalf("a connection beyond the cap got no answer: %v", err)
	}
	var e struct{ Detail, Code string }
	_ = json.Unmarshal([]byte(body), &e)
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" || e.Code != "unavailable" ||
		!strings.Contains(e.Detail, "--max-conns") {
		t.Errorf("beyond the cap: %d, Retry-After %q, body %s; want 503 with Retry-After naming --max-conns",
			res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	if res, body, err := rawGet(t, addr, "/api/health"); err != nil || res.StatusCode != http.StatusOK {
		t.Errorf("health check beyond the cap: %v %v %s; want 200", err, res, body)
	}
	// Fill the overflow with idle connections: the next one is closed.
	dialIdle(t, addr, overflowConns)
	if err := untilClosedAtOnce(t, addr); err != nil {
		t.Errorf("a connection beyond cap and overflow: read %v, want it closed at once", err)
	}
	held[0].Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		res, _, err := rawGet(t, addr, "/api/v1/memories")
		if err == nil && res.StatusCode == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a held connection closed: %v %v; want 200", err, res)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// untilAnswered repeats one GET until it is answered with want or five
// seconds pass, and returns the last answer.
func untilAnswered(t *testing.T, addr string, want int) (*http.Response, string, error) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		res, body, err := rawGet(t, addr, "/api/v1/memories")
		if (err == nil && res.StatusCode == want) || time.Now().After(deadline) {
			return res, body, err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// untilClosedAtOnce dials until a connection is closed by the server
// without a word, for up to five seconds; connections that are held
// instead stay open, taking the overflow places the server has not yet
// filled with the earlier idle ones. It returns the last read's error
// when no connection was closed.
func untilClosedAtOnce(t *testing.T, addr string) error {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		_, err = c.Read(make([]byte, 1))
		if err == io.EOF || isReset(err) {
			return nil
		}
		if time.Now().After(deadline) {
			return err
		}
	}
}

func isReset(err error) bool {
	return err != nil && strings.Contains(err.Error(), "connection reset")
}

// TestServeSlowClients: a client that sends its headers too slowly, or
// stays idle on a kept-alive connection, is disconnected within
// --header-timeout and --idle-timeout; a header block beyond
// --max-header-bytes is a 431. (Slow bodies: TestSlowBodyAnswered.)
func TestServeSlowClients(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_HEADER_TIMEOUT": "1s", "MEMSVC_IDLE_TIMEOUT": "1s", "MEMSVC_MAX_HEADER_BYTES": "8192"})
	addr := strings.TrimPrefix(s.base, "http://")
	closedWithin := func(t *testing.T, c net.Conn, d time.Duration) {
		t.Helper()
		start := time.Now()
		c.SetReadDeadline(start.Add(d + 3*time.Second))
		_, err := io.Copy(io.Discard, c)
		if err != nil && !isReset(err) {
			t.Errorf("connection not closed within %s: %v", d, err)
		}
	}
	t.Run("slow headers", func(t *testing.T) {
		c := dialIdle(t, addr, 1)[0]
		fmt.Fprintf(c, "GET /api/health HTTP/1.1\r\nHost: %s\r\n", addr) // and never the blank line
		closedWithin(t, c, time.Second)
	})
	t.Run("idle keep-alive", func(t *testing.T) {
		c := dialIdle(t, addr, 1)[0]
		fmt.Fprintf(c, "GET /api/health HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		closedWithin(t, c, time.Second)
	})
	t.Run("huge headers", func(t *testing.T) {
		c := dialIdle(t, addr, 1)[0]
		c.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(c, "GET /api/health HTTP/1.1\r\nHost: %s\r\nX-Pad: %s\r\n\r\n", addr, strings.Repeat("a", 64<<10))
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Errorf("64 KiB of headers: %v %v; want 431", err, res)
		}
	})
}

// TestServeConnFlagErrors: a connection limit or listen address that
// makes no sense is a usage error naming its flag, before anything is
// opened.
func TestServeConnFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-conns", "-1"}, "--max-conns"},
		{[]string{"--header-timeout", "0s"}, "--header-timeout"},
		{[]string{"--idle-timeout", "-1s"}, "--idle-timeout"},
		{[]string{"--write-timeout", "-1s"}, "--write-timeout"},
		{[]string{"--max-header-bytes", "10"}, "--max-header-bytes"},
		{[]string{"--rate-limit", "-1"}, "--rate-limit"},
		{[]string{"--rate-burst", "0"}, "--rate-burst"},
		{[]string{"--addr", "127.0.0.1:99999"}, "port from 0 to 65535"}, // was "cannot listen … pick a free port", exit 1
	} {
		dir := t.TempDir() + "/data"
		args := append([]string{"serve", "--data", dir}, tt.args...)
		if !slices.Contains(tt.args, "--addr") {
			args = append(args, "--addr", "127.0.0.1:0") // never the default port, should a check fail to refuse
		}
		code, stdout, stderr := runBinary(t, nil, args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming %s", tt.args, code, stderr, tt.want)
		}
		oneLineError(t, strings.Join(tt.args, " "), stderr)
	}
}

// TestCLIBenchBadDatasets: a dataset that cannot be one is refused at once
// in one line, before the store opens. An empty file was "unexpected end
// of JSON input"; a file of the other format, or one with no question,
// ran and reported recall 0.000 over no questions with exit 0; a huge file
// was read whole into memory.
func TestCLIBenchBadDatasets(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	huge := file("huge.json", "")
	if err := os.Truncate(huge, maxDatasetBytes+1); err != nil { // sparse: takes no disk
		t.Fatal(err)
	}
	empty, folder := file("empty.json", ""), filepath.Join(dir, "folder")
	if err := os.Mkdir(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, data, format string
		code               int
		mentions           []string
	}{
		{"empty file", empty, "locomo", 2, []string{"--data", "is empty"}},
		{"empty file as realtalk", empty, "realtalk", 2, []string{"--data", "is empty"}},
		{"truncated JSON", file("trunc.json", `[{"qa":[`), "locomo", 2, []string{"trunc.json", "JSON"}},
		{"not JSON", file("text.txt", "hello\n"), "locomo", 2, []string{"text.txt", "invalid character"}},
		{"a directory as locomo", folder, "locomo", 2, []string{"--data", "is a directory"}},
		{"an empty directory as realtalk", folder, "realtalk", 2, []string{"no *.json files"}},
		{"no conversations", file("none.json", "[]"), "locomo", 2, []string{"no question", "--format locomo"}},
		{"locomo read as realtalk", "../../bench/testdata/locomo-mini.json", "realtalk", 2, []string{"no question", "other format"}},
		{"realtalk read as locomo", "../../bench/testdata/realtalk-mini.json", "locomo", 2, []string{"no conversation"}},
		{"huge file", huge, "locomo", 2, []string{"--data", "MiB"}},
		{"absent file", filepath.Join(dir, "absent.json"), "locomo", 3, []string{"--data " + filepath.Join(dir, "absent.json") + ": no such file or directory"}},
		{"wrong format flag", empty, "longmemeval", 2, []string{"--format", "longmemeval"}},
	}
	builtBinary(t) // not timed below
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			code, stdout, stderr := runBinary(t, nil, "bench", "recall", "--data", tt.data, "--format", tt.format)
			if code != tt.code || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and no report", code, stdout, stderr, tt.code)
			}
			oneLineError(t, tt.name, stderr)
			for _, m := range tt.mentions {
				if !strings.Contains(stderr, m) {
					t.Errorf("stderr %q does not mention %q", stderr, m)
				}
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %s to refuse", d)
			}
		})
	}
}

// TestCLIDataDirInUse: while one command (a stdio MCP session, no server)
// holds a data directory, every other command that needs it fails at once
// with one line saying it is in use, without calling the holder a server
// (export and erase said "a running memsvc server holds", and serve and a
// second mcp said "in use by another memsvc process" twice in one line);
// what the holder wrote survives, and is exported once it is done.
func TestCLIDataDirInUse(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	holder := exec.Command(builtBinary(t), "mcp", "--data", dir)
	holder.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	in, err := holder.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := holder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer holder.Process.Kill()
	answers := bufio.NewScanner(outPipe)
	answers.Buffer(nil, 1<<20)
	for i, msg := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["The spare key hangs behind the blue door"]}}}`,
	} {
		fmt.Fprintln(in, msg)
		if !answers.Scan() {
			t.Fatalf("the mcp session did not answer message %d", i+1)
		}
	}
	header := filepath.Join(t.TempDir(), "header.jsonl")
	if err := os.WriteFile(header, []byte(fmt.Sprintf(`{"kind":"header","format":%q,"version":%d}`+"\n", engine.ExportFormat, engine.ExportVersion)), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0"},
		{"mcp"},
		{"export", "--out", out + ".jsonl"},
		{"import", "--in", header},
		{"users", "erase", "--user", "default", "--confirm", "default"},
		{"backup", "--out", out + ".bak"},
	} {
		code, stdout, stderr := runBinary(t, nil, append(args, "--data", dir)...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, dir) || !strings.Contains(stderr, "in use") ||
			strings.Count(stderr, "in use") != 1 || strings.Contains(stderr, "server holds") {
			t.Errorf("%v while an mcp session holds the directory: exit %d, stdout %q, stderr %q; "+
				"want 1 and one line saying once that it is in use", args, code, stdout, stderr)
		}
		oneLineError(t, args[0], stderr)
	}
	in.Close()
	if err := holder.Wait(); err != nil {
		t.Fatalf("the mcp session: %v", err)
	}
	code, stdout, stderr := runBinary(t, nil, "export", "--data", dir)
	if code != 0 || !strings.Contains(stdout, "blue door") {
		t.Errorf("export after the session: exit %d, stderr %q; the session's memory is missing:\n%.500s", code, stderr, stdout)
	}
}

// serverOnlyFlags are the serve flags no other command acts on.
var serverOnlyFlags = []string{"addr", "admin-secret", "allowed-hosts", "allowed-origins", "body-timeout", "max-body-bytes",
	"metrics", "metrics-secret", "shutdown-timeout", "max-conns", "header-timeout", "idle-timeout", "write-timeout", "max-header-bytes",
	"rate-limit", "rate-burst"}

// helpedCommands are the commands whose help lists flags.
var helpedCommands = [][]string{{"serve"}, {"mcp"}, {"keys", "create"}, {"keys", "revoke"}, {"migrate"}, {"export"},
	{"import"}, {"users", "erase"}, {"backup"}, {"restore"}, {"bench", "recall"}, {"bench", "fit-relevance"}}

// helpFlag is a flag line of a command's help: "  --name  [ENV]".
var helpFlag = regexp.MustCompile(`(?m)^  --([a-z0-9-]+)  \[(MEMSVC_[A-Z0-9_]+)\]\n +.*?(?:\(default ([^)]*)\))?$`)

// TestCLIHelpMatchesFlags compares what each command's help lists with
// what it reads. Every flag listed with a typed default (a number, a
// duration, a boolean) is read from the env var the help names: a bad
// value there is refused naming that variable. The server's HTTP flags are
// listed by serve only: export, import, users, mcp and bench recall
// listed --addr, --allowed-origins, --metrics and the rest, and ignored
// them.
func TestCLIHelpMatchesFlags(t *testing.T) {
	for _, cmd := range helpedCommands {
		_, help, _ := run(t, nil, append(slices.Clone(cmd), "--help")...)
		lines := helpFlag.FindAllStringSubmatch(help, -1)
		if len(lines) == 0 {
			t.Errorf("%v --help lists no flags:\n%s", cmd, help)
		}
		for _, m := range lines {
			name, env, def := m[1], m[2], m[3]
			if cmd[0] != "serve" && slices.Contains(serverOnlyFlags, name) {
				t.Errorf("%v --help lists the server's --%s, which it ignores", cmd, name)
			}
			if !typedDefault(def) {
				continue
			}
			dir := t.TempDir()
			args := append(slices.Clone(cmd), "--data", dir)
			if cmd[0] == "bench" {
				args = slices.Clone(cmd) // --data is the dataset there; the env value fails first
			}
			code, _, stderr := run(t, map[string]string{env: "not-a-value"}, args...)
			if code != 2 || !strings.Contains(stderr, env) {
				t.Errorf("%v with %s=not-a-value: exit %d, stderr %q; want 2 naming %s (is it the variable --%s reads?)",
					cmd, env, code, stderr, env, name)
			}
		}
	}
	for _, cmd := range [][]string{{"export"}, {"mcp"}, {"bench", "recall"}} {
		code, _, stderr := run(t, nil, append(slices.Clone(cmd), "--addr", "127.0.0.1:1")...)
		if code != 2 || !strings.Contains(stderr, "unknown flag --addr") {
			t.Errorf("%v --addr: exit %d, stderr %q; want the usage error of an unknown flag", cmd, code, stderr)
		}
	}
}

// typedDefault reports a default of a number, duration or boolean flag.
func typedDefault(def string) bool {
	if def == "true" || def == "false" {
		return true
	}
	if _, err := strconv.ParseFloat(def, 64); err == nil {
		return true
	}
	_, err := time.ParseDuration(def)
	return err == nil
}

// readmeInvocation is a memsvc command line in README.md: the command (and
// subcommand) and the rest of the line.
var readmeInvocation = regexp.MustCompile(`memsvc (serve|mcp|keys|hook|bench|migrate|export|import|users|backup|restore|version)` +
	`((?: (?:create|revoke|prompt|session-start|stop|recall|fit-relevance|erase))?)([^\n` + "`" + `|]*)`)

// TestREADMEInvocations: every memsvc command README.md shows has a help
// that answers (exit 0, usage on stdout), and every flag the README gives
// it is one that help lists.
func TestREADMEInvocations(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	helps := map[string]string{}
	found := readmeInvocation.FindAllStringSubmatch(string(readme), -1)
	if len(found) < 10 {
		t.Fatalf("found %d memsvc invocations in README.md; the pattern no longer matches it", len(found))
	}
	for _, m := range found {
		cmd := strings.Fields(m[1] + m[2])
		key := strings.Join(cmd, " ")
		if _, ok := helps[key]; !ok {
			code, stdout, stderr := run(t, nil, append(cmd, "--help")...)
			if code != 0 || !strings.Contains(stdout, "Usage") || stderr != "" {
				t.Errorf("README shows `memsvc %s`; its --help: exit %d, stderr %q", key, code, stderr)
			}
			helps[key] = stdout
		}
		for _, f := range regexp.MustCompile(`(?:^|\s)--([a-z0-9][a-z0-9-]*)`).FindAllStringSubmatch(m[3], -1) {
			if f[1] != "help" && !regexp.MustCompile(`--`+f[1]+`\b`).MatchString(helps[key]) {
				t.Errorf("README gives `memsvc %s` the flag --%s, which its help does not list (%q)", key, f[1], m[0])
			}
		}
	}
}

// TestCLIKeysNamesAndIDs: keys for users whose names have spaces or are
// not ASCII work over HTTP and are revoked like any other; a key id typed
// in upper case revokes the key (it was listed as given, and the server,
// which compares the lower-case id, kept accepting the key while the
// command said "revoked"); a second revocation says so; a bad argument is
// a usage error.
func TestCLIKeysNamesAndIDs(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": testSecret})
	env := map[string]string{"MEMSVC_AUTH_SECRET": testSecret, "MEMSVC_DATA_DIR": s.dataDir}
	for _, tt := range []struct {
		name, user string
		revokeAs   func(key string) string
	}{
		{"spaces, by key", "bob smith", func(key string) string { return key }},
		{"unicode, by upper-case id", "José 日本", func(key string) string { id, _ := auth.KeyID(key); return strings.ToUpper(id) }},
		{"ascii, by id", "carol", func(key string) string { id, _ := auth.KeyID(key); return id }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			key := mintKey(t, testSecret, s.dataDir, tt.user)
			wantStatus(t, s.get(t, as{key, keyBearer}, "/api/v1/memories"), http.StatusOK)
			for i, want := range []string{"revoked key id", "already revoked"} {
				code, stdout, stderr := run(t, env, "keys", "revoke", tt.revokeAs(key))
				if code != 0 || !strings.Contains(stderr, want) {
					t.Errorf("revoke #%d: exit %d, stdout %q, stderr %q; want 0 and %q", i+1, code, stdout, stderr, want)
				}
			}
			deadline := time.Now().Add(3 * time.Second)
			for s.get(t, as{key, keyBearer}, "/api/v1/memories").status != http.StatusUnauthorized {
				if time.Now().After(deadline) {
					t.Fatal("the server still accepts the revoked key")
				}
				time.Sleep(100 * time.Millisecond)
			}
		})
	}
	for _, args := range [][]string{{"keys", "revoke", "0123456789abcdeg"}, {"keys", "revoke", "a", "b"}, {"keys", "revoke"},
		{"keys", "revoke", "msk_bm90.0123456789abcdef.x"}, {"keys", "list", "extra"}} {
		code, stdout, stderr := run(t, env, args...)
		if code != 2 || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a usage error", args, code, stdout, stderr)
		}
		oneLineError(t, strings.Join(args, " "), stderr)
	}
}

// TestCLIMCPBadDataDir: `memsvc mcp` on a data directory it cannot use
// fails in one line on stderr naming it, and writes nothing on stdout,
// which belongs to the MCP client.
func TestCLIMCPBadDataDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	junk := filepath.Join(dir, "junk")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(junk, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(junk, "MANIFEST"), []byte("not badger"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, data, mention string }{
		{"a file", file, file},
		{"under a file", filepath.Join(file, "sub"), file},
		{"another program's files", junk, junk},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdin, err := os.Open(os.DevNull)
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			code, stdout, stderr := runBinary(t, stdin, "mcp", "--data", tt.data)
			if code != 1 || stdout != "" || !strings.Contains(stderr, tt.mention) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 1, nothing on stdout, one line naming %s", code, stdout, stderr, tt.mention)
			}
			oneLineError(t, tt.name, stderr)
		})
	}
}
