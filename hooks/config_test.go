package hooks

import (
	"io"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestConfigFromEnv(t *testing.T) {
	defaults := Config{
		URL: DefaultURL, ClientName: DefaultClientName,
		MinPromptChars: 10, RecallTopK: 5, CaptureMaxChars: 4000, RecentSize: 10, MaxContextChars: 8000,
		PromptBudget: 12 * time.Second, SessionStartBudget: 7 * time.Second, StopBudget: 110 * time.Second,
	}
	with := func(f func(*Config)) Config {
		c := defaults
		f(&c)
		return c
	}
	tests := []struct {
		name string
		env  map[string]string
		want Config
	}{
		{name: "empty environment gives the defaults", want: defaults},
		{
			name: "every variable set",
			env: map[string]string{
				"MEMSVC_URL": "https://mem.example.com/", "MEMSVC_USER_ID": "alice", "MEMSVC_API_KEY": "sk-1",
				"MEMSVC_CLIENT_NAME": "cursor", "MEMSVC_MIN_PROMPT_CHARS": "3", "MEMSVC_RECALL_TOPK": "7",
				"MEMSVC_RECALL_MIN_SCORE": "0.25", "MEMSVC_RECALL_RERANK": "1", "MEMSVC_CAPTURE_MAX_CHARS": "900",
				"MEMSVC_SESSION_RECENT": "4", "MEMSVC_HOOKS_DISABLE": "1", "MEMSVC_HOOKS_LOG": "/tmp/h.log",
				"MEMSVC_HOOK_PROMPT_BUDGET": "200ms", "MEMSVC_HOOK_SESSION_START_BUDGET": "1s",
				"MEMSVC_HOOK_STOP_BUDGET": "1m", "MEMSVC_HOOKS_STATE_DIR": "/var/state",
				"CLAUDE_PLUGIN_DATA": "/plugin/data",
			},
			want: with(func(c *Config) {
				c.URL, c.UserID, c.APIKey, c.ClientName = "https://mem.example.com", "alice", "sk-1", "cursor"
				c.MinPromptChars, c.RecallTopK, c.RecallMinScore, c.RecallRerank = 3, 7, 0.25, true
				c.CaptureMaxChars, c.RecentSize, c.Disabled, c.LogFile = 900, 4, true, "/tmp/h.log"
				c.StateDir, c.URLFrom = "/var/state", "MEMSVC_URL"
				c.PromptBudget, c.SessionStartBudget, c.StopBudget = 200*time.Millisecond, time.Second, time.Minute
			}),
		},
		{
			name: "plugin options fill in and win over MEMSVC variables",
			env: map[string]string{
				"MEMSVC_URL": "http://old:1", "CLAUDE_PLUGIN_OPTION_BASE_URL": "http://new:2",
				"CLAUDE_PLUGIN_OPTION_USER_ID": "bob", "CLAUDE_PLUGIN_OPTION_API_KEY": "sk-plugin",
				"MEMSVC_CLIENT_NAME": "claude-desktop", "CLAUDE_PLUGIN_OPTION_CLIENT_NAME": " ",
				"CLAUDE_PLUGIN_DATA": "/home/u/.claude/plugins/data/memsvc-memsvc",
			},
			want: with(func(c *Config) {
				c.URL, c.UserID, c.APIKey, c.ClientName = "http://new:2", "bob", "sk-plugin", "claude-desktop"
				c.StateDir, c.URLFrom = "/home/u/.claude/plugins/data/memsvc-memsvc", "CLAUDE_PLUGIN_OPTION_BASE_URL"
			}),
		},
		{
			name: "malformed and out-of-range values fall back",
			env: map[string]string{
				"MEMSVC_MIN_PROMPT_CHARS": "ten", "MEMSVC_RECALL_TOPK": "500", "MEMSVC_RECALL_MIN_SCORE": "high",
				"MEMSVC_CAPTURE_MAX_CHARS": "-5", "MEMSVC_SESSION_RECENT": "0", "MEMSVC_HOOK_STOP_BUDGET": "soon",
			},
			want: with(func(c *Config) { c.RecallTopK = 100 }),
		},
		{
			name: "a project name overrides the repository's",
			env:  map[string]string{"MEMSVC_PROJECT": " billing "},
			want: with(func(c *Config) { c.Project = "billing" }),
		},
		{name: "project auto is the default", env: map[string]string{"MEMSVC_PROJECT": "auto"}, want: defaults},
		{
			name: "project none turns projects off",
			env:  map[string]string{"MEMSVC_PROJECT": "none"},
			want: with(func(c *Config) { c.NoProject = true }),
		},
		{
			name: "false spellings do not disable or rerank",
			env:  map[string]string{"MEMSVC_HOOKS_DISABLE": "0", "MEMSVC_RECALL_RERANK": "false"},
			want: defaults,
		},
		{
			name: "any other set value enables",
			env:  map[string]string{"MEMSVC_HOOKS_DISABLE": "yes", "MEMSVC_RECALL_RERANK": "cross_encoder"},
			want: with(func(c *Config) { c.Disabled, c.RecallRerank = true, true }),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ConfigFromEnv(func(k string) string { return tt.env[k] })
			if got.Stderr != io.Discard || got.Now == nil {
				t.Errorf("Stderr or Now not defaulted")
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(Config{}, "Stderr", "Now")); diff != "" {
				t.Errorf("ConfigFromEnv (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBudgetsFitTimeouts: each default budget leaves room inside the hook
// timeout of plugin/hooks/hooks.json for startup and the log write.
func TestBudgetsFitTimeouts(t *testing.T) {
	timeouts := pluginTimeouts(t)
	for event, budget := range map[string]time.Duration{
		"UserPromptSubmit": DefaultPromptBudget,
		"SessionStart":     DefaultSessionStartBudget,
		"Stop":             DefaultStopBudget,
	} {
		if limit := timeouts[event]; budget+2*time.Second > limit {
			t.Errorf("%s: budget %v does not fit the %v hook timeout", event, budget, limit)
		}
	}
}
