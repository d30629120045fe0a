package hooks

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// maxMemoryChars bounds one memory line so a single long memory cannot use
// up the whole context budget.
const maxMemoryChars = 600

// The headers are factual statements, not instructions: the hooks reference
// ("Add context for Claude") warns that text framed as out-of-band system
// commands can trip Claude's prompt-injection defenses. They say which of two
// disagreeing memories holds because a changed convention is often stored
// beside the old one rather than replacing it (the coding-sessions
// evaluation, cmd/memsvc: "unit tests next to the component" and "unit tests
// under tests/unit/" both recalled), and "most relevant first" alone would
// put the old one first.
const (
	recallHeader = "memsvc recalled these long-term memories for this prompt " +
		"(stored facts from earlier sessions, most relevant first, each with the date it was stated; " +
		"where two disagree, the later date is the current one):"
	sessionNotice = "memsvc long-term memory is active in this session: memories relevant to each prompt " +
		"are recalled automatically, and each finished exchange is saved for later sessions."
	instructionsHeader = "Standing instructions and conventions the user gave in earlier sessions " +
		"(newest first, each with the date it was stated; where two disagree, the later date is the current one):"
	recentHeader = "Most recent memories (newest first, each with the date it was stated):"
	noMemories   = "No memories are stored yet."
)

// contextBuilder accumulates lines up to a character budget.
type contextBuilder struct {
	b     strings.Builder
	chars int // characters written so far
	limit int
}

// add appends line if it fits in the budget and reports whether it did.
func (cb *contextBuilder) add(line string) bool {
	n := utf8.RuneCountInString(line)
	if cb.chars > 0 {
		n++ // newline
	}
	if cb.chars+n > cb.limit {
		return false
	}
	if cb.chars > 0 {
		cb.b.WriteByte('\n')
	}
	cb.b.WriteString(line)
	cb.chars += n
	return true
}

// addSection appends header and the lines of mems that fit while the
// builder stays within upTo characters (and its limit), and returns how
// many lines it wrote; a header with no line under it is not written.
func (cb *contextBuilder) addSection(header string, mems []memory, upTo int) int {
	room := min(upTo, cb.limit) - cb.chars
	if cb.chars > 0 {
		room-- // the newline before the section
	}
	sec := contextBuilder{limit: room}
	sec.add(header)
	n := sec.addMemories(mems)
	if n > 0 {
		cb.add(sec.b.String())
	}
	return n
}

// addMemories appends one line per displayable memory until the budget is
// spent and returns how many it wrote.
func (cb *contextBuilder) addMemories(mems []memory) int {
	n := 0
	for _, m := range mems {
		line, ok := memoryLine(m)
		if !ok {
			continue
		}
		if !cb.add(line) {
			break
		}
		n++
	}
	return n
}

// memoryLine renders "- 2025-03-14: text" on one line. Memories still being
// captured or whose capture failed carry no usable text and are skipped.
func memoryLine(m memory) (string, bool) {
	if m.State == "pending" || m.State == "failed" {
		return "", false
	}
	text := truncateHead(oneLine(withOnlyHalf(m)), maxMemoryChars) // onlyhalf.go
	if text == "" {
		return "", false
	}
	if d := memoryDate(m); d != "" {
		return "- " + d + ": " + text, true
	}
	return "- " + text, true
}

// memoryDate is the day the fact was stated: valid_from when the server
// knows when the fact began to hold, else when it was recorded. A fact said
// to hold only from a later day ("starting in January the deploy target is
// …") shows the day it was recorded and when it holds from: shown by its
// start, it would pass for the newest word on its subject, and the headers
// tell the model that the later date is the current one.
func memoryDate(m memory) string {
	from, fromOK := parseTime(m.ValidFrom)
	recorded, recordedOK := parseTime(m.CreatedAt)
	switch {
	case fromOK && recordedOK && from.After(recorded.Add(24*time.Hour)):
		return recorded.Format(time.DateOnly) + " (holds from " + from.Format(time.DateOnly) + ")"
	case fromOK:
		return from.Format(time.DateOnly)
	case recordedOK:
		return recorded.Format(time.DateOnly)
	}
	return ""
}

// parseTime reads a timestamp the server or a transcript wrote (RFC 3339),
// in UTC; false when it is missing or malformed.
func parseTime(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s))
	return t.UTC(), err == nil
}

// skillLine renders the inline primary skill of a procedural query.
func skillLine(s *skill) string {
	if s == nil || strings.TrimSpace(s.Name) == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("Learned procedure \"" + oneLine(s.Name) + "\":")
	for i, step := range s.Steps {
		b.WriteString(" " + strconv.Itoa(i+1) + ") " + oneLine(step))
	}
	return truncateHead(b.String(), 2*maxMemoryChars)
}

// recallContext formats search hits for the prompt hook. It returns "" and
// 0 when nothing displayable was found.
func recallContext(hits []memory, sk *skill, limit int) (string, int) {
	cb := contextBuilder{limit: limit}
	cb.add(recallHeader)
	n := cb.addMemories(hits)
	skilled := false
	if line := skillLine(sk); line != "" {
		skilled = cb.add(line)
	}
	if n == 0 && !skilled {
		return "", 0
	}
	return cb.b.String(), n
}

// sessionContext formats the session-start notice, the standing
// instructions and the recent memories. The instructions come first but
// may use at most half of what the notice leaves, so recent memories
// always get room.
func sessionContext(instructions, recent []memory, limit int) (string, int) {
	cb := contextBuilder{limit: limit}
	cb.add(sessionNotice)
	n := cb.addSection(instructionsHeader, instructions, cb.chars+(limit-cb.chars)/2)
	n += cb.addSection(recentHeader, recent, limit)
	if n == 0 {
		cb.add(noMemories)
	}
	return cb.b.String(), n
}

// oneLine collapses all whitespace runs, newlines included, to one space.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// truncateHead keeps the first max characters, marking a cut with "…".
func truncateHead(s string, maxChars int) string {
	if utf8.RuneCountInString(s) <= maxChars {
		return s
	}
	if maxChars <= 1 {
		return string([]rune(s)[:maxChars])
	}
	return string([]rune(s)[:maxChars-1]) + "…"
}

// truncateTail keeps the last max characters, marking a cut with "…".
func truncateTail(s string, maxChars int) string {
	r := []rune(s)
	if len(r) <= maxChars {
		return s
	}
	if maxChars <= 1 {
		return string(r[len(r)-maxChars:])
	}
	return "…" + string(r[len(r)-maxChars+1:])
}
