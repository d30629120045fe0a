package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The coding-sessions evaluation replays a developer's sessions in two
// repositories through the plugin exactly as Claude Code drives it: every
// exchange is written to a transcript and captured by the real binary's
// stop hook, then later prompts run the prompt hook and each repository's
// new session runs session-start. The fixtures are under
// testdata/coding_sessions (sessions.json, prompts.json).

// codingRepo is one repository of the fixture: markers are words only its
// memories hold; stale words only its superseded statements hold.
type codingRepo struct {
	Markers []string `json:"markers"`
	Stale   []string `json:"stale"`
}

type codingExchange struct {
	User      string `json:"user"`
	Assistant string `json:"assistant"`
}

type codingSession struct {
	ID        string           `json:"id"`
	Repo      string           `json:"repo"`
	Time      time.Time        `json:"time"`
	Exchanges []codingExchange `json:"exchanges"`
}

// codingPrompt is a later prompt: Expect empty means it is unrelated to
// everything stored and must inject nothing. Before, when set, are the
// exchanges its session had before it (a follow-up such as "same for the
// other table"): they are written to the session's transcript, which the
// prompt hook is given as Claude Code gives it.
type codingPrompt struct {
	Repo   string           `json:"repo"`
	Prompt string           `json:"prompt"`
	Expect []string         `json:"expect"`
	Stale  []string         `json:"stale"`
	Memory string           `json:"memory"`
	Before []codingExchange `json:"before"`
}

type codingFixture struct {
	Repos    map[string]codingRepo `json:"repos"`
	Sessions []codingSession       `json:"sessions"`
	Prompts  []codingPrompt        `json:"prompts"`
}

func loadCodingFixture(t *testing.T) codingFixture {
	t.Helper()
	var f codingFixture
	readFixture(t, "coding_sessions", &f)
	if len(f.Sessions) == 0 || len(f.Prompts) == 0 || len(f.Repos) != 2 {
		t.Fatalf("fixture: %d sessions, %d prompts, %d repos", len(f.Sessions), len(f.Prompts), len(f.Repos))
	}
	return f
}

