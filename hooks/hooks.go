// Package hooks implements the coding-agent plugin hooks that `memsvc hook
// <event>` runs: recall on each prompt ("prompt", Claude Code's
// UserPromptSubmit), searching with what the prompt is about rather than
// its pasted material (query.go, paste.go), a notice with the user's standing instructions and the
// most recent memories at session start ("session-start", SessionStart), and
// capture of each finished exchange ("stop", Stop), all within the project
// of the session's git repository (project.go). A captured turn that
// retires a name (a tool, module or file it reports removing) is tagged
// with it, and what was said of that name before is no longer recalled
// (retire.go). It is the REST client side
// of memsvc (../shared/API.md) and it fails open: whatever goes wrong, a hook
// exits 0 and prints nothing, so a broken memory server never blocks or
// disturbs the coding session.
//
// The hook protocol followed is the Claude Code hooks reference
// (https://code.claude.com/docs/en/hooks): the event arrives as JSON on
// stdin; on exit 0, stdout JSON of the form
// {"hookSpecificOutput":{"hookEventName":…,"additionalContext":…}} adds
// context for Claude on UserPromptSubmit and SessionStart; exit code 2 would
// block a prompt, which is why Run never returns it.
//
// The stop hook reads the last exchange from the session transcript; since
// Claude Code writes that file asynchronously, the prompt hook also stashes
// each prompt in Config.StateDir so the stop hook can pair it with the
// event's last_assistant_message when the transcript lags (see state.go).
package hooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/log"
)

// Run handles one hook call: event is "prompt", "session-start" or "stop",
// stdin carries Claude Code's event JSON, and context for Claude is written
// to stdout. It always returns 0, the exit code for the process: every
// failure (server down, 401, timeout, bad stdin, missing transcript, even an
// unknown event or a panic) is logged and swallowed, because a hook exiting
// 2 would block the user's prompt and any other code shows a hook error.
func Run(ctx context.Context, event string, cfg Config, stdin io.Reader, stdout io.Writer) (code int) {
	cfg = cfg.withDefaults()
	start := cfg.Now()
	res := result{outcome: outcomeError, err: errors.New("hook did not finish")}
	defer func() {
		if p := recover(); p != nil {
			res = failed(fmt.Errorf("panic: %v", p))
		}
		res.err, res.warn = redact(res.err, cfg.APIKey), redact(res.warn, cfg.APIKey)
		logOutcome(cfg, event, res, cfg.Now().Sub(start))
		code = 0
	}()
	res = dispatch(ctx, event, cfg, stdin)
	if res.outcome == outcomeInjected && len(res.output) > 0 {
		// Written once, whole: a partial JSON object would be a hook error.
		if _, err := stdout.Write(res.output); err != nil {
			res = failed(fmt.Errorf("write stdout: %w", err))
		}
	}
	return 0
}

// dispatch runs the event's handler within its budget.
func dispatch(ctx context.Context, event string, cfg Config, stdin io.Reader) (res result) {
	handler, budget, err := handlerFor(event, cfg)
	if err != nil {
		return failed(err)
	}
	if cfg.Disabled {
		return result{outcome: outcomeDisabled}
	}
	if err := cfg.checkURL(); err != nil {
		return failed(err)
	}
	// Every run, whatever its outcome, also clears the stashes of sessions
	// that never reached Stop; after the handler, which may take its own.
	defer func() { res.warn = errors.Join(res.warn, sweepStashes(cfg.StateDir, cfg.Now())) }()
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	in, err := readEvent(ctx, stdin)
	if err != nil {
		return failed(err)
	}
	return handler(ctx, cfg, newClient(cfg, event), in)
}

// logLine is one line of the MEMSVC_HOOKS_LOG file. It never holds the key.
type logLine struct {
	Time       string `json:"time"`
	Event      string `json:"event"`
	Outcome    string `json:"outcome"`
	Reason     string `json:"reason,omitempty"`
	DurationMS int64  `json:"duration_ms"`
	Hits       int    `json:"hits"`
	Error      string `json:"error,omitempty"`
}

// logOutcome appends the call's outcome to the log file, when configured,
// and reports failures on stderr, which Claude Code keeps in its debug log.
func logOutcome(cfg Config, event string, res result, d time.Duration) {
	logger := log.NewWithOptions(cfg.Stderr, log.Options{Prefix: "memsvc hook " + terminalSafe(event)})
	warn := func(msg string, err error) { logger.Warn(msg, "err", terminalSafe(err.Error())) }
	if res.err != nil {
		warn("failed open", res.err)
	}
	if res.warn != nil {
		warn("continuing", res.warn)
	}
	if cfg.LogFile == "" {
		return
	}
	line := logLine{
		Time:       cfg.Now().UTC().Format(time.RFC3339Nano),
		Event:      event,
		Outcome:    res.outcome,
		Reason:     res.reason,
		DurationMS: d.Milliseconds(),
		Hits:       res.hits,
	}
	if res.err != nil {
		line.Error = res.err.Error()
	}
	b, err := json.Marshal(line)
	if err != nil {
		warn("encode log line", err)
		return
	}
	f, err := os.OpenFile(cfg.LogFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		warn("open log file", err)
		return
	}
	defer f.Close()
	// One write per line: O_APPEND keeps concurrent hooks' lines whole.
	if _, err := f.Write(append(b, '\n')); err != nil {
		warn("write log file", err)
	}
}

// redact removes the API key from an error message, in case a server or
// proxy echoed it back.
func redact(err error, key string) error {
	if err == nil || key == "" || !strings.Contains(err.Error(), key) {
		return err
	}
	return redactedError{msg: strings.ReplaceAll(err.Error(), key, "[redacted]"), err: err}
}

// redactedError keeps the wrapped error for errors.Is while hiding the key
// from its message.
type redactedError struct {
	msg string
	err error
}

func (e redactedError) Error() string { return e.msg }
func (e redactedError) Unwrap() error { return e.err }
