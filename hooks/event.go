package hooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// maxStdin bounds the hook event read from stdin. A prompt with large pasted
// content is still far below it.
const maxStdin = 16 << 20

// eventInput is the hook event JSON Claude Code writes to a command hook's
// stdin. Fields follow the hooks reference
// (https://code.claude.com/docs/en/hooks): "Common input fields"
// (session_id, prompt_id, transcript_path, cwd, hook_event_name), "UserPromptSubmit
// input" (prompt), "SessionStart input" (source) and "Stop input"
// (stop_hook_active, last_assistant_message). Unknown fields are ignored so
// newer Claude Code versions keep working.
type eventInput struct {
	SessionID            string `json:"session_id"`
	PromptID             string `json:"prompt_id"`
	TranscriptPath       string `json:"transcript_path"`
	Cwd                  string `json:"cwd"`
	HookEventName        string `json:"hook_event_name"`
	Prompt               string `json:"prompt"`
	Source               string `json:"source"`
	StopHookActive       bool   `json:"stop_hook_active"`
	LastAssistantMessage string `json:"last_assistant_message"`
}

// readEvent reads and decodes the event from stdin within ctx, so a writer
// that never closes stdin cannot hold the hook past its budget.
func readEvent(ctx context.Context, stdin io.Reader) (eventInput, error) {
	type result struct {
		b   []byte
		err error
	}
	ch := make(chan result, 1)
	go func() {
		b, err := io.ReadAll(io.LimitReader(stdin, maxStdin))
		ch <- result{b, err}
	}()
	var res result
	select {
	case res = <-ch:
	case <-ctx.Done():
		return eventInput{}, fmt.Errorf("read stdin: %w", ctx.Err())
	}
	if res.err != nil {
		return eventInput{}, fmt.Errorf("read stdin: %w", res.err)
	}
	var in eventInput
	if err := json.Unmarshal(res.b, &in); err != nil {
		return eventInput{}, fmt.Errorf("decode hook event: %w", err)
	}
	return in, nil
}

// hookOutput is the JSON a hook prints on stdout (exit 0) to add context.
// Per the hooks reference, "JSON output" and "Add context for Claude":
// hookSpecificOutput requires hookEventName set to the event name, and
// additionalContext is wrapped in a system reminder for Claude.
type hookOutput struct {
	HookSpecificOutput hookSpecificOutput `json:"hookSpecificOutput"`
}

type hookSpecificOutput struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext"`
}

// contextOutput renders the stdout payload adding text as context.
func contextOutput(hookEventName, text string) ([]byte, error) {
	if text == "" {
		return nil, errors.New("empty context")
	}
	b, err := json.Marshal(hookOutput{HookSpecificOutput: hookSpecificOutput{
		HookEventName:     hookEventName,
		AdditionalContext: text,
	}})
	if err != nil {
		return nil, fmt.Errorf("encode hook output: %w", err)
	}
	return append(b, '\n'), nil
}
