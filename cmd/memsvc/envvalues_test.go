package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadEnvValueRefusedUnderFlag: a MEMSVC_* variable whose value its
// flag cannot take is refused (exit 2, the variable named, never used)
// also when the flag on the command line overrides it, as --help says:
// a typo in the environment would otherwise lie in wait for the next run
// without the flag. Every bad variable is named at once, so one run shows
// all there is to fix.
func TestBadEnvValueRefusedUnderFlag(t *testing.T) {
	env := map[string]string{"MEMSVC_RRF_K": "sixty", "MEMSVC_LLM_TIMEOUT": "5"}
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"both overridden", []string{"--rrf-k", "60", "--llm-timeout", "5s"}},
		{"one overridden", []string{"--rrf-k", "60"}},
		{"none overridden", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "data")
			// export stops on its own (the data directory does not exist),
			// so a flag that hid the variable cannot leave a server running.
			args := append([]string{"export", "--data", data, "--out", filepath.Join(t.TempDir(), "out.jsonl")}, tt.args...)
			code, _, stderr := run(t, env, args...)
			if code != 2 {
				t.Fatalf("exit %d, stderr %q; want 2", code, stderr)
			}
			for _, want := range []string{`MEMSVC_RRF_K="sixty": must be a whole number`, `MEMSVC_LLM_TIMEOUT="5": must be a duration`} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr %q does not name %s", stderr, want)
				}
			}
			if hint := "fix or unset the variable"; (tt.args != nil) != strings.Contains(stderr, hint) {
				t.Errorf("stderr %q: want %q exactly when a flag was given", stderr, hint)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("stderr is not one line: %q", stderr)
			}
			if _, err := os.Stat(data); err == nil {
				t.Errorf("a refused command made %s", data)
			}
		})
	}
}
