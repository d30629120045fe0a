package hooks

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A rule is often given in two halves: "never publish the crate yourself,
// only the release workflow publishes it", "never restart the broker by
// hand, only through the runbook's script". The server may store the
// prohibition alone ("Never publish the crate yourself"), and a prompt
// asking to do it, or who does it, was shown that it must not be done but
// not who or what does it (the twentieth coding-sessions evaluation,
// cmd/memsvc). A prohibition is shown with the "only …" clause that
// follows it in the sentence it was distilled from.

var (
	// prohibitionOpen is a rule that forbids: "Never …", "Don't …".
	prohibitionOpen = lazyre.New(`(?i)^(?:never|don't|dont|do not|avoid)\b`)
	// onlyClause is the positive half right after a prohibition: ", only
	// the release workflow publishes it", up to the end of its clause.
	onlyClause = lazyre.New(`(?i)^\s*[,;:]?\s*(only\s+[^,;.!?]+)`)
)

// withOnlyHalf returns m's text, and when it is a prohibition its source
// goes on with an "only …" clause, with that clause after it.
func withOnlyHalf(m memory) string {
	text := strings.TrimSpace(m.Text)
	if m.Source == nil || m.Source.Excerpt == "" || !prohibitionOpen.MatchString(text) {
		return m.Text
	}
	body := strings.TrimRight(text, ".!; ")
	excerpt := m.Source.Excerpt
	i := strings.Index(strings.ToLower(excerpt), strings.ToLower(body))
	if i < 0 || len(strings.ToLower(excerpt)) != len(excerpt) {
		return m.Text // not there, or lower case moved the bytes
	}
	half := onlyClause.FindStringSubmatch(excerpt[i+len(body):])
	if half == nil {
		return m.Text
	}
	return body + ", " + strings.TrimSpace(half[1]) + sentenceEnd(text)
}
