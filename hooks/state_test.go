package hooks

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

const (
	sessionID      = "6f1c2a0e-3b7d-4c1e-9a55-2d8e4b7f0c11"
	deployPromptID = "9a7c3e51-2b4d-4f60-8e1a-3c5d7f9b1e20"
	finalMessage   = "Alice has lived in Paris since March 2025, so a surprise trip there works well; " +
		"book her a window seat since she prefers them on long flights."
)

// promptEvent is a UserPromptSubmit event of the test session.
func promptEvent(t *testing.T, promptID, prompt string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"session_id": sessionID, "prompt_id": promptID, "cwd": "/home/dev/website",
		"permission_mode": "default", "hook_event_name": "UserPromptSubmit", "prompt": prompt})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stopEventFor is stopEvent with the turn's prompt id set.
func stopEventFor(t *testing.T, transcript, promptID, last string) string {
	t.Helper()
	var ev map[string]any
	if err := json.Unmarshal([]byte(stopEvent(t, transcript, last, false)), &ev); err != nil {
		t.Fatal(err)
	}
	ev["prompt_id"] = promptID
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestStopPairsStashedPrompt: when the transcript lags the turn, the stop
// hook pairs the prompt the prompt hook stashed with last_assistant_message.
func TestStopPairsStashedPrompt(t *testing.T) {
	alice := "Where does Alice live these days? I want to plan a surprise trip to Paris for her."
	aliceID := "b8ecd1ed-053a-46b7-91bc-34e4aa8c598b"
	tests := []struct {
		name                   string
		promptID, prompt       string // prompt hook call; "" skips it
		stopID, transcript     string
		last                   string
		wantOutcome, wantError string
		wantMessages           []any
	}{
		{
			name:     "transcript not written yet",
			promptID: aliceID, prompt: alice,
			stopID: aliceID, transcript: "/nonexistent/" + sessionID + ".jsonl", last: finalMessage,
			wantOutcome: "captured",
			wantMessages: []any{
				map[string]any{"role": "user", "content": alice, "id": aliceID, "created_at": "2026-03-02T09:16:10Z"},
				map[string]any{"role": "assistant", "content": finalMessage},
			},
		},
		{
			name:     "transcript holds only an older turn",
			promptID: aliceID, prompt: alice,
			stopID: aliceID, transcript: "transcript_short.jsonl", last: finalMessage,
			wantOutcome: "captured",
			wantMessages: []any{
				map[string]any{"role": "user", "content": alice, "id": aliceID, "created_at": "2026-03-02T09:16:10Z"},
				map[string]any{"role": "assistant", "content": finalMessage},
			},
		},
		{
			name:     "transcript holds the turn: its whole reply is used",
			promptID: deployPromptID, prompt: deployPrompt,
			stopID: deployPromptID, transcript: "transcript_exchange.jsonl",
			wantOutcome: "captured",
			wantMessages: []any{
				map[string]any{"role": "user", "content": deployPrompt,
					"id": "00000007-0000-4000-8000-000000000007", "created_at": "2026-03-02T09:16:10.25Z"},
				map[string]any{"role": "assistant", "content": deployReply,
					"id": "00000013-0000-4000-8000-000000000013", "created_at": "2026-03-02T09:16:18.9Z"},
			},
		},
		{
			name:     "stash of another prompt is not used",
			promptID: "older-prompt", prompt: alice,
			stopID: aliceID, transcript: "/nonexistent/" + sessionID + ".jsonl", last: finalMessage,
			wantOutcome: "error", wantError: "no such file",
		},
		{
			name:   "no stash and no transcript",
			stopID: aliceID, transcript: "/nonexistent/" + sessionID + ".jsonl", last: finalMessage,
			wantOutcome: "error", wantError: "no such file",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			cfg.StateDir = filepath.Join(t.TempDir(), "state")
			cfg.Now = func() time.Time { return time.Date(2026, 3, 2, 9, 16, 10, 0, time.UTC) }
			if tt.prompt != "" {
				runHook(t, "prompt", cfg, promptEvent(t, tt.promptID, tt.prompt))
			}
			if out := runHook(t, "stop", cfg, stopEventFor(t, tt.transcript, tt.stopID, tt.last)); out != "" {
				t.Errorf("stop printed %q", out)
			}
			lines := readLog(t, cfg.LogFile)
			got := lines[len(lines)-1]
			if got.Outcome != tt.wantOutcome || !strings.Contains(got.Error, tt.wantError) {
				t.Fatalf("stop logged %+v, want %s %q", got, tt.wantOutcome, tt.wantError)
			}
			if tt.wantMessages == nil {
				return
			}
			calls := fake.requests()
			body := calls[len(calls)-1].Body
			if diff := cmp.Diff(tt.wantMessages, body["messages"]); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
			if _, err := os.Stat(stashPath(cfg.StateDir, sessionID)); !os.IsNotExist(err) {
				t.Errorf("stash left behind after use: %v", err)
			}
		})
	}
}

func TestStashStaysInItsDirectory(t *testing.T) {
	dir := t.TempDir()
	in := eventInput{SessionID: "../../etc/passwd", PromptID: "p1", Prompt: "hello there"}
	if err := saveStash(dir, in, time.Unix(0, 0)); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "prompt-______etc_passwd.json" {
		t.Fatalf("dir holds %v", entries)
	}
	if info, err := entries[0].Info(); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("stash mode = %v, %v; want 0600", info.Mode(), err)
	}
	st, ok, err := takeStash(dir, in.SessionID)
	if err != nil || !ok || st.Prompt != "hello there" || st.PromptID != "p1" {
		t.Fatalf("takeStash = %+v, %v, %v", st, ok, err)
	}
	if _, ok, _ := takeStash(dir, in.SessionID); ok {
		t.Error("stash returned twice")
	}
	if err := saveStash("", in, time.Unix(0, 0)); err != nil {
		t.Errorf("no state dir: %v", err)
	}
}

