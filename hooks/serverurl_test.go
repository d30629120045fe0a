package hooks

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestMalformedServerURLIsNamed: a server URL that is no http(s) URL fails
// open (exit 0, nothing on stdout, no request) with a message naming the
// variable it came from, so the user knows which setting to fix.
func TestMalformedServerURLIsNamed(t *testing.T) {
	for _, tc := range []struct{ variable, value string }{
		{EnvURL, "not a url"},
		{EnvURL, "localhost:8765"},
		{EnvURL, "ftp://memsvc.internal"},
		{EnvURL, "http://"},
		{"CLAUDE_PLUGIN_OPTION_BASE_URL", "memsvc.internal:8765"},
	} {
		for _, event := range []string{"prompt", "session-start", "stop"} {
			t.Run(tc.variable+" "+tc.value+" "+event, func(t *testing.T) {
				env := map[string]string{tc.variable: tc.value, EnvLog: filepath.Join(t.TempDir(), "hooks.log")}
				cfg := ConfigFromEnv(func(k string) string { return env[k] })
				var stderr bytes.Buffer
				cfg.Stderr = &stderr
				stdin := typicalStdin(t, event)
				if stdout := runHook(t, event, cfg, stdin); stdout != "" {
					t.Errorf("stdout = %q, want nothing", stdout)
				}
				line := onlyLog(t, cfg.LogFile)
				if line.Outcome != "error" || !strings.Contains(line.Error, tc.variable) {
					t.Errorf("log line %+v, want outcome error naming %s", line, tc.variable)
				}
				if !strings.Contains(stderr.String(), tc.variable) {
					t.Errorf("stderr %q does not name %s", stderr.String(), tc.variable)
				}
			})
		}
	}
}

// TestServerURLsAccepted: the URLs a server is reached at pass the check.
func TestServerURLsAccepted(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:8765", "https://memory.example.com", "http://[::1]:8765/", "HTTPS://Memsvc.Internal/base"} {
		if err := (Config{URL: u}).withDefaults().checkURL(); err != nil {
			t.Errorf("checkURL(%q) = %v, want nil", u, err)
		}
	}
}
