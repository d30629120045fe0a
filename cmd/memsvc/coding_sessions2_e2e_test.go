package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The second coding-sessions evaluation is a held-out check of the plugin
// on turns shaped like real ones: three repositories (Python, Go,
// TypeScript) whose sessions run tools (each step narrates, calls a tool
// and gets its result back, sometimes after a thinking block), state
// conventions mid-session and after pasted errors, and later change one per
// repository; the later prompts carry pasted stack traces, compiler errors,
// code, diffs, @file mentions, a slash command and several paragraphs. Its
// texts share nothing with the first evaluation's. Every turn runs the
// prompt hook and then the stop hook, as Claude Code does. The fixtures are
// under testdata/coding_sessions2.

// toolStep is one tool call of a turn: the narration before it, the call
// and the result Claude Code feeds back as a user entry. Error marks a call
// that failed (a command's non-zero exit, a rejected edit): Claude Code
// writes its result with is_error set.
type toolStep struct {
	Say      string         `json:"say"`
	Thinking string         `json:"thinking"`
	Tool     string         `json:"tool"`
	Input    map[string]any `json:"input"`
	Output   string         `json:"output"`
	Error    bool           `json:"error"`
}

// toolTurn is one prompt and the turn that answered it; Assistant is the
// final reply, which is also the Stop event's last_assistant_message. Repo,
// when set, is the repository the user moved to for this turn (Claude Code
// reports the turn's cwd with each event), else the session's.
type toolTurn struct {
	User      string     `json:"user"`
	Repo      string     `json:"repo"`
	Steps     []toolStep `json:"steps"`
	Assistant string     `json:"assistant"`
}

type toolSession struct {
	ID        string     `json:"id"`
	Repo      string     `json:"repo"`
	Time      time.Time  `json:"time"`
	Exchanges []toolTurn `json:"exchanges"`
}

type toolFixture struct {
	Repos    map[string]codingRepo `json:"repos"`
	Sessions []toolSession         `json:"sessions"`
	Prompts  []codingPrompt        `json:"prompts"`
}

// Floors of the second evaluation. When the hook learned to search with
// what a prompt is about and to capture the user's words rather than their
// pastes and the agent's narration, it went from related recalled 6/17,
// unrelated silent 9/9, stale 2, other repository 0 (session start stale 3)
// to 8/17, 9/9, stale 1. The next round (clauses of the ask and a paste's
// imports searched alone, code lines no longer taken for error headlines)
// measured 12/17, 9/9, stale 2, other repository 0, session start stale 3.
// The one stale more is the retry prompt: it was a miss (its query held a
// pasted Go signature, "… error {", taken for an error line) and now gets
// the current 2-minute ceiling together with the 30-second one it replaced,
// which the engine keeps active beside it; the header tells Claude the
// later date holds. The seventh supersede round retired the 8081 port and
// the Jest setup: stale 1, session start stale 2; retired names and the
// packages shell commands remove (hooks/toolremoval.go): stale 0, session
// start stale 1. Lowered once, 13 → 12, on purpose: redaction had turned
// the path migrations/versions/0043_LED-318_add_currency.py into
// "[REDACTED].py" (a user's words lost); kept whole, that memory now
// outranks the ruff memory for the formatting prompt (led-2), a ranking
// coincidence and not worth destroying a path for. Raise the floors as
// recall improves; never lower them to let a change through.
var codingSessions2Floors = codingFloors{recalled: 12, silent: 9, stale: 0, foreign: 0,
	startStale: 1} // of 17 related, 9 unrelated prompts; 3 session starts

func TestCodingSessions2Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 18 tool-using turns and 26 prompts through the built binary")
	}
	t.Parallel()
	fx := loadToolFixture(t)
	e := newCodingEval(t, fx.Repos)
	replayToolSessions(t, fx, e.env, e.dirs)
	e.checkCaptured(t)

	scoreLaterSessions(t, "coding sessions 2", codingFixture{Repos: fx.Repos, Prompts: fx.Prompts}, e.env, e.dirs,
		codingSessions2Floors)
}

func loadToolFixture(t *testing.T) toolFixture {
	t.Helper()
	var f toolFixture
	readFixture(t, "coding_sessions2", &f)
	if len(f.Sessions) == 0 || len(f.Prompts) == 0 || len(f.Repos) != 3 {
		t.Fatalf("fixture: %d sessions, %d prompts, %d repos", len(f.Sessions), len(f.Prompts), len(f.Repos))
	}
	return f
}

// checkSessionStartShape holds the session-start context to its contract:
// the notice, then the standing instructions, then the recent memories,
// within the 8,000-character budget.
func checkSessionStartShape(t *testing.T, repo, got string) {
	t.Helper()
	if n := len([]rune(got)); n == 0 || n > 8000 {
		t.Errorf("session start in %s: %d characters, want 1..8000", repo, n)
	}
	ins := strings.Index(got, "Standing instructions")
	rec := strings.Index(got, "Most recent memories")
	if !strings.HasPrefix(got, "memsvc long-term memory is active") || rec < 0 || (ins >= 0 && ins > rec) {
		t.Errorf("session start in %s: want notice, instructions, then recent memories:\n%s", repo, got)
	}
}

