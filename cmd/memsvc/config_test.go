package main

import (
	"strings"
	"testing"
)

// Search tunables out of range stop the server before it opens the store,
// with exit 2 and the flag named, whether given as a flag or an env var.
func TestServeRejectsSearchTuningOutOfRange(t *testing.T) {
	for _, tt := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"decay above 1", nil, []string{"--passage-decay", "1.5"}, "--passage-decay"},
		{"negative decay from env", map[string]string{"MEMSVC_PASSAGE_DECAY": "-0.2"}, nil, "--passage-decay"},
		{"decay not a number", map[string]string{"MEMSVC_PASSAGE_DECAY": "NaN"}, nil, "--passage-decay"},
		{"span too wide", nil, []string{"--context-span", "50"}, "--context-span"},
		{"negative k1", nil, []string{"--bm25-k1", "-1"}, "--bm25-k1"},
		{"b above 1", nil, []string{"--bm25-b", "2"}, "--bm25-b"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"serve", "--data", t.TempDir()}, tt.args...)
			code, _, stderr := run(t, tt.env, args...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 naming %s", code, stderr, tt.want)
			}
		})
	}
}
