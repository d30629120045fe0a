package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A request to make a new thing of a kind ("build a settings screen with
// a toggle", "add an endpoint for refunds") is answered by the project's
// standing rule for new things of that kind ("write new screens in the UI
// toolkit we moved to", "new endpoints go under /v2"), and the two share
// one word, the kind, among many others: searched with the prompt, the
// rule fell under the relevance floor, though session start showed it (the
// twenty-first coding-sessions evaluation, cmd/memsvc). The hook
// recognises such a request and adds the newest standing instruction of
// the project that says how new things of a kind the request names are
// made.

var (
	// makeAsk is a verb of making and what follows it: "build a settings
	// screen …", "create another endpoint …", "set up a new queue …".
	makeAsk = lazyre.New(`(?i)\b(?:build|create|make|write|add|scaffold|implement|set up|start)\s+` +
		`(?:a|an|another|one more|some)\s+(?:new\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})`)
	// madeEnds ends the thing made: a preposition or a conjunction starts
	// what it is for or where it goes ("a screen with a toggle").
	madeEnds = lazyre.New(`(?i)\s+(?:with|for|to|in|into|on|at|that|which|and|or|so|from|of|using|like|where|when)\b.*$`)
	// newKind is what a rule says of new things of a kind: "new screens",
	// "every new source".
	newKind = lazyre.New(`(?i)\bnew\s+([a-z][\w-]*)`)
)

// madeKinds returns the stems of the words naming what the prompt asks to
// make, its user's words only; nil when it asks to make nothing.
func madeKinds(prompt string) []string {
	_, paragraphs, _ := promptQuery(prompt)
	var out []string
	for _, p := range paragraphs {
		for _, m := range makeAsk.FindAllStringSubmatch(p, -1) {
			words := slices.DeleteFunc(strings.Fields(madeEnds.ReplaceAllString(m[1], "")), func(w string) bool {
				return text.IsNoiseWord(strings.ToLower(w))
			})
			out = append(out, stems(words)...) // retire.go
		}
	}
	return out
}

// newKindMemory returns the newest standing instruction of ms that says
// how new things of a kind the prompt asks to make are made; ok is false
// when the prompt asks to make nothing or no rule names its kind.
func newKindMemory(prompt string, ms []memory) (memory, bool) {
	kinds := madeKinds(prompt)
	if len(kinds) == 0 {
		return memory{}, false
	}
	rules := slices.DeleteFunc(slices.Clone(ms), func(m memory) bool { return m.MemoryType != memoryTypeProcedural })
	says := func(text string) bool {
		return slices.ContainsFunc(newKind.FindAllStringSubmatch(text, -1), func(m []string) bool {
			return slices.Contains(kinds, stems(m[1:2])[0])
		})
	}
	return preferredMemory(rules, says, func(memory) int { return 0 }) // dependency.go
}
