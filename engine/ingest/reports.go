package ingest

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// An agent's reply that reports what its turn did names it: the file it
// changed ("configs/app.yaml"), the setting or name it wrote, as code
// ("`retries: 5`", "`acme-prod-logs`"), the figure it found ("2 to
// change", "p99 at 180ms"). Such a reply is no echo of the request however
// many of its words it repeats (the request names the area, the reply what
// now holds there), and it is worth keeping as said however its prose
// reads to the extractor: what was done, with its values, is what a user
// asks back later. An empty acknowledgement ("Done.", "Sure!") names
// nothing, and an echo names only what the request said.

var (
	// codeSpanRe is a name or value written as inline code.
	codeSpanRe = regexp.MustCompile("`([^`\n]+)`")
	// pathRe is a file's name with its extension ("main.go", of at least
	// two letters, so that "e.g." is none) or a path of three parts or more
	// ("deploy/k8s/base"); "and/or" or "client/server" is no path.
	pathRe = regexp.MustCompile(`\b[\w-]{2,}\.[A-Za-z]{2,5}\b|[\w.-]+(?:/[\w.-]+){2,}`)
	// figureRe is a word holding a digit: a count, a version, an amount.
	figureRe = regexp.MustCompile(`[\w.-]*\d[\w.-]*`)
	// listMarkRe is a numbered list's marker ("1. ", "2) "), no figure.
	listMarkRe = regexp.MustCompile(`(?m)^\s*\d+[.)]\s`)
)

// Reports reports whether reply names, in its prose, something said does
// not: a path, a name or value written as code, or a figure (see above).
// A name counts as said when said has its words in the same order.
func Reports(reply, said string) bool {
	files, values := newNames(reply, said)
	return files+values > 0
}

// ReportsChange reports whether reply says where and to what its turn
// changed something that said does not name: a file or path, and a value
// written as code or a figure ("ci/build.yml has `timeout: 45m` now"). A
// command alone ("Lint is `make lint`; passes") is no change: it holds
// only until the project swaps its tool, and what retires it is the user's
// word, not the file's.
func ReportsChange(reply, said string) bool {
	files, values := newNames(reply, said)
	return files > 0 && values > 0
}

// newNames counts the paths, and the values (code spans and figures), of
// reply's prose that said does not name.
func newNames(reply, said string) (files, values int) {
	prose := listMarkRe.ReplaceAllString(text.OutsideFences(reply), " ") // fenced code reports nothing in the reply's words
	saidWords := " " + strings.Join(text.Tokens(said), " ") + " "
	count := func(re *regexp.Regexp) int {
		n := 0
		for _, name := range re.FindAllString(prose, -1) {
			words := text.Tokens(name)
			if len(words) > 0 && !strings.Contains(saidWords, " "+strings.Join(words, " ")+" ") {
				n++
			}
		}
		return n
	}
	return count(pathRe), count(codeSpanRe) + count(figureRe)
}
