package main

import (
	"strings"
	"testing"
)

// TestProbe17CLIHostileNames: a user, project or client name given on the
// command line that holds an invisible, direction-changing or control
// character, or a look-alike letter of another script, is refused (exit
// 2) in one line naming the flag and the character, before anything is
// minted or opened: a key minted for "ali\u200bce" would be a second
// user that looks like alice.
func TestProbe17CLIHostileNames(t *testing.T) {
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	data := t.TempDir()
	env := map[string]string{"MEMSVC_AUTH_SECRET": secret}
	for _, tt := range []struct {
		name    string
		args    []string
		mention []string
	}{
		{"zero-width space in a user", []string{"keys", "create", "--user", "ali\u200bce"}, []string{"--user", "U+200B"}},
		{"override in a user", []string{"keys", "create", "--user", "\u202eecila"}, []string{"--user", "U+202E"}},
		{"line break in a user", []string{"keys", "create", "--user", "alice\nlevel=ERROR"}, []string{"--user", "U+000A"}},
		{"look-alike user", []string{"keys", "create", "--user", "\u0430lice"}, []string{"--user", "U+"}},
		{"no-break space in a user", []string{"keys", "create", "--user", "ali\u00a0ce"}, []string{"--user", "U+00A0"}},
		{"huge user", []string{"keys", "create", "--user", strings.Repeat("a", 100<<10)}, []string{"--user", "longer"}},
		{"zero-width space in an export's user", []string{"export", "--user", "ali\u200bce"}, []string{"--user", "U+200B"}},
		{"invisible project", []string{"mcp", "--project", "wo\u2060rk"}, []string{"--project", "U+2060"}},
		{"look-alike project", []string{"mcp", "--project", "w\u043erk"}, []string{"--project", "U+043E"}},
		{"client path", []string{"mcp", "--client", "../x"}, []string{"--client"}},
		{"client with CRLF", []string{"mcp", "--client", "a\r\nb"}, []string{"--client"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{}, tt.args...), "--data", data)
			code, stdout, stderr := probeCmd{env: env}.run(t, args...)
			oneLineError(t, tt.name, stderr)
			if code != 2 || stdout != "" {
				t.Errorf("exit %d, stdout %.80q; want 2 and nothing printed", code, stdout)
			}
			for _, m := range tt.mention {
				if !strings.Contains(stderr, m) {
					t.Errorf("stderr %.300q; want it to name %s", stderr, m)
				}
			}
		})
	}
	code, stdout, stderr := probeCmd{env: env}.run(t, "keys", "list", "--data", data)
	if code != 0 || strings.Contains(stdout, "ali") || strings.Contains(stdout, "lice") {
		t.Errorf("keys list after refused mints: exit %d %s %s; want no key minted", code, stdout, stderr)
	}
}

// TestProbe17CLIHostileEnv: serve given hostile values through its
// environment (CRLF in an address, an origin, a host list or the log
// format, NaN and numbers past any range, an override character in a host)
// refuses in one line naming the variable, exit 2, and never starts.
func TestProbe17CLIHostileEnv(t *testing.T) {
	for _, tt := range []struct{ name, value string }{
		{"MEMSVC_ADDR", "127.0.0.1:0\r\nX-Injected: 1"},
		{"MEMSVC_MAX_HEADER_BYTES", "NaN"},
		{"MEMSVC_MAX_HEADER_BYTES", "99999999999999999999"},
		{"MEMSVC_BM25_B", "NaN"},
		{"MEMSVC_BM25_K1", "Inf"},
		{"MEMSVC_FEEDBACK_WEIGHT", "1e400"},
		{"MEMSVC_HEADER_TIMEOUT", "-1s"},
		{"MEMSVC_ALLOWED_ORIGINS", "https://a.example\r\nhttps://evil.example"},
		{"MEMSVC_ALLOWED_HOSTS", "a\u202eb.example"},
		{"MEMSVC_LOG_FORMAT", "json\nlevel=INFO msg=forged"},
		{"MEMSVC_AUTH_SECRET", "short\n"},
	} {
		t.Run(tt.name+"="+tt.value, func(t *testing.T) {
			env := map[string]string{tt.name: tt.value}
			code, _, stderr := probeCmd{env: env}.run(t, "serve", "--data", t.TempDir(), "--addr", "127.0.0.1:0")
			if tt.name == "MEMSVC_ADDR" { // the flag would win over it
				code, _, stderr = probeCmd{env: env}.run(t, "serve", "--data", t.TempDir())
			}
			oneLineError(t, tt.name, stderr)
			if code != 2 || !strings.Contains(stderr, strings.TrimPrefix(strings.ToLower(strings.ReplaceAll(tt.name, "_", "-")), "memsvc-")) {
				t.Errorf("exit %d, stderr %.300q; want 2 naming %s", code, stderr, tt.name)
			}
		})
	}
}
