package hooks

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A coding prompt mixes the user's own words with material pasted into it:
// fenced code, stack traces, compiler and test output, diffs, goroutine
// dumps, logs. The words say what the prompt is about and what the user
// wants; the paste is evidence, mostly noise to a search (frame addresses,
// line numbers, code) except for its error headline and the libraries its
// code names. Both the recall query (query.go) and the captured turn
// (handleStop) use this split: the query keeps the words and the paste's
// hints, the capture keeps the words whole and a paste's start.
//
// The engine's extractor has a similar line test for what is prose; this
// one also pulls hints out of the paste, which that one drops.

// segment is a run of lines that are either the user's words or one paste.
type segment struct {
	pasted bool
	fenced bool // a ``` or ~~~ block, fences included in lines
	lines  []string
}

var (
	fenceLine = lazyre.New("^\\s*(?:```|~~~)")
	// pastedLine matches how lines that only come from tools start: stack
	// frames (Go, Python, JS/Java), goroutine headers, timestamps and log
	// levels, diff headers, shell prompts, pytest marks, separators.
	pastedLine = lazyre.New(`^\s*(?:at |File ".*", line \d+|goroutine \d+ |created by |Traceback \(most recent|` +
		`diff --git |index [0-9a-f]+\.\.|--- |\+\+\+ |@@ |\$ |>>> |[=_\-*#~ ]{8,}$|\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|` +
		`\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b|E {2,}|> {3,})|^\t`)
	// codeSign matches what marks code or a frame anywhere in a line: a
	// file:line position, a Go frame offset or argument, an indent (not of
	// a list item), a trailing ; { or }. A sentence can hold one too ("the bug is in
	// handlers.go:120, fix it"), so it only counts on a short line.
	codeSign = lazyre.New(`\.\w{1,5}:\d+|\+0x[0-9a-f]+\s*$|\(0x[0-9a-f]+|^ {4,}[^\s\-*+]|[;{}]\s*$`)
	// errorHeadline matches the line of a paste that names what went wrong.
	errorHeadline = lazyre.New(`\w(?:Error|Exception)\b|(?i:\b(?:error|exception|panic|fatal|fail|failed|` +
		`refused|cannot|not found|no such|undefined)\b)`)
	// codeLine is a line of code, which may name an error type without
	// reporting one ("func (w *Worker) retry(job Job) error {", a Rust
	// signature returning Result<_, Error>): it ends a block or statement,
	// or starts with a keyword that opens a declaration or statement.
	codeLine = lazyre.New(`[;{}]\s*$|^\s*(?:\d+\s*\|\s*)?(?:func|def|fn|pub|return|if|else|for|let|const|var|class|type|try|catch|except|raise|throw)\b`)
	// frameLine is a stack frame or bare position: it names where, not what.
	frameLine = lazyre.New(`^\s*(?:at |File ".*", line \d+)|^\S+\.\w{1,5}:\d+:?\s*\w*$|^\s*\S+\.\w{1,5}:\d+ \+0x`)
	// importLine finds the module a line of pasted code imports: JS/TS
	// (from '…', require('…'), import '…'), Python (import x, from x
	// import), Go ("host/path/pkg" in an import).
	importLine = lazyre.New(`(?:\bfrom\s+|\brequire\(\s*|^import\s+)['"]([^'"./][^'"]*)['"]|` +
		`^\s*(?:from\s+([A-Za-z_][\w.]*)\s+import\b|import\s+([A-Za-z_][\w.]*)\s*$)|` +
		`^\s*(?:import\s+)?(?:\w+\s+)?"([\w.-]+\.[a-z]{2,}/[\w./-]+)"\s*$`)
	diffMark = lazyre.New(`^[+\-] ?`)
	// headlineFrame is what frames an error line without saying anything:
	// pytest's "E   " and "> " marks, rules of = _ - * # ~.
	headlineFrame = lazyre.New(`^\s*(?:E\s{2,}|>\s+)?[=_\-*#~\s]*|[=_\-*#~\s]+$`)
)

// segments splits s into runs of the user's words and of pasted material.
// Blank lines belong to the run they are in.
func segments(s string) []segment {
	var out []segment
	add := func(line string, pasted, fenced bool) {
		if n := len(out); n > 0 && out[n-1].pasted == pasted && !out[n-1].fenced && !fenced {
			out[n-1].lines = append(out[n-1].lines, line)
			return
		}
		out = append(out, segment{pasted: pasted, fenced: fenced, lines: []string{line}})
	}
	inFence := false
	for _, line := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		switch {
		case fenceLine.MatchString(line) && !inFence:
			inFence = true
			out = append(out, segment{pasted: true, fenced: true, lines: []string{line}})
		case inFence:
			out[len(out)-1].lines = append(out[len(out)-1].lines, line)
			inFence = !fenceLine.MatchString(line)
		case strings.TrimSpace(line) == "":
			if n := len(out); n > 0 && !out[n-1].fenced {
				out[n-1].lines = append(out[n-1].lines, line)
			}
		default:
			// A few words right after a pasted line ("exit status 2",
			// "FAIL") are the tool's closing output, not the user talking.
			n := len(out)
			tail := n > 0 && out[n-1].pasted && !out[n-1].fenced &&
				strings.TrimSpace(out[n-1].lines[len(out[n-1].lines)-1]) != "" && proseWords(line) <= maxTrailerWords
			add(line, tail || isPastedLine(line), false)
		}
	}
	return out
}

