package hooks

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestPrintable: what the hook sends passes the server's text rule, and a
// terminal's colour codes go whole rather than leaving "[31m" behind.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain\ttext\r\nwith lines":                   "plain\ttext\r\nwith lines",
		"\x1b[31mFAIL\x1b[0m TestLogin":               "FAIL TestLogin",
		"\x1b[1;32m✓\x1b[0m ok\x07":                   "✓ ok",
		"title\x1b]0;build\x07 done":                  "title done",
		"nul\x00 in\x7f text\x08":                     "nul in text",
		"form\ffeed and\vvertical tab are whitespace": "form\ffeed and\vvertical tab are whitespace",
	} {
		got := printable(in)
		if got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
		if err := engine.ValidateText("text", got); err != nil {
			t.Errorf("printable(%q) = %q, refused by the server: %v", in, got, err)
		}
	}
}

// TestCaptureSendsPrintable: the exchange sent at stop is cleaned, user and
// assistant side alike.
func TestCaptureSendsPrintable(t *testing.T) {
	ex := exchange{User: "why does \x1b[31mTestLogin\x1b[0m fail?", Assistant: "Because\x00 of the clock."}
	for _, m := range ex.messages() {
		if err := engine.ValidateText("content", m.Content); err != nil {
			t.Errorf("%s turn %q refused: %v", m.Role, m.Content, err)
		}
	}
}
