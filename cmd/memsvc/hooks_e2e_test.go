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
// the plugin runs them: the real binary as a subprocess. Every test that
// runs the binary (hooks, CLI, stdio MCP) shares this one build: a build
// of its own costs each a link of the 50 MB binary.
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

// removeBuiltBinary deletes the directory builtBinary built into: each test
// process builds a 39 MB binary, and left behind they filled the disk.
func removeBuiltBinary() {
	if binErr == nil && binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
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
	return transcriptOf(t, "I moved to Lisbon last month and I work at Globex as a data engineer now.",
		"Congratulations on the move! Lisbon is a great city for engineers.")
}

// transcriptOf writes a one-exchange Claude Code transcript.
func transcriptOf(t *testing.T, user, assistant string) string {
	t.Helper()
	enc := func(v any) string {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(raw)
	}
	lines := []string{
		enc(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": user},
			"uuid": "u1", "timestamp": "2026-03-02T09:14:01Z"}),
		enc(map[string]any{"type": "assistant", "message": map[string]any{"role": "assistant",
			"content": []map[string]any{{"type": "text", "text": assistant}}}, "uuid": "a1", "timestamp": "2026-03-02T09:14:05Z"}),
	}
	p := filepath.Join(t.TempDir(), "exchange.jsonl")
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

// repoDir makes a git repository named name (a .git directory is all the
// hooks look for) with a subdirectory, and returns the subdirectory.
func repoDir(t *testing.T, name string) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), name)
	sub := filepath.Join(root, "internal", "api")
	for _, d := range []string{filepath.Join(root, ".git"), sub} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return sub
}

// hookContext runs a context-adding hook and returns its additionalContext.
func hookContext(t *testing.T, ev string, env map[string]string, stdin string) string {
	t.Helper()
	r := runHookBinary(t, ev, env, stdin)
	var out struct {
		HookSpecificOutput struct{ HookEventName, AdditionalContext string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != 0 {
		t.Fatalf("%s: exit %d stdout %q stderr %q: %v", ev, r.code, r.stdout, r.stderr, err)
	}
	return out.HookSpecificOutput.AdditionalContext
}

// TestHooksKeepProjectsApartLive: what the stop hook captures in repository
// alpha is recalled in alpha only; a memory of no project is recalled in
// both; another project's memory stays in its own repository.
//
// The one prompt asks four things at once, so each memory matches only a
// part of it and scores below the relevance floor (engine/service/search/relevance.go):
// the floor is off here, this test is about projects.
func TestHooksKeepProjectsApartLive(t *testing.T) {
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret, "MEMSVC_RELEVANCE_FLOOR": "-1"})
	alice := mintKey(t, secret, s.dataDir, "alice")
	who := as{key: alice, place: keyBearer}
	alpha, beta := repoDir(t, "alpha"), repoDir(t, "beta")
	env := map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_HOOKS_STATE_DIR": t.TempDir()}

	r := runHookBinary(t, "stop", env, event(t, "stop.json", map[string]any{"cwd": alpha,
		"transcript_path": factsTranscript(t), "session_id": "alpha-1"}))
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("stop: exit %d stdout %q", r.code, r.stdout)
	}
	captured := s.get(t, who, "/api/v1/memories?project=alpha&size=100")
	wantStatus(t, captured, http.StatusOK)
	if !strings.Contains(string(captured.raw), "Lisbon") {
		t.Fatalf("the exchange captured in alpha is not stored under project alpha: %s", captured.raw)
	}
	s.addVerbatim(t, who, "The team calendar lives in the shared Nextcloud instance", nil)
	s.addVerbatim(t, who, "Beta release builds are signed with the cosign key in the vault", map[string]any{"project": "beta"})

	prompt := "Where did I move, where do I work, where is the team calendar and how are beta release builds signed?"
	tests := []struct {
		name      string
		cwd       string
		extra     map[string]string
		want, not []string
	}{
		{"in alpha", alpha, nil, []string{"Lisbon", "Nextcloud"}, []string{"cosign"}},
		{"in beta", beta, nil, []string{"cosign", "Nextcloud"}, []string{"Lisbon", "Globex"}},
		{"in beta with projects off", beta, map[string]string{"MEMSVC_PROJECT": "none"},
			[]string{"cosign", "Nextcloud", "Lisbon"}, nil},
		{"in beta posing as alpha", beta, map[string]string{"MEMSVC_PROJECT": "alpha"},
			[]string{"Lisbon", "Nextcloud"}, []string{"cosign"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := map[string]string{}
			for k, v := range env {
				e[k] = v
			}
			for k, v := range tt.extra {
				e[k] = v
			}
			got := hookContext(t, "prompt", e, event(t, "prompt_relevant.json", map[string]any{"cwd": tt.cwd, "prompt": prompt}))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("context lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("context has %q:\n%s", n, got)
				}
			}
		})
	}
}

