package hooks

import (
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text/lazyre"
)

// terminalEscapeRe matches an ANSI escape sequence (colour, cursor moves):
// a prompt or reply pasted from a terminal carries them.
var terminalEscapeRe = lazyre.New(`\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-_])`)

// printable drops what the server refuses in a text (engine.DropControls:
// C0 controls other than whitespace, and DEL), terminal escape sequences
// whole, so that a pasted coloured log does not cost the whole prompt's
// recall or the whole exchange's capture (the hook fails open, so a
// refused request would lose it silently).
func printable(s string) string {
	return engine.DropControls(terminalEscapeRe.ReplaceAllString(s, ""))
}

// terminalSafe is a diagnostic as it may reach the terminal: the hook's
// stderr ends up in Claude Code's debug output, and an error can quote
// what the agent or the user wrote (a transcript path, a server's message
// about a text). Escape sequences go whole, then every other control
// character and every bidirectional-text control (which can make a line
// read as something else), and newlines fold to spaces so that one
// diagnostic stays one line and cannot pose as another. It does not rely
// on the log formatter quoting its values.
func terminalSafe(s string) string {
	return oneLine(strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t' || r == '\r':
			return ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			return -1
		}
		return r
	}, terminalEscapeRe.ReplaceAllString(s, "")))
}
