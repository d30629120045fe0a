package hooks

import (
	"regexp"

	"github.com/memsvc/memsvc/engine"
)

// terminalEscapeRe matches an ANSI escape sequence (colour, cursor moves):
// a prompt or reply pasted from a terminal carries them.
var terminalEscapeRe = regexp.MustCompile(`\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-_])`)

// printable drops what the server refuses in a text (engine.DropControls:
// C0 controls other than whitespace, and DEL), terminal escape sequences
// whole, so that a pasted coloured log does not cost the whole prompt's
// recall or the whole exchange's capture (the hook fails open, so a
// refused request would lose it silently).
func printable(s string) string {
	return engine.DropControls(terminalEscapeRe.ReplaceAllString(s, ""))
}
