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
// time ("at 10:30"): the chat-log convention "Speaker: text".
func SpeakerLabel(s string) int {
	head, _, ok := strings.Cut(s, ":")
	if !ok || len(head) > 60 {
		return 0
	}
	words := strings.Fields(head)
	if len(words) == 0 || len(words) > maxLabelWords {
		return 0
	}
	for _, w := range words {
		first, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(first) {
			return 0
		}
		for _, r := range w {
			if !unicode.IsLetter(r) && r != '.' && r != '\'' && r != '-' {
				return 0
			}
		}
	}
	return len(words)
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
