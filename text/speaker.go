package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxLabelWords is the most words a speaker label may have ("Mary Ann Smith:").
const maxLabelWords = 3

// SpeakerLabel returns how many words the text's leading speaker label has
// ("Anna: see you" has 1), or 0 when it has none. A label is one to
// maxLabelWords capitalised words followed by a colon that is not part of a
// time ("at 10:30"): the chat-log convention "Speaker: text". Chat exports
// also keep user names as typed, so one lower-case word followed by ": " is a
// label too ("elise: I'm from Houston"), unless it is a note-taking prefix
// ("todo: call Bob") or a scheme ("https://").
func SpeakerLabel(s string) int {
	head, rest, ok := strings.Cut(s, ":")
	if !ok || len(head) > 60 {
		return 0
	}
	words := strings.Fields(head)
	if len(words) == 0 || len(words) > maxLabelWords {
		return 0
	}
	if len(words) == 1 && notePrefixes[strings.ToLower(words[0])] {
		return 0 // "Reminder: we use tabs", "Understood: short answers"
	}
	for _, w := range words {
		if !nameWord(w) {
			return 0
		}
		if first, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(first) && !lowerLabel(words, rest) {
			return 0
		}
	}
	return len(words)
}

// nameWord reports whether w can be a word of a name: letters, and the dots,
// apostrophes and hyphens of initials and compound names.
func nameWord(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '.' && r != '\'' && r != '-' {
			return false
		}
	}
	return true
}

// lowerLabel reports whether a label not written capitalised is still one: a
// single lower-case word, a space after the colon, and not a prefix people put
// before a note of their own.
func lowerLabel(words []string, rest string) bool {
	if len(words) != 1 || !strings.HasPrefix(rest, " ") {
		return false
	}
	for _, r := range words[0] {
		if unicode.IsUpper(r) {
			return false // "iPhone: ..." is a product, not a user name
		}
	}
	return !notePrefixes[words[0]]
}

// notePrefixes are words people write before a colon to head their own
// note or answer, capitalised or not; no one is named by them.
var notePrefixes = map[string]bool{
	"understood": true, "noted": true, "done": true, "sure": true, "okay": true, "ok": true, "agreed": true,
	"confirmed": true, "correction": true, "btw": true, "also": true, "actually": true, "careful": true,
	"caveat": true, "rule": true, "convention": true, "background": true, "plan": true, "next": true,
	"note": true, "notes": true, "nb": true, "ps": true, "todo": true, "update": true, "edit": true, "fyi": true,
	"tip": true, "hint": true, "warning": true, "error": true, "info": true, "tldr": true, "reminder": true,
	"question": true, "answer": true, "q": true, "a": true, "summary": true, "fix": true, "bug": true,
	"idea": true, "task": true, "goal": true, "example": true, "eg": true, "e.g.": true, "i.e.": true,
	"step": true, "result": true, "status": true, "re": true, "fwd": true, "fw": true, "subject": true,
	"important": true, "decision": true, "context": true, "problem": true, "solution": true, "reason": true,
	"source": true, "date": true, "time": true, "location": true, "address": true, "email": true,
	"phone": true, "password": true,
	// What an agent's report heads with ("Updated: the port is 5433 now"):
	// done to the work, no one's name.
	"updated": true, "added": true, "changed": true, "removed": true, "fixed": true, "deleted": true,
	"renamed": true, "moved": true, "created": true, "deployed": true, "merged": true, "released": true,
	"resolved": true, "completed": true, "finished": true, "implemented": true, "installed": true,
	"upgraded": true, "downgraded": true, "replaced": true, "reverted": true, "refactored": true,
}

// Speaker returns the text's speaker label as lower-cased tokens joined by
// spaces ("Mary Ann: hi" → "mary ann"), or "" when it has none.
func Speaker(s string) string {
	if SpeakerLabel(s) == 0 {
		return ""
	}
	head, _, _ := strings.Cut(s, ":")
	return strings.Join(Tokens(head), " ")
}