func TestSweepStashes(t *testing.T) {
	now := time.Now()
	tests := []struct {
		name string
		age  time.Duration
		dir  bool // a directory of that name
		gone bool
	}{
		{"prompt-fresh.json", time.Hour, false, false},
		{"prompt-almost.json", staleStash - time.Minute, false, false},
		{"prompt-stale.json", staleStash, false, true},
		{"prompt-ancient.json", 30 * staleStash, false, true},
		{".prompt-123456", 2 * staleStash, false, true}, // a crashed save's temporary file
		{"notes.txt", 2 * staleStash, false, false},     // not ours
		{"prompt-old.json.bak", 2 * staleStash, false, false},
		{"prompt-dir.json", 2 * staleStash, true, false},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		p := filepath.Join(dir, tt.name)
		var err error
		if tt.dir {
			err = os.Mkdir(p, 0o700)
		} else {
			err = os.WriteFile(p, []byte("{}"), 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-tt.age), now.Add(-tt.age)); err != nil {
			t.Fatal(err)
		}
	}
	if err := sweepStashes(dir, now); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		_, err := os.Stat(filepath.Join(dir, tt.name))
		if gone := os.IsNotExist(err); gone != tt.gone {
			t.Errorf("%s (age %v): removed %v, want %v", tt.name, tt.age, gone, tt.gone)
		}
	}
	for _, d := range []string{"", filepath.Join(dir, "missing")} {
		if err := sweepStashes(d, now); err != nil {
			t.Errorf("sweepStashes(%q) = %v, want nil", d, err)
		}
	}
}

// TestHookRunsSweepStaleStashes: any hook run clears stashes of sessions
// that never reached Stop, a bounded number of entries per run, and keeps
// the stash the run itself wrote.
func TestHookRunsSweepStaleStashes(t *testing.T) {
	_, srv := newFakeMemsvcREST(t)
	cfg := testConfig(t, srv.URL)
	cfg.StateDir = t.TempDir()
	old := time.Now().Add(-2 * staleStash)
	const stale = maxSweep + 44
	for i := range stale {
		p := filepath.Join(cfg.StateDir, fmt.Sprintf("prompt-abandoned-%03d.json", i))
		if err := os.WriteFile(p, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	count := func() int {
		entries, err := os.ReadDir(cfg.StateDir)
		if err != nil {
			t.Fatal(err)
		}
		return len(entries)
	}
	runHook(t, "prompt", cfg, promptEvent(t, "p1", "Where does Alice live these days?"))
	// One run looks at maxSweep entries at most; the new stash is fresh.
	if got, least := count(), stale+1-maxSweep; got < least || got == stale+1 {
		t.Fatalf("after one run %d files remain, want between %d and %d", got, least, stale)
	}
	runHook(t, "session-start", cfg, fixture(t, "session_start.json"))
	if got := count(); got != 1 {
		t.Errorf("after two runs %d files remain, want only the fresh stash", got)
	}
	if _, err := os.Stat(stashPath(cfg.StateDir, sessionID)); err != nil {
		t.Errorf("the fresh stash was removed: %v", err)
	}
}

// TestStopCapturesATurnOnce: a Stop that finds, as the transcript's last
// exchange, a turn the hook already captured (its own turn not written yet,
// no prompt stashed, as after a resume or with the prompt hook failing)
// sends nothing, and the same Stop delivered twice captures once.
func TestStopCapturesATurnOnce(t *testing.T) {
	tests := []struct {
		name          string
		second        string // prompt_id of the second Stop
		stateDir      bool
		wantCaptures  int
		wantSecondLog logLine
	}{
		{"the same Stop twice", deployPromptID, true, 1,
			logLine{Event: "stop", Outcome: "skipped", Reason: "already_captured"}},
		{"the next turn's Stop before its turn is written", "next-prompt", true, 1,
			logLine{Event: "stop", Outcome: "skipped", Reason: "already_captured"}},
		{"without a state directory nothing is remembered", "next-prompt", false, 2,
			logLine{Event: "stop", Outcome: "captured", Hits: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			if tt.stateDir {
				cfg.StateDir = filepath.Join(t.TempDir(), "state")
			}
			runHook(t, "stop", cfg, stopEventFor(t, "transcript_exchange.jsonl", deployPromptID, ""))
			runHook(t, "stop", cfg, stopEventFor(t, "transcript_exchange.jsonl", tt.second, ""))
			captures := 0
			for _, c := range fake.requests() {
				if strings.HasSuffix(c.Path, "/from-conversation") {
					captures++
				}
			}
			if captures != tt.wantCaptures {
				t.Errorf("%d captures, want %d", captures, tt.wantCaptures)
			}
			lines := readLog(t, cfg.LogFile)
			got := lines[len(lines)-1]
			got.Time, got.DurationMS = "", 0
			if diff := cmp.Diff(tt.wantSecondLog, got); diff != "" {
				t.Errorf("second stop logged (-want +got):\n%s", diff)
			}
		})
	}
}
