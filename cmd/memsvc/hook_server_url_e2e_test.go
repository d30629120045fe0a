package main

import (
	"strings"
	"testing"
)

// TestHookMalformedServerURL runs the built binary's hooks with a server
// URL that is no URL: each exits 0 and prints nothing on stdout (Claude Code
// would show anything there to the model), and its stderr names the
// variable to fix.
func TestHookMalformedServerURL(t *testing.T) {
	fixtures := map[string]string{"prompt": "prompt_relevant.json", "session-start": "session_start.json", "stop": "stop.json"}
	for _, env := range []map[string]string{
		{"MEMSVC_URL": "not a url"},
		{"MEMSVC_URL": "http://127.0.0.1:1", "CLAUDE_PLUGIN_OPTION_BASE_URL": "127.0.0.1:8765"},
	} {
		want := "MEMSVC_URL"
		if _, ok := env["CLAUDE_PLUGIN_OPTION_BASE_URL"]; ok {
			want = "CLAUDE_PLUGIN_OPTION_BASE_URL"
		}
		for ev, fixture := range fixtures {
			t.Run(want+"/"+ev, func(t *testing.T) {
				r := runHookBinary(t, ev, env, event(t, fixture, map[string]any{"transcript_path": "/nonexistent/t.jsonl"}))
				if r.code != 0 || r.stdout != "" {
					t.Errorf("exit %d stdout %q, want 0 and silence", r.code, r.stdout)
				}
				if !strings.Contains(r.stderr, want) {
					t.Errorf("stderr %q does not name %s", r.stderr, want)
				}
			})
		}
	}
}
