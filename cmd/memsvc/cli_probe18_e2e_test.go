package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
)

// TestProbe18ProductToClosedPipe: a command whose product goes to stdout
// (an export, a minted key) and whose reader has gone (`memsvc export |
// true`, `KEY=$(…)` in a shell that died) died of SIGPIPE: exit 141, not a
// word, and for keys create a key minted and lost in silence. memsvc
// --help promises exit 1 and one line saying the output is incomplete;
// only `backup --out -` kept it.
func TestProbe18ProductToClosedPipe(t *testing.T) {
	const secret = "probe18-secret-0123456789abcdef0123456789"
	data := seededDataDir(t, 5)
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"export", []string{"export", "--data", data}, "output is incomplete"},
		{"export --out -", []string{"export", "--data", data, "--out", "-"}, "output is incomplete"},
		{"keys create", []string{"keys", "create", "--user", "alice", "--data", data, "--no-check"}, "not delivered"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close()
			code, _, stderr := probeCmd{stdout: w, env: map[string]string{"MEMSVC_AUTH_SECRET": secret}}.run(t, tt.args...)
			w.Close()
			oneLineError(t, tt.name+" to a closed pipe", stderr)
			if code != 1 || !strings.Contains(stderr, tt.want) {
				t.Errorf("%v to a closed pipe: exit %d (-1: killed by a signal), stderr %q; want 1 saying %q",
					tt.args, code, stderr, tt.want)
			}
		})
	}
}

