package hooks

import (
	"strings"
	"unicode/utf8"
)

// A long reply from the agent is captured by its gist: its first paragraph
// (what it did, "Migrated the cart to Jotai:") and its last (how it ended,
// "typecheck and tests pass"). The paragraphs between are the blow-by-blow
// of the work, file by file, and explaining a change they name the old
// value again and again ("the Zustand store … is deleted", "the CI job now
// calls bun install instead of pnpm install"). Kept as said, such a reply
// outlived the convention it replaced, in recall and at session start (the
// fourth coding-sessions evaluation, cmd/memsvc), and its many words matched
// many later prompts. The work itself is in the repository; what the user
// said stays whole.

// A reply is cut to its gist when it is longer than maxMemoryChars (what
// one recalled memory shows anyway) and has at least minGistParagraphs
// paragraphs, so that there is a middle to leave out.
const minGistParagraphs = 3

// replyGist returns the gist of the agent's reply s: s itself when it is
// short or has no middle, else its first and last paragraphs. A fenced
// block's blank lines do not end a paragraph.
func replyGist(s string) string {
	if utf8.RuneCountInString(s) <= maxMemoryChars {
		return s
	}
	ps := replyParagraphs(s)
	if len(ps) < minGistParagraphs {
		return s
	}
	return ps[0] + "\n\n" + ps[len(ps)-1]
}

// replyParagraphs splits s at blank lines outside fenced blocks.
func replyParagraphs(s string) []string {
	var out, cur []string
	flush := func() {
		if p := strings.TrimSpace(strings.Join(cur, "\n")); p != "" {
			out = append(out, p)
		}
		cur = cur[:0]
	}
	fenced := false
	for _, l := range strings.Split(s, "\n") {
		if fenceLine.MatchString(l) {
			fenced = !fenced
		}
		if !fenced && strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return out
}
