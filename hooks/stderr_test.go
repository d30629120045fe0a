package hooks

import (
	"bytes"
	"strings"
	"testing"
	"unicode"
)

// TestStderrIsTerminalSafe runs hooks whose failure quotes text the agent
// or user wrote (a transcript path holding a colour escape, a title-setting
// sequence, a bidirectional override and a newline that would pose as a
// second log line) and checks that what reaches stderr can do nothing to
// the terminal: no escape or other control character, no bidi control,
// one line per diagnostic, and the readable part of the path kept.
func TestStderrIsTerminalSafe(t *testing.T) {
	hostile := "/nonexistent/\x1b[31mred\x1b[0m\x1b]0;owned\x07\u202eexe.lnsj\u202c\nWARN memsvc hook stop: forged\r\x08.jsonl"
	tests := []struct {
		name, event, stdin string
	}{
		{"stop with a hostile transcript path", "stop", ""},
		{"unknown event with a hostile name", "stop\x1b[2J\nforged", `{"session_id":"s"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			var stderr bytes.Buffer
			cfg.Stderr = &stderr
			stdin := tt.stdin
			if stdin == "" {
				stdin = stopEvent(t, hostile, "", false)
			}
			if stdout := runHook(t, tt.event, cfg, stdin); stdout != "" {
				t.Errorf("stdout = %q, want nothing", stdout)
			}
			got := stderr.String()
			if got == "" {
				t.Fatal("stderr is empty, want the failure reported")
			}
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			if len(lines) != 1 {
				t.Errorf("stderr has %d lines, want 1: %q", len(lines), got)
			}
			for _, r := range strings.TrimSuffix(got, "\n") {
				if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
					t.Errorf("stderr holds %U: %q", r, got)
				}
			}
			if tt.event != "stop" {
				return // the unknown event's name is quoted (%q): shown, harmless
			}
			if strings.Contains(got, `\x1b`) || strings.Contains(got, "[31m") {
				t.Errorf("stderr keeps an escape sequence, even quoted: %q", got)
			}
			if !strings.Contains(got, "red") || !strings.Contains(got, "forged") {
				t.Errorf("stderr lost the readable path: %q", got)
			}
		})
	}
}

func TestTerminalSafe(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "decode hook event: EOF", "decode hook event: EOF"},
		{"colour", "\x1b[1;31mfailed\x1b[0m here", "failed here"},
		{"title sequence", "a\x1b]0;title\x07b", "ab"},
		{"newlines fold", "line one\nline two\r\n\tthree", "line one line two three"},
		{"bidi override", "file\u202etxt.exe", "filetxt.exe"},
		{"C1 control", "a\u009b31mb", "a31mb"},
		{"backspace and NUL", "ok\x08\x00!", "ok!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := terminalSafe(tt.in); got != tt.want {
				t.Errorf("terminalSafe(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