// TestProbe18ImportRefusesUnreadableDocuments: `memsvc import` writes a
// document record (history, skill, entity, …) as it comes, checking only
// its collection and id, so a hand-edited or damaged export whose
// document does not decode as its collection's type ({"events":"boom"}
// in history, an array as a skill) imported with exit 0, and from then on
// that user's search, delete, history, skill and suggestion calls were all
// 500 "internal error" until the store was rebuilt. An import must refuse
// the file naming the line, and write nothing.
func TestProbe18ImportRefusesUnreadableDocuments(t *testing.T) {
	data := seededDataDir(t, 3)
	code, export, stderr := probeCmd{}.run(t, "export", "--data", data)
	if code != 0 {
		t.Fatalf("export: exit %d, %s", code, stderr)
	}
	lines := strings.SplitAfter(strings.TrimSpace(export), "\n")
	for _, doc := range []string{
		`{"kind":"doc","user":"alice","collection":"history","id":"01M8GKVD003PR82PPHSD8HXDSX","doc":{"events":"boom"}}`,
		`{"kind":"doc","user":"alice","collection":"skill","id":"s1","doc":[1,2,3]}`,
		`{"kind":"doc","user":"alice","collection":"entity","id":"e1","doc":"a string"}`,
	} {
		bad := strings.Join(lines[:len(lines)-1], "") + doc + "\n" + lines[len(lines)-1] + "\n"
		in := filepath.Join(t.TempDir(), "bad.jsonl")
		if err := os.WriteFile(in, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(t.TempDir(), "target")
		code, _, stderr := probeCmd{}.run(t, "import", "--data", target, "--in", in)
		if code != 1 || !strings.Contains(stderr, "line ") || !strings.Contains(stderr, "nothing was imported") {
			t.Errorf("import of %s: exit %d, stderr %q; want 1 naming its line, nothing imported", doc, code, stderr)
		}
	}
}

// TestProbe18RecordedAddressSmuggledHost: the address a server records in
// DATA/server.addr is put into URLs that carry a key (keys create's check,
// backup's one-off operator key, memsvc mcp's relay). An address such as
// "127.0.0.1:1@attacker.example" passed keys create's loopback check (split
// at its last colon, its host is 127.0.0.1) while the URL built from it
// went to attacker.example with 127.0.0.1:1 as user info, so the fresh key
// left the machine; backup and the relay checked nothing at all. An
// address no server records (not an IP literal and a port) is now refused
// where it is read, naming the file, and nothing is contacted.
func TestProbe18RecordedAddressSmuggledHost(t *testing.T) {
	const secret = "probe18-secret-0123456789abcdef0123456789"
	// Go's client sends a request for a host off the loopback through
	// HTTP_PROXY: the proxy sees every request that would have left.
	proxy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	left := make(chan string, 16)
	go func() {
		for {
			c, err := proxy.Accept()
			if err != nil {
				return
			}
			buf := make([]byte, 4096)
			n, _ := c.Read(buf)
			left <- string(buf[:n])
			c.Write([]byte("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n"))
			c.Close()
		}
	}()
	data := filepath.Join(t.TempDir(), "data")
	serveBinary(t, data) // holds the store, so backup and mcp turn to the recorded address
	const smuggled = "127.0.0.1:1@attacker.example"
	if err := os.WriteFile(filepath.Join(data, "server.addr"), []byte(smuggled+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	key, _, err := auth.NewKeyring(secret, t.TempDir()).Mint("alice")
	if err != nil {
		t.Fatal(err)
	}
	proxied := map[string]string{"HTTP_PROXY": "http://" + proxy.Addr().String(), "MEMSVC_AUTH_SECRET": secret}
	withKey := map[string]string{"HTTP_PROXY": proxied["HTTP_PROXY"], "MEMSVC_API_KEY": key}
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n"
	for _, tt := range []struct {
		name string
		cmd  probeCmd
		args []string
		code int
	}{
		{"keys create", probeCmd{env: proxied}, []string{"keys", "create", "--user", "alice", "--data", data}, 0},
		{"backup", probeCmd{env: proxied}, []string{"backup", "--data", data, "--out", filepath.Join(t.TempDir(), "b.tar")}, 1},
		{"mcp relay", probeCmd{env: withKey, stdin: strings.NewReader(initialize)}, []string{"mcp", "--data", data}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := tt.cmd.run(t, tt.args...)
			if code != tt.code || !strings.Contains(stderr, "server.addr") || !strings.Contains(stderr, smuggled) {
				t.Errorf("%v with server.addr %q: exit %d, stderr %q; want %d naming the file and the address", tt.args, smuggled, code, stderr, tt.code)
			}
			for wait := time.After(300 * time.Millisecond); ; {
				select {
				case req := <-left:
					t.Errorf("%v sent a request off the machine:\n%s", tt.args, req)
					continue
				case <-wait:
				}
				break
			}
		})
	}
}

// TestProbe18SecretGivenTwiceNotEchoed: a flag given twice with different
// values is refused naming both values, so `serve --auth-secret A
// --auth-secret B` (a shell alias plus a typed flag) printed both secrets
// on stderr, which service managers keep in their logs. A flag that may
// hold a secret (a secret, a key, a URL with a password) is refused
// without its values; others still show them.
func TestProbe18SecretGivenTwiceNotEchoed(t *testing.T) {
	const one, two = "first-secret-0123456789abcdef0123456789", "second-secret-0123456789abcdef012345678"
	for _, tt := range []struct {
		name string
		args []string
		show bool
	}{
		{"auth secret", []string{"serve", "--auth-secret", one, "--auth-secret=" + two}, false},
		{"metrics secret", []string{"serve", "--metrics-secret", one, "--metrics-secret", two}, false},
		{"postgres url", []string{"migrate", "--postgres-url", "postgres://u:" + one + "@db/x", "--postgres-url", "postgres://u:" + two + "@db/x"}, false},
		{"llm api key", []string{"serve", "--llm-api-key", one, "--llm-api-key", two}, false},
		{"mcp api key", []string{"mcp", "--api-key", one, "--api-key", two}, false},
		{"an ordinary flag", []string{"export", "--user", one, "--user", two}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := probeCmd{}.run(t, tt.args...)
			oneLineError(t, tt.name, stderr)
			leaked := strings.Contains(stderr, one) || strings.Contains(stderr, two)
			if code != 2 || !strings.Contains(stderr, "given twice") || leaked != tt.show {
				t.Errorf("%v: exit %d, stderr %q; want 2, \"given twice\", values shown: %v", tt.args, code, stderr, tt.show)
			}
		})
	}
}

// TestProbe18ModelURLPasswordNotEchoed: a model base URL that does not
// parse or is not http(s) was quoted whole in the start-up error, its
// password included ("base URL \"ftp://u:PW@x\": want http(s)://…").
func TestProbe18ModelURLPasswordNotEchoed(t *testing.T) {
	const pw = "model-password-0123456789abcdef"
	for _, u := range []string{"ftp://u:" + pw + "@models.example", "u:" + pw + "@models.example",
		"http://u:" + pw + "@models.example/%zz", "http://u:" + pw + "@models.example\n"} {
		code, _, stderr := probeCmd{}.run(t, "serve", "--data", t.TempDir(), "--addr", "127.0.0.1:0",
			"--llm-provider", "openai", "--llm-model", "m", "--llm-base-url", u)
		if code == 0 || strings.Contains(stderr, pw) || !strings.Contains(stderr, "base URL") {
			t.Errorf("serve --llm-base-url %q: exit %d, stderr %q; want a refusal naming the base URL without its password", u, code, stderr)
		}
	}
}

// TestProbe18SecretAfterEmptyEquals: a space typed after "=" (`serve
// --auth-secret= SECRET`) left the flag empty and SECRET a stray argument,
// quoted whole in the usage error; keys create went on to suggest
// "--no-check SECRET", a flag that takes no value. The stray word after an
// empty secret flag is not shown, and a boolean flag is never suggested
// for a word.
func TestProbe18SecretAfterEmptyEquals(t *testing.T) {
	const secret = "typed-secret-0123456789abcdef0123456789"
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"serve", []string{"serve", "--auth-secret=", secret}, "--auth-secret=VALUE with no space"},
		{"keys create", []string{"keys", "create", "--user", "alice", "--auth-secret=", secret}, "--auth-secret=VALUE with no space"},
		{"export", []string{"export", "--postgres-url=", "postgres://u:" + secret + "@db/x"}, "--postgres-url=VALUE with no space"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := probeCmd{}.run(t, tt.args...)
			oneLineError(t, tt.name, stderr)
			if code != 2 || strings.Contains(stderr, secret) || !strings.Contains(stderr, tt.want) {
				t.Errorf("%v: exit %d, stderr %q; want 2 saying %q without the secret", tt.args, code, stderr, tt.want)
			}
		})
	}
	code, _, stderr := probeCmd{}.run(t, "keys", "create", "--user", "alice", "word")
	if code != 2 || strings.Contains(stderr, "--no-check word") {
		t.Errorf("keys create --user alice word: exit %d, stderr %q; want 2 suggesting no boolean flag for the word", code, stderr)
	}
}