// replayToolSessions plays every turn as Claude Code does: the prompt hook
// on the prompt, then the stop hook against the transcript as it stands
// when the turn ends.
func replayToolSessions(t *testing.T, fx toolFixture, env map[string]string, dirs map[string]string) {
	t.Helper()
	tdir := t.TempDir()
	for _, s := range fx.Sessions {
		for n := 1; n <= len(s.Exchanges); n++ {
			turn := s.Exchanges[n-1]
			dir, ok := dirs[cmp.Or(turn.Repo, s.Repo)]
			if !ok {
				t.Fatalf("session %s turn %d: unknown repo %q", s.ID, n, cmp.Or(turn.Repo, s.Repo))
			}
			promptID := fmt.Sprintf("%s-p%d", s.ID, n-1)
			if r := runHookBinary(t, "prompt", env, event(t, "prompt_relevant.json", map[string]any{
				"cwd": dir, "session_id": s.ID, "prompt_id": promptID, "prompt": turn.User})); r.code != 0 {
				t.Fatalf("prompt %s/%d: exit %d", s.ID, n, r.code)
			}
			r := runHookBinary(t, "stop", env, event(t, "stop.json", map[string]any{
				"cwd": dir, "session_id": s.ID, "prompt_id": promptID,
				"last_assistant_message": turn.Assistant,
				"transcript_path":        writeToolTranscript(t, tdir, s, n)}))
			if r.code != 0 || r.stdout != "" {
				t.Fatalf("stop %s/%d: exit %d stdout %q", s.ID, n, r.code, r.stdout)
			}
		}
	}
}

// writeToolTranscript writes the first n turns of s as Claude Code records
// them: the prompt; per step an assistant entry (thinking, narration,
// tool_use) and a user entry with the tool_result; then the final reply.
func writeToolTranscript(t *testing.T, dir string, s toolSession, n int) string {
	t.Helper()
	var b strings.Builder
	enc := json.NewEncoder(&b)
	parent := any(nil)
	at := s.Time
	emit := func(typ, uuid string, extra map[string]any, msg map[string]any) {
		e := map[string]any{"type": typ, "uuid": uuid, "parentUuid": parent, "sessionId": s.ID,
			"isSidechain": false, "timestamp": at.Format(time.RFC3339Nano), "message": msg}
		for k, v := range extra {
			e[k] = v
		}
		if err := enc.Encode(e); err != nil {
			t.Fatal(err)
		}
		parent, at = uuid, at.Add(5*time.Second)
	}
	for i, turn := range s.Exchanges[:n] {
		at = s.Time.Add(time.Duration(i) * 4 * time.Minute)
		id := fmt.Sprintf("%s-t%d", s.ID, i)
		emit("user", id+"-u", map[string]any{"promptId": fmt.Sprintf("%s-p%d", s.ID, i)},
			map[string]any{"role": "user", "content": turn.User})
		for j, st := range turn.Steps {
			var blocks []map[string]any
			if st.Thinking != "" {
				blocks = append(blocks, map[string]any{"type": "thinking", "thinking": st.Thinking, "signature": "sig"})
			}
			tool := fmt.Sprintf("toolu_%s_%d", id, j)
			blocks = append(blocks, map[string]any{"type": "text", "text": st.Say},
				map[string]any{"type": "tool_use", "id": tool, "name": st.Tool, "input": st.Input})
			emit("assistant", fmt.Sprintf("%s-a%d", id, j), nil,
				map[string]any{"role": "assistant", "stop_reason": "tool_use", "content": blocks})
			emit("user", fmt.Sprintf("%s-r%d", id, j), map[string]any{"toolUseResult": toolUseResult(st)},
				map[string]any{"role": "user", "content": []map[string]any{toolResultBlock(tool, st)}})
		}
		emit("assistant", id+"-final", nil, map[string]any{"role": "assistant", "stop_reason": "end_turn",
			"content": []map[string]any{{"type": "text", "text": turn.Assistant}}})
	}
	p := filepath.Join(dir, s.ID+".jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// toolResultBlock is the tool_result block answering call id with st's
// output; a failed command's result starts with its exit status, as Claude
// Code writes it, and is marked is_error.
func toolResultBlock(id string, st toolStep) map[string]any {
	if !st.Error {
		return map[string]any{"type": "tool_result", "tool_use_id": id, "content": st.Output}
	}
	return map[string]any{"type": "tool_result", "tool_use_id": id, "is_error": true, "content": failedOutput(st)}
}

// toolUseResult is the entry's toolUseResult: the command's output, or for
// a failed call the error text.
func toolUseResult(st toolStep) any {
	if st.Error {
		return "Error: " + failedOutput(st)
	}
	return map[string]any{"stdout": st.Output}
}

// failedOutput is a failed call's result text: a command's exit status
// before its output.
func failedOutput(st toolStep) string {
	if st.Tool == "Bash" {
		return "Exit code 1\n" + st.Output
	}
	return st.Output
}
