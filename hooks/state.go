package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The prompt hook stashes the prompt it saw so the stop hook can pair it
// with last_assistant_message even when the transcript does not hold the
// turn yet. The hooks reference warns the transcript "is written
// asynchronously and may lag", and with Claude Code 2.1.197 in -p mode the
// file did not exist at all when the first turn's Stop hook ran.

// maxStashedPrompt bounds the stash; capture never sends more than
// CaptureMaxChars of it anyway.
const maxStashedPrompt = 64 << 10

// promptStash is the last prompt of one session.
type promptStash struct {
	SessionID string `json:"session_id"`
	PromptID  string `json:"prompt_id,omitempty"`
	Prompt    string `json:"prompt"`
	Time      string `json:"time"`
}

// stashPath names the stash of a session, or "" when there is none to keep.
func stashPath(dir, sessionID string) string {
	return sessionFile(dir, "prompt-", sessionID)
}

// sessionFile names the session's file of the given kind (prefix) in dir,
// or "" when there is none to keep.
func sessionFile(dir, prefix, sessionID string) string {
	if dir == "" || sessionID == "" {
		return ""
	}
	safe := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, sessionID)
	return filepath.Join(dir, prefix+safe+".json")
}

// saveStash records the session's latest prompt, atomically so a stop hook
// never reads half a file.
func saveStash(dir string, in eventInput, now time.Time) error {
	path := stashPath(dir, in.SessionID)
	if path == "" {
		return nil
	}
	prompt := in.Prompt
	if len(prompt) > maxStashedPrompt {
		prompt = strings.ToValidUTF8(prompt[:maxStashedPrompt], "")
	}
	err := writeJSONFile(path, promptStash{SessionID: in.SessionID, PromptID: in.PromptID, Prompt: prompt,
		Time: now.UTC().Format(time.RFC3339Nano)})
	if err != nil {
		return fmt.Errorf("stash prompt: %w", err)
	}
	return nil
}

// writeJSONFile writes v to path atomically (a temporary file renamed into
// place), so a concurrent hook never reads half a file; the directory is
// created private to the user.
func writeJSONFile(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".prompt-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// The stop hook records the last turn it captured in each session, so the
// same turn is never sent twice: Claude Code writes the transcript
// asynchronously, and a Stop that comes before its turn is written finds
// the previous turn, already captured, as the file's last exchange (after
// a resume, the last turn of the earlier run). A second capture of a turn
// stores its episode and facts twice.

// capturedTurn is the marker of a session's last captured turn.
type capturedTurn struct {
	SessionID string `json:"session_id"`
	Turn      string `json:"turn"`
}

// lastCaptured returns the key of the session's last captured turn, "" if
// none is recorded (or the record is unreadable: capture then goes ahead).
func lastCaptured(dir, sessionID string) string {
	path := sessionFile(dir, "captured-", sessionID)
	if path == "" {
		return ""
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var c capturedTurn
	if json.Unmarshal(b, &c) != nil || c.SessionID != sessionID {
		return ""
	}
	return c.Turn
}

// markCaptured records turn as the session's last captured turn.
func markCaptured(dir, sessionID, turn string) error {
	path := sessionFile(dir, "captured-", sessionID)
	if path == "" || turn == "" {
		return nil
	}
	if err := writeJSONFile(path, capturedTurn{SessionID: sessionID, Turn: turn}); err != nil {
		return fmt.Errorf("record captured turn: %w", err)
	}
	return nil
}

// takeStash returns and removes the session's stashed prompt. ok is false
// when there is none; a stash is used at most once.
func takeStash(dir, sessionID string) (promptStash, bool, error) {
	path := stashPath(dir, sessionID)
	if path == "" {
		return promptStash{}, false, nil
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return promptStash{}, false, nil
	}
	if err != nil {
		return promptStash{}, false, fmt.Errorf("read prompt stash: %w", err)
	}
	_ = os.Remove(path)
	var st promptStash
	if err := json.Unmarshal(b, &st); err != nil || st.SessionID != sessionID {
		return promptStash{}, false, nil // unreadable: fall back to the transcript
	}
	return st, true, nil
}

// staleStash is the age past which a stash is removed. The stop hook of its
// turn takes a stash within minutes; one a day old is left by a session that
// never reached Stop (interrupted, crashed, killed).
const staleStash = 24 * time.Hour

// maxSweep bounds the directory entries one hook run looks at, so a state
// directory grown huge cannot slow every hook down.
const maxSweep = 256

// sweepStashes removes stashes, captured-turn markers and temporary files a
// crashed write left, whose modification time is staleStash or more before
// now. A marker is only needed while its session runs.
func sweepStashes(dir string, now time.Time) error {
	if dir == "" {
		return nil
	}
	f, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("sweep prompt stashes: %w", err)
	}
	defer f.Close()
	entries, err := f.ReadDir(maxSweep)
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("sweep prompt stashes: %w", err)
	}
	var errs []error
	for _, e := range entries {
		name := e.Name()
		ours := (strings.HasPrefix(name, "prompt-") || strings.HasPrefix(name, "captured-")) &&
			strings.HasSuffix(name, ".json") || strings.HasPrefix(name, ".prompt-")
		if !ours || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < staleStash {
			continue // gone meanwhile, or still fresh
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("sweep prompt stashes: %w", err)
	}
	return nil
}
