package hooks

import (
	"cmp"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Defaults for Config. The budgets sit inside the per-hook timeouts of
// plugin/hooks/hooks.json (15, 10 and 120 s) so a slow server never makes
// Claude Code cancel the hook: the hook gives up first and fails open.
const (
	DefaultURL                = "http://127.0.0.1:8765"
	DefaultClientName         = "claude"
	DefaultMinPromptChars     = 10
	DefaultRecallTopK         = 5
	DefaultCaptureMaxChars    = 4000
	DefaultRecentSize         = 10
	DefaultMaxContextChars    = 8000
	DefaultPromptBudget       = 12 * time.Second
	DefaultSessionStartBudget = 7 * time.Second
	DefaultStopBudget         = 110 * time.Second

	// maxQueryChars bounds a search query made from a prompt (query.go).
	maxQueryChars = 4000
	// maxListSize is the server's cap on top_k and on the list page size.
	maxListSize = 100
)

// Config holds everything the hooks need. cmd/memsvc fills it with
// ConfigFromEnv(os.Getenv); tests build it directly. Zero values mean
// "use the default", so a partly filled Config is valid.
type Config struct {
	// URL is the server base URL without a trailing slash.
	URL string
	// URLFrom names the variable URL was read from (ConfigFromEnv), so a
	// malformed one is reported by the name the user set; empty for a
	// Config built directly.
	URLFrom string
	// UserID is sent as user_id; with an API key the server ignores or
	// rejects a different one, so it only matters when auth is disabled.
	UserID string
	// APIKey is sent as "Authorization: Bearer <key>" and never logged.
	APIKey string
	// ClientName becomes app_name on search (access logging only).
	ClientName string

	// MinPromptChars: prompts shorter than this (in characters) skip recall.
	MinPromptChars int
	// RecallTopK is top_k of the prompt search (1–100).
	RecallTopK int
	// RecallMinScore drops search hits scoring below it.
	RecallMinScore float64
	// RecallRerank asks the server to rerank with its cross encoder.
	RecallRerank bool
	// CaptureMaxChars caps the user+assistant text the stop hook sends.
	CaptureMaxChars int
	// RecentSize is how many recent memories session-start lists (1–100).
	RecentSize int
	// MaxContextChars caps the additionalContext the hooks print; Claude
	// Code replaces anything over 10,000 characters with a file preview.
	MaxContextChars int

	// Project overrides the project the hooks capture under and recall from
	// (by default the git repository holding the event's cwd).
	Project string
	// NoProject turns projects off: nothing is captured under a project and
	// recall sees every project's memories.
	NoProject bool

	// Disabled silences every hook: no request, no output.
	Disabled bool
	// LogFile, when set, gets one JSON line per hook call.
	LogFile string
	// StateDir holds the prompt the prompt hook saw, for the stop hook of
	// the same turn; empty turns that off (stop then reads the transcript
	// only).
	StateDir string

	// Budgets bound each hook's whole run (stdin, transcript, HTTP).
	PromptBudget       time.Duration
	SessionStartBudget time.Duration
	StopBudget         time.Duration

	// Stderr receives diagnostics (Claude Code keeps a hook's stderr in its
	// debug log only). Nil discards them.
	Stderr io.Writer
	// Now is the clock for log timestamps and durations; nil is time.Now.
	Now func() time.Time
}

// Values of MEMSVC_PROJECT besides a project name.
const (
	ProjectAuto = "auto" // the same as unset: the repository's name
	ProjectNone = "none" // projects off
)

// Environment variable names read by ConfigFromEnv.
const (
	EnvURL             = "MEMSVC_URL"
	EnvUserID          = "MEMSVC_USER_ID"
	EnvAPIKey          = "MEMSVC_API_KEY"
	EnvClientName      = "MEMSVC_CLIENT_NAME"
	EnvMinPromptChars  = "MEMSVC_MIN_PROMPT_CHARS"
	EnvRecallTopK      = "MEMSVC_RECALL_TOPK"
	EnvRecallMinScore  = "MEMSVC_RECALL_MIN_SCORE"
	EnvRecallRerank    = "MEMSVC_RECALL_RERANK"
	EnvCaptureMaxChars = "MEMSVC_CAPTURE_MAX_CHARS"
	EnvRecentSize      = "MEMSVC_SESSION_RECENT"
	EnvProject         = "MEMSVC_PROJECT"
	EnvDisable         = "MEMSVC_HOOKS_DISABLE"
	EnvLog             = "MEMSVC_HOOKS_LOG"
	EnvStateDir        = "MEMSVC_HOOKS_STATE_DIR"
	EnvPromptBudget    = "MEMSVC_HOOK_PROMPT_BUDGET"
	EnvSessionBudget   = "MEMSVC_HOOK_SESSION_START_BUDGET"
	EnvStopBudget      = "MEMSVC_HOOK_STOP_BUDGET"
)

// pluginOption names the variable Claude Code exports for the plugin's
// userConfig option that carries the same value as a MEMSVC_* variable, or
// "" when there is none. Per the plugin manifest reference ("Reference a
// saved value",
// https://code.claude.com/docs/en/plugins/manifest-reference#user-configuration)
// every option reaches hook processes as CLAUDE_PLUGIN_OPTION_<KEY> with
// <KEY> uppercased, so base_url arrives as CLAUDE_PLUGIN_OPTION_BASE_URL.
func pluginOption(env string) string {
	switch env {
	case EnvURL:
		return "CLAUDE_PLUGIN_OPTION_BASE_URL"
	case EnvUserID:
		return "CLAUDE_PLUGIN_OPTION_USER_ID"
	case EnvAPIKey:
		return "CLAUDE_PLUGIN_OPTION_API_KEY"
	case EnvClientName:
		return "CLAUDE_PLUGIN_OPTION_CLIENT_NAME"
	}
	return ""
}

// ConfigFromEnv builds a Config from environment lookups. cmd/memsvc passes
// os.Getenv; nothing else in this package reads the environment.
//
// For URL, user id, API key and client name a non-empty plugin option
// (CLAUDE_PLUGIN_OPTION_*) wins over the MEMSVC_* variable: it is the value
// the user typed into the plugin's configuration dialog, scoped to this
// plugin, whereas a MEMSVC_* variable may be a shell-wide leftover. Malformed
// numbers and durations fall back to their defaults: a hook must never fail
// because of a typo in the environment.
func ConfigFromEnv(getenv func(string) string) Config {
	from := func(name string) (string, string) {
		if opt := pluginOption(name); opt != "" {
			if v := strings.TrimSpace(getenv(opt)); v != "" {
				return v, opt
			}
		}
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v, name
		}
		return "", ""
	}
	str := func(name string) string { v, _ := from(name); return v }
	url, urlFrom := from(EnvURL)
	c := Config{
		URL:                url,
		URLFrom:            urlFrom,
		UserID:             str(EnvUserID),
		APIKey:             str(EnvAPIKey),
		ClientName:         str(EnvClientName),
		MinPromptChars:     envInt(getenv(EnvMinPromptChars)),
		RecallTopK:         envInt(getenv(EnvRecallTopK)),
		RecallMinScore:     envFloat(getenv(EnvRecallMinScore)),
		RecallRerank:       envBool(getenv(EnvRecallRerank)),
		CaptureMaxChars:    envInt(getenv(EnvCaptureMaxChars)),
		RecentSize:         envInt(getenv(EnvRecentSize)),
		Disabled:           envBool(getenv(EnvDisable)),
		LogFile:            strings.TrimSpace(getenv(EnvLog)),
		StateDir:           strings.TrimSpace(getenv(EnvStateDir)),
		PromptBudget:       envDuration(getenv(EnvPromptBudget)),
		SessionStartBudget: envDuration(getenv(EnvSessionBudget)),
		StopBudget:         envDuration(getenv(EnvStopBudget)),
	}
	switch p := strings.TrimSpace(getenv(EnvProject)); p {
	case ProjectNone:
		c.NoProject = true
	case ProjectAuto:
	default:
		c.Project = p
	}
	if c.StateDir == "" {
		// The plugin's persistent data directory, which Claude Code exports
		// to hook processes (manifest reference, "Environment variables").
		c.StateDir = strings.TrimSpace(getenv("CLAUDE_PLUGIN_DATA"))
	}
	return c.withDefaults()
}