// maxCodeWords: a line with a code sign and fewer words than this is code.
const maxCodeWords = 6

// isPastedLine reports a line outside fences that came from a tool, not
// from the user: a frame, log line, diff header, or code.
func isPastedLine(line string) bool {
	return pastedLine.MatchString(line) || symbolDense(line) ||
		codeSign.MatchString(line) && proseWords(line) < maxCodeWords
}

// symbolDense reports lines where code punctuation outweighs words.
func symbolDense(line string) bool {
	n, sym := 0, 0
	for _, r := range line {
		if unicode.IsSpace(r) {
			continue
		}
		n++
		if strings.ContainsRune("{}[]();=<>|&$\\^~*", r) {
			sym++
		}
	}
	return n > 8 && sym*8 > n
}

// maxTrailerWords: a line this short right after a pasted line is more of
// the paste.
const maxTrailerWords = 3

// maxHeadlines is how many error lines one paste contributes to a query.
const maxHeadlines = 2

// maxHintChars bounds one error line: the message, not its payload.
const maxHintChars = 200

// pasteHints returns what a paste says about the problem: its first
// distinct error headlines, and the modules its code imports.
func pasteHints(sg segment) (headlines, modules []string) {
	for _, line := range sg.lines {
		code := diffMark.ReplaceAllString(line, "")
		if m := importLine.FindStringSubmatch(code); m != nil {
			if mod := moduleName(m[1] + m[2] + m[3] + m[4]); mod != "" && !slices.Contains(modules, mod) {
				modules = append(modules, mod)
			}
			continue
		}
		if len(headlines) < maxHeadlines && errorHeadline.MatchString(line) && !frameLine.MatchString(line) &&
			!codeLine.MatchString(line) {
			h := truncateHead(oneLine(headlineFrame.ReplaceAllString(line, "")), maxHintChars)
			if h != "" && !slices.Contains(headlines, h) {
				headlines = append(headlines, h)
			}
		}
	}
	return headlines, modules
}

// moduleName is the name a module goes by: the last element of a Go
// import path ("github.com/sirupsen/logrus" → "logrus"), a scoped npm
// package whole ("@tanstack/react-query"), else the name as written.
func moduleName(path string) string {
	if strings.Contains(path, ".") && strings.Contains(path, "/") && !strings.HasPrefix(path, "@") {
		return path[strings.LastIndex(path, "/")+1:]
	}
	return path
}

// keptPasteLines is how much of a long paste a captured turn keeps: its
// first lines show what it was, and the rest would crowd the user's own
// words out of the capture budget.
const keptPasteLines = 6

// compactPastes shortens every paste in s longer than keptPasteLines to its
// first lines, its error headlines and a note of how much was left out. The
// user's words are kept whole.
func compactPastes(s string) string {
	var b strings.Builder
	for _, sg := range segments(s) {
		lines := sg.lines
		if sg.pasted && len(lines) > keptPasteLines+2 {
			lines = compactPaste(sg)
		}
		for _, l := range lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return strings.TrimSpace(b.String())
}

// compactPaste returns the kept lines of one long paste.
func compactPaste(sg segment) []string {
	head := sg.lines[:keptPasteLines]
	omitted := len(sg.lines) - keptPasteLines
	var closing []string
	if sg.fenced && fenceLine.MatchString(sg.lines[len(sg.lines)-1]) {
		closing = sg.lines[len(sg.lines)-1:]
		omitted--
	}
	out := append([]string{}, head...)
	headlines, _ := pasteHints(segment{lines: sg.lines[keptPasteLines:]})
	for _, h := range headlines {
		if !containsLine(head, h) {
			out = append(out, h)
			omitted--
		}
	}
	out = append(out, "… ("+strconv.Itoa(max(omitted, 0))+" more lines)")
	return append(out, closing...)
}

func containsLine(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// proseWords counts the letters-only words of s: how much prose it holds.
func proseWords(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		if r, _ := utf8.DecodeRuneInString(f); unicode.IsLetter(r) {
			n++
		}
	}
	return n
}
