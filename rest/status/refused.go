package status

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine"
)

// MaxRefusedBytes bounds the refused= value of a request log line. A
// refusal's message quotes what the client sent (an Origin, a Host, a
// name), and the client chooses its length: up to --max-header-bytes
// (64 KiB) of it landed in every line, so a knocking client filled the log
// at the rate it could send. A genuine message is far shorter.
const MaxRefusedBytes = 512

// Refused is what a request log line records as refused= for err, the same
// on every edge (REST and MCP in rest, the dashboard in ui): its safe
// message with every control, format (bidi) and line-separator character
// written as \uXXXX, so no client text forges a log line or reorders one
// on a terminal, cut to MaxRefusedBytes. Never the key: gate messages do
// not hold one.
func Refused(err error) string {
	return clipForLog(escapeForLog(engine.ErrorMessage(err)), MaxRefusedBytes)
}

// escapeForLog writes each character that could forge or disguise a log
// line (line breaks, escapes, bidi overrides, invalid UTF-8) as \uXXXX.
func escapeForLog(s string) string {
	unsafe := func(r rune) bool {
		return r == utf8.RuneError || unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp)
	}
	if strings.IndexFunc(s, unsafe) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unsafe(r) {
			fmt.Fprintf(&b, `\u%04X`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// clipForLog cuts s to at most limit bytes on a character boundary, saying
// how long it was.
func clipForLog(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	note := fmt.Sprintf("… (%d bytes, cut)", len(s))
	cut := limit - len(note)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + note
}
