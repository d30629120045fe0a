package hooks

import (
	"regexp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A prompt that names a code name or a command-line flag the project's
// memories hold ("where did the --since option end up?", "can I use
// @Observable here?") is about the memory that names it, whatever the
// other words. Searched, the name is one word among the prompt's (a flag's
// word, "since", is not even searched), and the memory fell under the
// relevance floor (the second and ninth coding-sessions evaluations,
// cmd/memsvc). The hook adds, for each such name, the memory of the
// project's latest that names it: a fact before a turn, then the newest.

// promptFlag is a long command-line flag in the user's words: "--since",
// "--dry-run".
var promptFlag = lazyre.New(`(?:^|[\s("'\x60])(--[a-z][a-z0-9]+(?:-[a-z0-9]+)*)\b`)

// promptNames returns the code names (identifiers) and flags of the
// user's words in the prompt.
func promptNames(prompt string) []string {
	_, paragraphs, _ := promptQuery(prompt)
	names := identifiers(paragraphs)
	for _, p := range paragraphs {
		for _, m := range promptFlag.FindAllStringSubmatch(p, -1) {
			if !slices.Contains(names, m[1]) {
				names = append(names, m[1])
			}
		}
	}
	return names
}

// namingMemories returns, for each name, the memory of ms that names it
// (namesIdentifier; a flag as a whole word), once each.
func namingMemories(names []string, ms []memory) []memory {
	var out []memory
	for _, name := range names {
		has := func(text string) bool { return namesIdentifier(text, name) }
		if strings.HasPrefix(name, "--") {
			flag := lazyre.New(`(?:^|[^\w-])` + regexp.QuoteMeta(name) + `(?:$|[^\w-])`)
			has = flag.MatchString
		}
		m, ok := preferredMemory(ms, has, func(memory) int { return 0 })
		if ok && !slices.ContainsFunc(out, func(o memory) bool { return o.ID == m.ID }) {
			out = append(out, m)
		}
	}
	return out
}