// readFixture decodes testdata/dir's sessions.json and prompts.json into f.
func readFixture(t *testing.T, dir string, f any) {
	t.Helper()
	for _, name := range []string{"sessions.json", "prompts.json"} {
		raw, err := os.ReadFile(filepath.Join("testdata", dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// codingEval is what an evaluation's hooks run against: a server with auth,
// the hooks' environment (logging every call to logFile) and a git
// repository directory for each fixture repository.
//
// Each evaluation has its own server, data directory, port, hook state
// directory, hook log and repositories, and hands its environment to the hook
// processes instead of setting the test process's: the evaluations share
// nothing mutable, so they call t.Parallel. They mostly wait on hook
// processes and HTTP, and run up to -parallel (GOMAXPROCS) at once, after the
// package's sequential tests and beside its other parallel ones. A hook fails
// open, so a recall timed out by too much concurrency shows as a lower count,
// not an error: check a change here against a sequential run (-parallel 1),
// every count identical.
type codingEval struct {
	env, dirs map[string]string
	logFile   string
}

func newCodingEval(t *testing.T, repos map[string]codingRepo) codingEval {
	t.Helper()
	s, alice, _ := authServer(t)
	e := codingEval{logFile: filepath.Join(t.TempDir(), "hooks.log"), dirs: map[string]string{}}
	e.env = map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_HOOKS_STATE_DIR": t.TempDir(),
		"MEMSVC_HOOKS_LOG": e.logFile}
	for name := range repos {
		e.dirs[name] = repoDir(t, name)
	}
	return e
}

// checkCaptured fails the test for every stop hook call that did not capture its turn.
func (e codingEval) checkCaptured(t *testing.T) {
	t.Helper()
	for _, l := range logLines(t, e.logFile) {
		if l["event"] == "stop" && l["outcome"] != "captured" {
			t.Errorf("a turn was not captured: %v", l)
		}
	}
}

// writeSessionTranscript writes the first n exchanges of s as a Claude Code
// transcript (one user entry and one assistant text entry each, a few
// seconds apart), as the file stands when the n-th turn stops.
func writeSessionTranscript(t *testing.T, dir string, s codingSession, n int) string {
	t.Helper()
	var b strings.Builder
	enc := json.NewEncoder(&b)
	parent := any(nil)
	for i, ex := range s.Exchanges[:n] {
		at := s.Time.Add(time.Duration(i) * 3 * time.Minute)
		uid, aid := fmt.Sprintf("%s-u%d", s.ID, i), fmt.Sprintf("%s-a%d", s.ID, i)
		entries := []map[string]any{
			{"type": "user", "uuid": uid, "parentUuid": parent, "sessionId": s.ID, "promptId": uid + "-prompt",
				"timestamp": at.Format(time.RFC3339Nano), "message": map[string]any{"role": "user", "content": ex.User}},
			{"type": "assistant", "uuid": aid, "parentUuid": uid, "sessionId": s.ID,
				"timestamp": at.Add(20 * time.Second).Format(time.RFC3339Nano),
				"message": map[string]any{"role": "assistant", "stop_reason": "end_turn",
					"content": []map[string]any{{"type": "text", "text": ex.Assistant}}}},
		}
		for _, e := range entries {
			if err := enc.Encode(e); err != nil {
				t.Fatal(err)
			}
		}
		parent = aid
	}
	p := filepath.Join(dir, s.ID+".jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// injected runs a context-adding hook and returns its additionalContext,
// "" when it printed nothing.
func injected(t *testing.T, ev string, env map[string]string, stdin string) string {
	t.Helper()
	r := runHookBinary(t, ev, env, stdin)
	if r.code != 0 {
		t.Fatalf("%s: exit %d stderr %q", ev, r.code, r.stderr)
	}
	if strings.TrimSpace(r.stdout) == "" {
		return ""
	}
	var out struct {
		HookSpecificOutput struct{ AdditionalContext string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%s: stdout %q: %v", ev, r.stdout, err)
	}
	return out.HookSpecificOutput.AdditionalContext
}

// containsAny reports the first of words found in text, case-insensitively.
func containsAny(text string, words []string) (string, bool) {
	low := strings.ToLower(text)
	for _, w := range words {
		if strings.Contains(low, strings.ToLower(w)) {
			return w, true
		}
	}
	return "", false
}

// codingScores are the evaluation's counts.
type codingScores struct {
	related, recalled     int // prompts needing a memory; those that got it
	unrelated, silent     int // prompts needing none; those that got nothing
	stale, foreign        int // prompts shown a superseded or another repository's memory
	startStale, startFrgn int // session-start contexts doing the same
}

// codingFloors are an evaluation's floors (at least) and ceilings (at most):
// what it measured when it was written or last improved. Raise them as
// recall improves, never lower them to let a change through.
type codingFloors struct {
	recalled, silent int // related prompts given their memory; unrelated prompts given nothing
	stale, foreign   int // prompts shown a superseded or another repository's memory
	startStale       int // session starts showing a superseded statement
}

// codingSessionsFloors: of 21 related and 10 unrelated prompts, 2 repositories.
var codingSessionsFloors = codingFloors{recalled: 15, silent: 9, stale: 1, foreign: 0, startStale: 1}

// TestCodingSessionsEval captures twelve coding sessions in two
// repositories through the stop hook, then scores what the prompt and
// session-start hooks inject in later sessions.
func TestCodingSessionsEval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 16 exchanges and 31 prompts through the built binary")
	}
	t.Parallel()
	fx := loadCodingFixture(t)
	e := newCodingEval(t, fx.Repos)
	captureSessions(t, fx, e.env, e.dirs)
	e.checkCaptured(t)
	scoreLaterSessions(t, "coding sessions", fx, e.env, e.dirs, codingSessionsFloors)
}

// captureSessions replays every exchange of every session through the stop
// hook, in order, each against the transcript as it stands at that turn.
func captureSessions(t *testing.T, fx codingFixture, env map[string]string, dirs map[string]string) {
	t.Helper()
	dir := t.TempDir()
	for _, s := range fx.Sessions {
		if _, ok := dirs[s.Repo]; !ok {
			t.Fatalf("session %s: unknown repo %q", s.ID, s.Repo)
		}
		for n := 1; n <= len(s.Exchanges); n++ {
			r := runHookBinary(t, "stop", env, event(t, "stop.json", map[string]any{
				"cwd": dirs[s.Repo], "session_id": s.ID, "prompt_id": "",
				"transcript_path": writeSessionTranscript(t, dir, s, n)}))
			if r.code != 0 || r.stdout != "" {
				t.Fatalf("stop %s/%d: exit %d stdout %q", s.ID, n, r.code, r.stdout)
			}
		}
	}
}

// otherMarkers are the markers of every repository but repo.
func otherMarkers(fx codingFixture, repo string) []string {
	var out []string
	for name, r := range fx.Repos {
		if name != repo {
			out = append(out, r.Markers...)
		}
	}
	return out
}

// scorePrompt counts one prompt's outcome and logs every miss with what was
// injected.
func scorePrompt(t *testing.T, fx codingFixture, p codingPrompt, got string, sc *codingScores) {
	t.Helper()
	verdict := "ok"
	if len(p.Expect) > 0 {
		sc.related++
		if _, ok := containsAny(got, p.Expect); ok {
			sc.recalled++
		} else {
			verdict = "MISS (want " + strings.Join(p.Expect, " or ") + ", from " + p.Memory + ")"
		}
	} else {
		sc.unrelated++
		if got == "" {
			sc.silent++
		} else {
			verdict = "NOISE (unrelated prompt got context)"
		}
	}
	if w, ok := containsAny(got, append(p.Stale, fx.Repos[p.Repo].Stale...)); ok {
		sc.stale++
		verdict += fmt.Sprintf(" STALE(%q)", w)
	}
	if w, ok := containsAny(got, otherMarkers(fx, p.Repo)); ok {
		sc.foreign++
		verdict += fmt.Sprintf(" OTHER-REPO(%q)", w)
	}
	t.Logf("[%s] %q: %s\n%s", p.Repo, p.Prompt, verdict, indent(got))
}

func indent(s string) string {
	if s == "" {
		return "    (nothing injected)"
	}
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

// laterSessionTime is when a scored follow-up prompt's earlier exchanges
// were said: after every fixture's sessions.
var laterSessionTime = time.Date(2026, 10, 15, 9, 0, 0, 0, time.UTC)

// scoreLaterSessions opens a later session in each repository and sends each
// of fx's prompts through the hooks, counts what they inject (label names the
// evaluation in the log) and holds the counts to f.
func scoreLaterSessions(t *testing.T, label string, fx codingFixture, env, dirs map[string]string, f codingFloors) {
	t.Helper()
	var sc codingScores
	for name, repo := range fx.Repos {
		got := injected(t, "session-start", env, event(t, "session_start.json",
			map[string]any{"cwd": dirs[name], "session_id": "start-" + label + "-" + name}))
		t.Logf("session-start in %s:\n%s", name, got)
		checkSessionStartShape(t, name, got)
		if w, ok := containsAny(got, repo.Stale); ok {
			sc.startStale++
			t.Logf("  STALE at session start in %s: %q", name, w)
		}
		if w, ok := containsAny(got, otherMarkers(fx, name)); ok {
			sc.startFrgn++
			t.Errorf("session start in %s shows another repository's memory (%q):\n%s", name, w, got)
		}
	}
	tdir := t.TempDir()
	for i, p := range fx.Prompts {
		sid := fmt.Sprintf("later-%s-%02d", label, i)
		set := map[string]any{"cwd": dirs[p.Repo], "prompt": p.Prompt, "session_id": sid, "prompt_id": ""}
		if len(p.Before) > 0 {
			s := codingSession{ID: sid, Repo: p.Repo, Time: laterSessionTime, Exchanges: p.Before}
			set["transcript_path"] = writeSessionTranscript(t, tdir, s, len(s.Exchanges))
		}
		got := injected(t, "prompt", env, event(t, "prompt_relevant.json", set))
		scorePrompt(t, fx, p, got, &sc)
	}
	t.Logf("%s: related recalled %d/%d, unrelated silent %d/%d, stale injected %d, "+
		"other repository injected %d; session start: stale %d, other repository %d",
		label, sc.recalled, sc.related, sc.silent, sc.unrelated, sc.stale, sc.foreign, sc.startStale, sc.startFrgn)
	if sc.startStale > f.startStale {
		t.Errorf("%d session starts show a superseded statement, ceiling %d", sc.startStale, f.startStale)
	}
	if sc.recalled < f.recalled || sc.silent < f.silent || sc.stale > f.stale || sc.foreign > f.foreign {
		t.Errorf("below the floors: recalled %d (floor %d), silent %d (floor %d), stale %d (ceiling %d), "+
			"other repository %d (ceiling %d)", sc.recalled, f.recalled, sc.silent, f.silent,
			sc.stale, f.stale, sc.foreign, f.foreign)
	}
}
