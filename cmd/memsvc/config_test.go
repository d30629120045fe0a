package main

import (
	"strings"
	"testing"
)

// Search tunables and limits out of range stop the server before it opens
// the store, with exit 2 and the flag named, whether given as a flag or an
// env var.
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
		{"negative rrf k", nil, []string{"--rrf-k", "-3"}, "--rrf-k"},
		{"negative rerank depth", nil, []string{"--rerank-depth", "-1"}, "--rerank-depth"},
		{"negative rerank budget", nil, []string{"--rerank-budget", "-5s"}, "--rerank-budget"},
		{"negative feedback terms", nil, []string{"--feedback-terms", "-1"}, "--feedback-terms"},
		{"negative feedback weight", nil, []string{"--feedback-weight", "-2"}, "--feedback-weight"},
		{"negative vector weight", nil, []string{"--vector-weight", "-1"}, "--vector-weight"},
		{"infinite vector weight", nil, []string{"--vector-weight", "Inf"}, "--vector-weight"},
		{"time weight not a number", map[string]string{"MEMSVC_TIME_WEIGHT": "NaN"}, nil, "--time-weight"},
		{"negative context view weight", nil, []string{"--context-view-weight", "-1"}, "--context-view-weight"},
		{"negative body limit", nil, []string{"--max-body-bytes", "-1"}, "--max-body-bytes"},
		{"negative image limit", nil, []string{"--image-max-bytes", "-1"}, "--image-max-bytes"},
		{"negative image timeout", nil, []string{"--image-timeout", "-1s"}, "--image-timeout"},
		{"negative pending images", nil, []string{"--image-max-pending", "-1"}, "--image-max-pending"},
		{"negative llm timeout", nil, []string{"--llm-timeout", "-1s"}, "--llm-timeout"},
		{"zero job lease", map[string]string{"MEMSVC_JOB_LEASE": "0s"}, nil, "--job-lease"},
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

// TestConfirmIsTypedOnly: --confirm is never read from the environment. A
// MEMSVC_CONFIRM left in a shell beside MEMSVC_USER confirmed every
// `users erase` without a word typed.
func TestConfirmIsTypedOnly(t *testing.T) {
	env := map[string]string{"MEMSVC_USER": "alice", "MEMSVC_CONFIRM": "alice", "MEMSVC_DATA_DIR": t.TempDir()}
	code, _, stderr := run(t, env, "users", "erase")
	if code != 2 || !strings.Contains(stderr, "--confirm") {
		t.Errorf("users erase with MEMSVC_CONFIRM set: exit %d, stderr %q; want 2 naming --confirm", code, stderr)
	}
	_, help, _ := run(t, nil, "users", "erase", "--help")
	if strings.Contains(help, "MEMSVC_CONFIRM") || !strings.Contains(help, "--confirm  [command line only]") {
		t.Errorf("users erase --help lists --confirm as:\n%s", help)
	}
}
