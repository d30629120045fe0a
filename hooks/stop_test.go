package hooks

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

const (
	deployPrompt = "We moved the staging deploy to Fridays at 16:00 because the QA team only works Mon-Thu. " +
		"Please update the deploy checklist in docs/deploy.md to say so."
	// The reply as captured: the narration before the turn's tool call ("I'll
	// read the current checklist first.") is left out.
	deployReply = "Updated docs/deploy.md: the staging deploy is now listed for Fridays at 16:00, with a note that " +
		"the QA team works Monday to Thursday. The production step is unchanged."
)

func TestStopCapture(t *testing.T) {
	tests := []struct {
		name         string
		transcript   string
		lastMessage  string
		active       bool
		tweak        func(*Config)
		wantProject  string // sent as project; "" is the fixture cwd's "website", ProjectNone: not sent
		wantLog      logLine
		wantMessages []any // nil: no request expected
		check        func(t *testing.T, msgs []any)
	}{
		{
			name:       "captures the last real exchange",
			transcript: "transcript_exchange.jsonl",
			wantLog:    logLine{Event: "stop", Outcome: "captured", Hits: 2},
			wantMessages: []any{
				map[string]any{"role": "user", "content": deployPrompt,
					"id": "00000007-0000-4000-8000-000000000007", "created_at": "2026-03-02T09:16:10.25Z"},
				map[string]any{"role": "assistant", "content": deployReply,
					"id": "00000013-0000-4000-8000-000000000013", "created_at": "2026-03-02T09:16:18.9Z"},
			},
		},
		{
			name:        "final message not yet in the transcript is added",
			transcript:  "transcript_exchange.jsonl",
			lastMessage: "Also pinged #qa about the new slot; they confirmed Fridays at 16:00 work for them.",
			wantLog:     logLine{Event: "stop", Outcome: "captured", Hits: 2},
			check: func(t *testing.T, msgs []any) {
				got := msgs[1].(map[string]any)["content"].(string)
				want := deployReply + "\n\nAlso pinged #qa about the new slot; they confirmed Fridays at 16:00 work for them."
				if got != want {
					t.Errorf("assistant content = %q, want %q", got, want)
				}
			},
		},
		{
			name:        "final message already in the transcript is not doubled",
			transcript:  "transcript_exchange.jsonl",
			lastMessage: "Updated docs/deploy.md: the staging deploy is now listed for Fridays at 16:00, with a note that the QA team works Monday to Thursday. The production step is unchanged.",
			wantLog:     logLine{Event: "stop", Outcome: "captured", Hits: 2},
			check: func(t *testing.T, msgs []any) {
				if got := msgs[1].(map[string]any)["content"]; got != deployReply {
					t.Errorf("assistant content = %q", got)
				}
			},
		},
		{
			// Written by Claude Code 2.1.197 in a two-turn -p session (attachment
			// texts shortened): hook context arrives as attachment entries.
			name:       "transcript written by Claude Code",
			transcript: "transcript_claude_code_2.1.197.jsonl",
			wantLog:    logLine{Event: "stop", Outcome: "captured", Hits: 2},
			check: func(t *testing.T, msgs []any) {
				u := msgs[0].(map[string]any)["content"]
				a := msgs[1].(map[string]any)["content"]
				if u != "And which airport is closest to where she lives?" || a != finalMessage {
					t.Errorf("captured %q / %q", u, a)
				}
			},
		},
		{
			name:        "project overridden",
			transcript:  "transcript_exchange.jsonl",
			tweak:       func(c *Config) { c.Project = "billing" },
			wantProject: "billing",
			wantLog:     logLine{Event: "stop", Outcome: "captured", Hits: 2},
		},
		{
			name:        "projects off: none sent",
			transcript:  "transcript_exchange.jsonl",
			tweak:       func(c *Config) { c.NoProject = true },
			wantProject: ProjectNone,
			wantLog:     logLine{Event: "stop", Outcome: "captured", Hits: 2},
		},
		{
			name:       "short exchange is skipped",
			transcript: "transcript_short.jsonl",
			wantLog:    logLine{Event: "stop", Outcome: "skipped", Reason: "too_short"},
		},
		{
			name:        "short exchange whose reply writes a command is captured",
			transcript:  "transcript_short.jsonl",
			lastMessage: "`make lint`, it passes.",
			wantLog:     logLine{Event: "stop", Outcome: "captured", Hits: 2},
		},
		{
			name:        "short exchange whose reply names code but no command is skipped",
			transcript:  "transcript_short.jsonl",
			lastMessage: "Fixed `x`.",
			wantLog:     logLine{Event: "stop", Outcome: "skipped", Reason: "too_short"},
		},
		{
			name:       "tool-only turn is skipped",
			transcript: "transcript_tool_only.jsonl",
			wantLog:    logLine{Event: "stop", Outcome: "skipped", Reason: "tool_only"},
		},
		{
			name:        "tool-only transcript with a final message is captured",
			transcript:  "transcript_tool_only.jsonl",
			lastMessage: "Cleared build/ and rebuilt the site: 41 pages in 2.3 s, no errors.",
			wantLog:     logLine{Event: "stop", Outcome: "captured", Hits: 2},
			check: func(t *testing.T, msgs []any) {
				if got := msgs[1].(map[string]any)["content"]; got != "Cleared build/ and rebuilt the site: 41 pages in 2.3 s, no errors." {
					t.Errorf("assistant content = %q", got)
				}
			},
		},
		{
			name:       "stop_hook_active does not capture again",
			transcript: "transcript_exchange.jsonl",
			active:     true,
			wantLog:    logLine{Event: "stop", Outcome: "skipped", Reason: "stop_hook_active"},
		},
		{
			name:       "exchange is cut to MEMSVC_CAPTURE_MAX_CHARS",
			transcript: "transcript_exchange.jsonl",
			tweak:      func(c *Config) { c.CaptureMaxChars = 100 },
			wantLog:    logLine{Event: "stop", Outcome: "captured", Hits: 2},
			check: func(t *testing.T, msgs []any) {
				u := msgs[0].(map[string]any)["content"].(string)
				a := msgs[1].(map[string]any)["content"].(string)
				if n := utf8.RuneCountInString(u) + utf8.RuneCountInString(a); n != 100 {
					t.Errorf("captured %d characters, want 100", n)
				}
				if !strings.HasPrefix(u, "We moved the staging deploy") || !strings.HasSuffix(a, "unchanged.") {
					t.Errorf("cut kept user %q, assistant %q", u, a)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			if tt.tweak != nil {
				tt.tweak(&cfg)
			}
			if stdout := runHook(t, "stop", cfg, stopEvent(t, tt.transcript, tt.lastMessage, tt.active)); stdout != "" {
				t.Errorf("stop printed %q; any output would make Claude continue", stdout)
			}
			checkLog(t, cfg.LogFile, tt.wantLog)
			calls := fake.requests()
			if tt.wantLog.Outcome != "captured" {
				if len(calls) != 0 {
					t.Fatalf("requests = %+v, want none", calls)
				}
				return
			}
			if len(calls) != 1 || calls[0].Method != "POST" || calls[0].Path != "/api/v1/memories/from-conversation" {
				t.Fatalf("requests = %+v, want one POST from-conversation", calls)
			}
			body := calls[0].Body
			if _, ok := body["app_name"]; ok {
				t.Error("from-conversation body has app_name")
			}
			if got := body["session_id"]; got != "6f1c2a0e-3b7d-4c1e-9a55-2d8e4b7f0c11" {
				t.Errorf("session_id = %v", got)
			}
			wantProject := tt.wantProject
			if wantProject == "" {
				wantProject = "website"
			}
			if got, sent := body["project"]; sent == (wantProject == ProjectNone) || sent && got != wantProject {
				t.Errorf("project = %v (sent %v), want %s", got, sent, wantProject)
			}
			msgs, _ := body["messages"].([]any)
			if len(msgs) != 2 {
				t.Fatalf("messages = %v, want a user and an assistant turn", body["messages"])
			}
			if tt.wantMessages != nil {
				if diff := cmp.Diff(tt.wantMessages, msgs); diff != "" {
					t.Errorf("messages (-want +got):\n%s", diff)
				}
			}
			if tt.check != nil {
				tt.check(t, msgs)
			}
		})
	}
}