// TestHookSessionStartShowsInstructionsFirst: procedural memories of the
// project or of none open the session-start context, once, before the
// recent memories.
func TestHookSessionStartShowsInstructionsFirst(t *testing.T) {
	s, alice, _ := authServer(t)
	who := as{key: alice, place: keyBearer}
	procedural := func(extra map[string]any) map[string]any {
		extra["memory_type"] = "procedural"
		return extra
	}
	s.addVerbatim(t, who, "Always write commit messages in the imperative mood", procedural(map[string]any{}))
	s.addVerbatim(t, who, "Run pnpm lint before every beta commit", procedural(map[string]any{"project": "beta"}))
	s.addVerbatim(t, who, "Alpha's API listens on port 8443 in development", map[string]any{"project": "alpha"})
	s.addVerbatim(t, who, "Bob owns the billing service", nil)
	env := map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_HOOKS_STATE_DIR": t.TempDir()}

	got := hookContext(t, "session-start", env, event(t, "session_start.json", map[string]any{"cwd": repoDir(t, "alpha")}))
	instr := strings.Index(got, "Standing instructions")
	rule := strings.Index(got, "imperative mood")
	recent := strings.Index(got, "Most recent memories")
	if instr < 0 || recent < 0 || !(instr < rule && rule < recent) {
		t.Errorf("want the instruction in its section before the recent memories:\n%s", got)
	}
	if n := strings.Count(got, "imperative mood"); n != 1 {
		t.Errorf("the instruction is shown %d times, want once:\n%s", n, got)
	}
	for _, w := range []string{"port 8443", "Bob owns the billing service"} {
		if !strings.Contains(got[max(recent, 0):], w) {
			t.Errorf("recent memories lack %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "pnpm lint") {
		t.Errorf("another project's instruction is shown:\n%s", got)
	}
}

// TestHookRemovesStaleStashes: a hook run removes the prompt stash of a
// session that never reached Stop once it is a day old, and keeps the rest.
func TestHookRemovesStaleStashes(t *testing.T) {
	s, alice, _ := authServer(t)
	state := t.TempDir()
	stale, fresh := filepath.Join(state, "prompt-abandoned.json"), filepath.Join(state, "prompt-running.json")
	other := filepath.Join(state, "notes.txt")
	for _, p := range []string{stale, fresh, other} {
		if err := os.WriteFile(p, []byte(`{"session_id":"x","prompt":"p","time":"2026-01-01T00:00:00Z"}`), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-25 * time.Hour)
	for _, p := range []string{stale, other} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_HOOKS_STATE_DIR": state}
	if r := runHookBinary(t, "session-start", env, event(t, "session_start.json", nil)); r.code != 0 {
		t.Fatalf("exit %d", r.code)
	}
	for p, wantGone := range map[string]bool{stale: true, fresh: false, other: false} {
		if _, err := os.Stat(p); os.IsNotExist(err) != wantGone {
			t.Errorf("%s: removed %v, want %v", filepath.Base(p), os.IsNotExist(err), wantGone)
		}
	}
}

// TestHookStopKeepsWhatWasSaid: the plugin's stop capture keeps the user's
// turn as said (an episode) beside the facts distilled from it, and the
// prompt hook of a later session recalls the instruction.
func TestHookStopKeepsWhatWasSaid(t *testing.T) {
	s, alice, _ := authServer(t)
	who := as{key: alice, place: keyBearer}
	env := map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_HOOKS_STATE_DIR": t.TempDir(),
		"MEMSVC_PROJECT": "none"}
	said := "From now on every Python service uses uv instead of pip, and we pin Python 3.12 in CI."
	r := runHookBinary(t, "stop", env, event(t, "stop.json", map[string]any{
		"transcript_path": transcriptOf(t, said, "Understood, I will use uv for the Python services from now on."),
		"session_id":      "stop-instruction"}))
	if r.code != 0 {
		t.Fatalf("stop exit %d", r.code)
	}
	eps := s.get(t, who, "/api/v1/memories?memory_type=episodic&size=20")
	kept := false
	for _, x := range eps.body["items"].([]any) {
		m := x.(map[string]any)
		kept = kept || (m["source"].(map[string]any)["kind"] == "episode" && strings.Contains(m["text"].(string), "uv instead of pip"))
	}
	all := s.get(t, who, "/api/v1/memories?size=20")
	if !kept && !strings.Contains(string(all.raw), "uv instead of pip") {
		t.Errorf("the instruction was not kept as said: %s", all.raw)
	}
	p := runHookBinary(t, "prompt", env, event(t, "prompt_relevant.json", map[string]any{
		"prompt": "should the Python services use uv or pip?", "session_id": "later"}))
	if p.code != 0 || !strings.Contains(p.stdout, "uv") {
		hits := s.post(t, who, "/api/v1/memories/search", map[string]any{"query": "should the Python services use uv or pip?"})
		t.Errorf("the prompt hook did not recall the instruction: exit %d stdout %q; search: %s", p.code, p.stdout, hits.raw)
	}
}