// withDefaults fills zero or out-of-range fields with their defaults.
func (c Config) withDefaults() Config {
	c.URL = strings.TrimRight(strings.TrimSpace(c.URL), "/")
	if c.URL == "" {
		c.URL = DefaultURL
	}
	if c.ClientName == "" {
		c.ClientName = DefaultClientName
	}
	setInt := func(v *int, def, maxV int) {
		if *v <= 0 {
			*v = def
		}
		if maxV > 0 && *v > maxV {
			*v = maxV
		}
	}
	setInt(&c.MinPromptChars, DefaultMinPromptChars, 0)
	setInt(&c.RecallTopK, DefaultRecallTopK, maxListSize)
	setInt(&c.CaptureMaxChars, DefaultCaptureMaxChars, 0)
	setInt(&c.RecentSize, DefaultRecentSize, maxListSize)
	setInt(&c.MaxContextChars, DefaultMaxContextChars, 0)
	setDur := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	setDur(&c.PromptBudget, DefaultPromptBudget)
	setDur(&c.SessionStartBudget, DefaultSessionStartBudget)
	setDur(&c.StopBudget, DefaultStopBudget)
	if c.Stderr == nil {
		c.Stderr = io.Discard
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// envInt parses a positive integer; anything else is 0 (the default).
func envInt(s string) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// envFloat parses a float; anything unparsable is 0.
func envFloat(s string) float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0
	}
	return f
}

// envBool treats any set value as true except the usual spellings of false
// ("0", "false", "f"), so MEMSVC_HOOKS_DISABLE=yes disables too.
func envBool(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	if b, err := strconv.ParseBool(s); err == nil {
		return b
	}
	return !strings.EqualFold(s, "no") && !strings.EqualFold(s, "off")
}

// envDuration parses a Go duration ("200ms", "5s"); anything else is 0.
func envDuration(s string) time.Duration {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d < 0 {
		return 0
	}
	return d
}

// checkURL reports a server URL that is no http(s) URL with a host, naming
// the variable it came from: sent as it is, it failed in the HTTP client
// as `unsupported protocol scheme ""`, which names neither the setting nor
// its value. The default needs no check.
func (c Config) checkURL() error {
	u, err := url.Parse(c.URL)
	if err == nil && (strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https")) && u.Host != "" {
		return nil
	}
	name := cmp.Or(c.URLFrom, "the server URL")
	return fmt.Errorf("%s=%q is not a server URL: want http://host:port or https://host", name, c.URL)
}
