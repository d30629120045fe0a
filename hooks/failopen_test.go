package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

const wrongKey = "sk-wrong-key-7781"

// TestFailOpen: every failure exits 0, prints nothing and logs one error
// line that never holds the key.
func TestFailOpen(t *testing.T) {
	downURL := func() string {
		srv := httptest.NewServer(http.NotFoundHandler())
		srv.Close()
		return srv.URL
	}()
	exchange := func(t *testing.T) string { return stopEvent(t, "transcript_exchange.jsonl", "", false) }
	relevant := func(t *testing.T) string { return fixture(t, "prompt_relevant.json") }
	start := func(t *testing.T) string { return fixture(t, "session_start.json") }
	down := func(c *Config, _ *fakeMemsvcREST) { c.URL = downURL }
	unauthorized := func(c *Config, f *fakeMemsvcREST) { f.key, c.APIKey = "sk-right-key", wrongKey }
	sleepy := func(c *Config, f *fakeMemsvcREST) {
		f.delay = 10 * time.Second
		c.PromptBudget, c.SessionStartBudget, c.StopBudget = 200*time.Millisecond, 200*time.Millisecond, 200*time.Millisecond
	}
	broken := func(_ *Config, f *fakeMemsvcREST) { f.status = http.StatusInternalServerError }
	garbage := func(_ *Config, f *fakeMemsvcREST) { f.garbage = true }
	// A prompt of several paragraphs is searched more than once; the later
	// searches failing leaves nothing half-printed.
	paragraphs := func(*testing.T) string {
		b, _ := json.Marshal(map[string]any{"session_id": "s", "hook_event_name": "UserPromptSubmit",
			"prompt": "Where does Alice live these days?\n\nI want to plan a surprise trip to Paris for her birthday."})
		return string(b)
	}
	laterSearchFails := func(_ *Config, f *fakeMemsvcREST) { f.failFrom = 2 }
	tests := []struct {
		name      string
		event     string
		stdin     func(*testing.T) string
		setup     func(*Config, *fakeMemsvcREST)
		wantError string
	}{
		{"prompt: server down", "prompt", relevant, down, "connection refused"},
		{"session-start: server down", "session-start", start, down, "connection refused"},
		{"stop: server down", "stop", exchange, down, "connection refused"},
		{"prompt: 401", "prompt", relevant, unauthorized, "status 401 unauthorized"},
		{"session-start: 401", "session-start", start, unauthorized, "status 401 unauthorized"},
		{"stop: 401", "stop", exchange, unauthorized, "status 401 unauthorized"},
		{"prompt: server sleeps past the budget", "prompt", relevant, sleepy, "context deadline exceeded"},
		{"session-start: server sleeps past the budget", "session-start", start, sleepy, "context deadline exceeded"},
		{"stop: server sleeps past the budget", "stop", exchange, sleepy, "context deadline exceeded"},
		{"prompt: server error", "prompt", relevant, broken, "status 500"},
		{"session-start: server error", "session-start", start, broken, "status 500"},
		{"stop: server error", "stop", exchange, broken, "status 500"},
		{"prompt: a paragraph's search fails", "prompt", paragraphs, laterSearchFails, "status 500"},
		{"prompt: garbage JSON", "prompt", relevant, garbage, "decode"},
		{"session-start: garbage JSON", "session-start", start, garbage, "decode"},
		{"stop: garbage JSON", "stop", exchange, garbage, "decode"},
		{"prompt: bad stdin JSON", "prompt", func(*testing.T) string { return `{"prompt": "Where does Alice` }, nil, "decode hook event"},
		{"session-start: empty stdin", "session-start", func(*testing.T) string { return "" }, nil, "decode hook event"},
		{"stop: bad stdin JSON", "stop", func(*testing.T) string { return "not json" }, nil, "decode hook event"},
		{"stop: missing transcript", "stop", func(t *testing.T) string {
			return stopEvent(t, "/nonexistent/6f1c2a0e.jsonl", "", false)
		}, nil, "no such file"},
		{"stop: no transcript_path", "stop", func(*testing.T) string {
			return `{"session_id":"s","hook_event_name":"Stop","stop_hook_active":false}`
		}, nil, "no transcript_path"},
		{"unknown event", "pre-compact", start, nil, `unknown hook event "pre-compact"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			var stderr bytes.Buffer
			cfg.Stderr = &stderr
			if tt.setup != nil {
				tt.setup(&cfg, fake)
			}
			if stdout := runHook(t, tt.event, cfg, tt.stdin(t)); stdout != "" {
				t.Errorf("stdout = %q, want nothing", stdout)
			}
			line := onlyLog(t, cfg.LogFile)
			if line.Outcome != "error" || !strings.Contains(line.Error, tt.wantError) {
				t.Errorf("log line %+v, want outcome error with %q", line, tt.wantError)
			}
			// The stderr logger quotes its values logfmt-style.
			if !strings.Contains(strings.ReplaceAll(stderr.String(), `\"`, `"`), tt.wantError) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tt.wantError)
			}
			logData, err := os.ReadFile(cfg.LogFile)
			if err != nil {
				t.Fatal(err)
			}
			for what, data := range map[string]string{"log": string(logData), "stderr": stderr.String()} {
				if strings.Contains(data, wrongKey) {
					t.Errorf("%s holds the API key: %s", what, data)
				}
			}
		})
	}
}

func TestDisabledIsSilent(t *testing.T) {
	for _, event := range []string{"prompt", "session-start", "stop"} {
		t.Run(event, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			cfg.Disabled = true
			stdin := typicalStdin(t, event)
			if stdout := runHook(t, event, cfg, stdin); stdout != "" {
				t.Errorf("stdout = %q, want nothing", stdout)
			}
			if calls := fake.requests(); len(calls) != 0 {
				t.Errorf("requests = %+v, want none", calls)
			}
			checkLog(t, cfg.LogFile, logLine{Event: event, Outcome: "disabled"})
		})
	}
}

func TestLogFileGetsOneLinePerCallWithoutTheKey(t *testing.T) {
	fake, srv := newFakeMemsvcREST(t)
	fake.key = "sk-live-secret-5521"
	cfg := testConfig(t, srv.URL)
	cfg.APIKey = fake.key
	calls := []struct{ event, stdin string }{
		{"session-start", fixture(t, "session_start.json")},
		{"prompt", fixture(t, "prompt_relevant.json")},
		{"prompt", fixture(t, "prompt_short.json")},
		{"stop", stopEvent(t, "transcript_exchange.jsonl", "", false)},
		{"stop", stopEvent(t, "transcript_short.jsonl", "", false)},
	}
	for _, c := range calls {
		runHook(t, c.event, cfg, c.stdin)
	}
	lines := readLog(t, cfg.LogFile)
	var got []string
	for _, l := range lines {
		got = append(got, l.Event+" "+l.Outcome+" "+l.Reason)
		if l.DurationMS < 0 || l.Time == "" {
			t.Errorf("line %+v lacks time or duration", l)
		}
	}
	want := []string{"session-start injected ", "prompt injected ", "prompt skipped short_prompt",
		"stop captured ", "stop skipped too_short"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("log outcomes = %q, want %q", got, want)
	}
	data, err := os.ReadFile(cfg.LogFile)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), fake.key) {
		t.Errorf("log holds the API key:\n%s", data)
	}
}

// panicWriter stands in for a stdout that breaks in the worst way.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("stdout exploded") }

func TestPanicStillExitsZero(t *testing.T) {
	_, srv := newFakeMemsvcREST(t)
	cfg := testConfig(t, srv.URL)
	code := Run(context.Background(), "prompt", cfg, strings.NewReader(fixture(t, "prompt_relevant.json")), panicWriter{})
	if code != 0 {
		t.Fatalf("Run = %d, want 0", code)
	}
	if line := onlyLog(t, cfg.LogFile); line.Outcome != "error" || !strings.Contains(line.Error, "stdout exploded") {
		t.Errorf("log line = %+v", line)
	}
}

// TestStopHugeTranscript: a transcript of tens of megabytes (a long
// session: a 16 MB tool result on one line, thousands of turns, a prompt
// with a huge paste) is captured within the budget, its last turn only and
// within CaptureMaxChars; one past the budget fails open.
func TestStopHugeTranscript(t *testing.T) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	entry := func(typ, uuid string, content any) {
		if err := enc.Encode(map[string]any{"type": typ, "uuid": uuid,
			"timestamp": "2026-03-02T09:00:00Z", "message": map[string]any{"content": content}}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3000 {
		entry("user", fmt.Sprintf("u%d", i), fmt.Sprintf("question %d about the deploy checklist", i))
		entry("assistant", fmt.Sprintf("a%d", i), []map[string]any{{"type": "text", "text": strings.Repeat("an answer ", 50)}})
	}
	entry("user", "big-prompt", "why does the deploy fail?\n```\n"+strings.Repeat("ERROR step failed at stage 7\n", 20000)+"```")
	entry("assistant", "tool", []map[string]any{{"type": "tool_use", "id": "t1", "name": "Bash", "input": map[string]any{}}})
	entry("user", "result", []map[string]any{{"type": "tool_result", "tool_use_id": "t1", "content": strings.Repeat("x", 16<<20)}})
	entry("assistant", "final", []map[string]any{{"type": "text", "text": "The deploy fails because stage 7 needs the staging credentials, which expired."}})
	path := filepath.Join(t.TempDir(), "huge.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Run("captured within the budget", func(t *testing.T) {
		fake, srv := newFakeMemsvcREST(t)
		cfg := testConfig(t, srv.URL)
		if out := runHook(t, "stop", cfg, stopEvent(t, path, "", false)); out != "" {
			t.Fatalf("stdout %q", out)
		}
		checkLog(t, cfg.LogFile, logLine{Event: "stop", Outcome: "captured", Hits: 2})
		msgs := fake.requests()[0].Body["messages"].([]any)
		user, reply := msgs[0].(map[string]any)["content"].(string), msgs[1].(map[string]any)["content"].(string)
		if !strings.HasPrefix(user, "why does the deploy fail?") || !strings.Contains(reply, "staging credentials") ||
			utf8.RuneCountInString(user)+utf8.RuneCountInString(reply) > DefaultCaptureMaxChars {
			t.Errorf("captured %d+%d characters: %.80q / %.80q", len(user), len(reply), user, reply)
		}
	})
	t.Run("past the budget fails open", func(t *testing.T) {
		_, srv := newFakeMemsvcREST(t)
		cfg := testConfig(t, srv.URL)
		cfg.StopBudget = time.Millisecond
		if out := runHook(t, "stop", cfg, stopEvent(t, path, "", false)); out != "" {
			t.Fatalf("stdout %q", out)
		}
		if line := onlyLog(t, cfg.LogFile); line.Outcome != "error" || !strings.Contains(line.Error, "deadline exceeded") {
			t.Errorf("log line %+v, want an error past the deadline", line)
		}
	})
}

// typicalStdin is a typical stdin of the hook event: a relevant prompt, a
// session start, a stop after one exchange.
func typicalStdin(t *testing.T, event string) string {
	t.Helper()
	switch event {
	case "prompt":
		return fixture(t, "prompt_relevant.json")
	case "session-start":
		return fixture(t, "session_start.json")
	case "stop":
		return stopEvent(t, "transcript_exchange.jsonl", "", false)
	}
	t.Fatalf("no input for hook event %q", event)
	return ""
}
