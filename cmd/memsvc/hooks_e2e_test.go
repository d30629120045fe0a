package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// builtBinary builds cmd/memsvc once per test run, so hooks run exactly as
// the plugin runs them: the real binary as a subprocess.
func builtBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "memsvc-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "memsvc")
		out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = err
			binPath = string(out)
		}
	})
	if binErr != nil {
		t.Fatalf("go build: %v\n%s", binErr, binPath)
	}
	return binPath
}

type hookRun struct {
	stdout, stderr string
	code           int
	took           time.Duration
}

// runHook runs `memsvc hook event` with only the given environment.
func runHookBinary(t *testing.T, event string, env map[string]string, stdin string) hookRun {
	t.Helper()
	cmd := exec.Command(builtBinary(t), "hook", event)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + t.TempDir()}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := hookRun{stdout: out.String(), stderr: errb.String(), took: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run hook: %v", err)
	}
	return r
}

func event(t *testing.T, fixture string, set map[string]any) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "hooks", "testdata", fixture))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range set {
		m[k] = v
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// factsTranscript writes a transcript whose last exchange states facts the
// built-in extractor keeps.
func factsTranscript(t *testing.T) string {
	t.Helper()
	lines := []string{
		`{"type":"user","message":{"role":"user","content":"I moved to Lisbon last month and I work at Globex as a data engineer now."},"uuid":"u1","timestamp":"2026-03-02T09:14:01Z"}`,
		`{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Congratulations on the move! Lisbon is a great city for engineers."}]},"uuid":"a1","timestamp":"2026-03-02T09:14:05Z"}`,
	}
	p := filepath.Join(t.TempDir(), "facts.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func transcript(name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	p, _ := filepath.Abs(filepath.Join("..", "..", "hooks", "testdata", name))
	return p
}

func logLines(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("log line %q: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

func TestHooksAgainstLiveServer(t *testing.T) {
	s, alice, _ := authServer(t)
	who := as{key: alice, place: keyBearer}
	s.addVerbatim(t, who, "Alice lives in Lyon and plans a trip to Paris in May", nil)
	logFile := filepath.Join(t.TempDir(), "hooks.log")
	env := map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_HOOKS_LOG": logFile,
		"MEMSVC_HOOKS_STATE_DIR": t.TempDir()}
	before := s.get(t, who, "/api/v1/memories?size=100").body["total"].(float64)

	t.Run("prompt injects recall", func(t *testing.T) {
		r := runHookBinary(t, "prompt", env, event(t, "prompt_relevant.json", nil))
		var out struct {
			HookSpecificOutput struct{ HookEventName, AdditionalContext string }
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != 0 {
			t.Fatalf("exit %d stdout %q: %v", r.code, r.stdout, err)
		}
		if out.HookSpecificOutput.HookEventName != "UserPromptSubmit" || !strings.Contains(out.HookSpecificOutput.AdditionalContext, "Lyon") {
			t.Errorf("no recall injected: %+v", out)
		}
	})
	t.Run("short prompt is left alone", func(t *testing.T) {
		r := runHookBinary(t, "prompt", env, event(t, "prompt_relevant.json", map[string]any{"prompt": "hi yo"}))
		if r.code != 0 || r.stdout != "" {
			t.Errorf("exit %d stdout %q, want silence", r.code, r.stdout)
		}
	})
	t.Run("session start lists recent memories", func(t *testing.T) {
		r := runHookBinary(t, "session-start", env, event(t, "session_start.json", nil))
		if r.code != 0 || !strings.Contains(r.stdout, "Lyon") || !strings.Contains(r.stdout, "SessionStart") {
			t.Errorf("exit %d stdout %q", r.code, r.stdout)
		}
	})
	t.Run("stop captures a real exchange and skips the rest", func(t *testing.T) {
		for _, c := range []struct{ file, want string }{
			{factsTranscript(t), "captured"},
			{"transcript_short.jsonl", "skipped"},
			{"transcript_tool_only.jsonl", "skipped"},
		} {
			r := runHookBinary(t, "stop", env, event(t, "stop.json", map[string]any{"transcript_path": transcript(c.file),
				"session_id": "stop-" + filepath.Base(c.file)}))
			lines := logLines(t, logFile)
			last := lines[len(lines)-1]
			if r.code != 0 || r.stdout != "" || last["outcome"] != c.want {
				t.Errorf("%s: exit %d stdout %q outcome %v, want %s", c.file, r.code, r.stdout, last["outcome"], c.want)
			}
		}
		after := s.get(t, who, "/api/v1/memories?size=100").body["total"].(float64)
		if after <= before {
			t.Errorf("the captured exchange stored nothing (%v memories before, %v after)", before, after)
		}
	})
	lines := logLines(t, logFile)
	if len(lines) != 6 {
		t.Errorf("log has %d lines for 6 calls", len(lines))
	}
	raw, _ := os.ReadFile(logFile)
	if strings.Contains(string(raw), alice) {
		t.Error("the key reached the hooks log")
	}
}

func TestHooksFailOpen(t *testing.T) {
	s, alice, _ := authServer(t)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
	}))
	defer slow.Close()
	budgets := map[string]string{"MEMSVC_HOOK_PROMPT_BUDGET": "300ms", "MEMSVC_HOOK_SESSION_START_BUDGET": "300ms",
		"MEMSVC_HOOK_STOP_BUDGET": "300ms"}
	with := func(extra map[string]string) map[string]string {
		env := map[string]string{"MEMSVC_HOOKS_STATE_DIR": t.TempDir()}
		for k, v := range budgets {
			env[k] = v
		}
		for k, v := range extra {
			env[k] = v
		}
		return env
	}
	good := map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice}
	cases := []struct {
		name  string
		env   map[string]string
		stdin func(event string) string
		only  string // the one event the case applies to, "" for all
	}{
		{"server down", map[string]string{"MEMSVC_URL": "http://127.0.0.1:1", "MEMSVC_API_KEY": alice}, nil, ""},
		{"401", map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": "msk_bogus"}, nil, ""},
		{"timeout", map[string]string{"MEMSVC_URL": slow.URL, "MEMSVC_API_KEY": alice}, nil, ""},
		{"bad stdin", good, func(string) string { return "{not json" }, ""},
		{"missing transcript", good, func(string) string {
			return `{"hook_event_name":"Stop","session_id":"x","transcript_path":"/nonexistent/t.jsonl"}`
		}, "stop"},
		{"disabled", map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_HOOKS_DISABLE": "1"}, nil, ""},
	}
	fixtures := map[string]string{"prompt": "prompt_relevant.json", "session-start": "session_start.json", "stop": "stop.json"}
	for _, c := range cases {
		for ev, fixture := range fixtures {
			if c.only != "" && c.only != ev {
				continue
			}
			t.Run(c.name+"/"+ev, func(t *testing.T) {
				stdin := event(t, fixture, map[string]any{"transcript_path": transcript("transcript_exchange.jsonl")})
				if c.stdin != nil {
					stdin = c.stdin(ev)
				}
				r := runHookBinary(t, ev, with(c.env), stdin)
				if r.code != 0 || r.stdout != "" {
					t.Errorf("exit %d stdout %q, want 0 and silence", r.code, r.stdout)
				}
				// Budget 300 ms; the process must end well inside the hook
				// timeout (10 s is the smallest), not hang on the server.
				if r.took > 5*time.Second {
					t.Errorf("took %v, over its budget", r.took)
				}
			})
		}
	}
}
