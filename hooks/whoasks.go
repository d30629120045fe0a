package hooks

import (
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A question of who someone is ("whos dana", "who's raj?") asks for a
// whole fact in fewer characters than MinPromptChars, which is there for
// prompts that ask nothing ("fix it", "thanks"): the prompt was skipped,
// and the teammate the user had named with their role was never looked up
// (the twenty-second coding-sessions evaluation, cmd/memsvc). Such a
// question is searched however short it is.

// whoAsk is a question of who one person or thing is, typed as it comes:
// "whos dana", "who's raj?", "who is the oncall".
var whoAsk = lazyre.New(`(?i)^\s*who(?:'s|’s|s|\s+is|\s+are)\s+(?:the\s+)?([\pL][\pL\d._-]*)\s*\?*\s*$`)

// asksWho reports whether prompt asks who someone is by a word that says
// something (not a noise word: "who's there", "who is it").
func asksWho(prompt string) bool {
	m := whoAsk.FindStringSubmatch(prompt)
	return m != nil && !text.IsNoiseWord(strings.ToLower(m[1]))
}

// A question of one word ("clippy?", "msrv?", "staging?") asks what the
// project holds about that thing: the prompt was under MinPromptChars and
// skipped, though the same word inside a sentence found the memory (the
// twenty-fifth coding-sessions evaluation, cmd/memsvc).

// wordAsk is a one-word question: a name, perhaps written as code, and a
// question mark.
var wordAsk = lazyre.New(`^\s*([\pL][\pL\d._:/+-]*)\s*\?+\s*$`)

// asksAbout reports whether prompt is a one-word question about a thing
// (not a noise word: "why?", "really?").
func asksAbout(prompt string) bool {
	m := wordAsk.FindStringSubmatch(prompt)
	return m != nil && !text.IsNoiseWord(strings.ToLower(m[1]))
}
