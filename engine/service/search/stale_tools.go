package search

import (
	"strings"

	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A project uses one tool of a kind at a time (llm.ToolKinds): "we're on
// bun now" ends every turn that names pnpm, though it names no old value
// and shares no word with them. said.changedBy reads such a switch as
// replacing the kind's other tools.

// toolKind maps a listed tool's lower-case name to its kind.
var toolKind = text.WordIndex(llm.ToolKinds)

// nowRe finds a statement of what holds from now on: "we're on bun now",
// "from now on", "these days".
var nowRe = lazyre.New(`(?i)\b(?:now|nowadays|these days|anymore|any more)\b`)

// clauseEndRe splits a text into the statements a switch is read in.
var clauseEndRe = lazyre.New(`[.;!?\n]\s|[;\n]`)

// switchedTo returns the tools a text says are used now, each with its
// kind: a listed tool alone of its kind in a statement said with "now"
// ("we're on bun now"), or the new value of a change ("switched from pnpm
// to bun", "replaced Jest with Vitest").
func switchedTo(s string) map[string]string {
	var out map[string]string
	add := func(tool, kind string) {
		if out == nil {
			out = map[string]string{}
		}
		out[tool] = kind
	}
	for _, clause := range clauseEndRe.Split(s, -1) {
		tools := toolsIn(clause)
		if len(tools) == 0 {
			continue
		}
		for _, c := range changesIn(clause) {
			for tool, kind := range toolsIn(c.value + " " + c.with) {
				add(tool, kind)
			}
		}
		if !nowRe.MatchString(clause) {
			continue
		}
		perKind := map[string]int{}
		for _, kind := range tools {
			perKind[kind]++
		}
		for tool, kind := range tools {
			if perKind[kind] == 1 {
				add(tool, kind)
			}
		}
	}
	return out
}

// toolsIn returns the listed tools s names, each with its kind: its words,
// and two words joined as the list spells them ("golangci-lint",
// "fly.io", "github-actions").
func toolsIn(s string) map[string]string {
	var out map[string]string
	toks := text.Tokens(s)
	for i, w := range toks {
		names := []string{w}
		if i+1 < len(toks) {
			names = append(names, w+"-"+toks[i+1], w+"."+toks[i+1])
		}
		for _, n := range names {
			if kind := toolKind[n]; kind != "" {
				if out == nil {
					out = map[string]string{}
				}
				out[n] = kind
			}
		}
	}
	return out
}

// oldToolNamed reports whether said names a tool that a switch in later
// replaced: another tool of the kind of one later says is used now, while
// said does not name that one ("postgres" and "postgresql" are one).
func oldToolNamed(said map[string]string, later string) bool {
	if len(said) == 0 {
		return false
	}
	for tool, kind := range switchedTo(later) {
		if _, named := said[tool]; named {
			continue
		}
		for other, k := range said {
			if k == kind && !strings.HasPrefix(other, tool) && !strings.HasPrefix(tool, other) {
				return true
			}
		}
	}
	return false
}
