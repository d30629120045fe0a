package hooks

import (
	"regexp"
	"slices"
	"strings"
)

// Recall searches with what a prompt is about, not with the prompt as
// typed: the user's own sentences, plus the error headlines and imported
// modules of what they pasted (paste.go). A slash command counts as words
// ("/review-pr" → "review pr"), an @file mention as its path, and Claude
// Code's placeholders ("[Image #1]", "[Pasted text #2 +40 lines]") as
// nothing. A prompt of several paragraphs is also searched paragraph by
// paragraph (queries), because one memory usually answers one of them and
// the whole prompt's words dilute its match.

var (
	slashCommand = regexp.MustCompile(`^/([A-Za-z][\w:.-]*)`)
	atMention    = regexp.MustCompile(`(^|\s)@([\w~./-]+)`)
	placeholder  = regexp.MustCompile(`\[(?:Image|Pasted text|Pasted image) #\d+[^\]]*\]`)
)

// A paragraph is searched on its own when it has at least
// minParagraphWords words and is not most of the prompt anyway (up to
// maxParagraphShare of the whole query's characters); at most
// maxParagraphQueries are, besides the whole prompt. The whole query is cut
// to maxQueryChars.
const (
	minParagraphWords   = 5
	maxParagraphShare   = 0.8
	maxParagraphQueries = 2
)

// queries returns the searches for a prompt: first the whole prompt's
// query, then, for a prompt of several paragraphs, its last paragraph (where
// the ask usually is) and its first (where the topic is introduced). It
// returns nil when the prompt holds nothing to search for.
func queries(prompt string) []string {
	whole, paragraphs := promptQuery(prompt)
	if whole == "" {
		return nil
	}
	out := []string{whole}
	if len(paragraphs) < 2 {
		return out
	}
	for _, p := range []string{paragraphs[len(paragraphs)-1], paragraphs[0]} {
		if len(out) > maxParagraphQueries || proseWords(p) < minParagraphWords || slices.Contains(out, p) ||
			float64(len(p)) > maxParagraphShare*float64(len(whole)) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// promptQuery returns the query for the whole prompt, within maxQueryChars,
// and the prompt's paragraphs of the user's own words.
func promptQuery(prompt string) (string, []string) {
	prompt = placeholder.ReplaceAllString(prompt, " ")
	prompt = atMention.ReplaceAllString(prompt, "$1$2")
	if m := slashCommand.FindStringSubmatch(strings.TrimSpace(prompt)); m != nil {
		name := m[1][strings.LastIndex(m[1], ":")+1:] // a plugin's "/plugin:command"
		prompt = strings.NewReplacer("-", " ", "_", " ").Replace(name) +
			strings.TrimSpace(prompt)[len(m[0]):]
	}
	var paragraphs, hints []string
	for _, sg := range segments(prompt) {
		if sg.pasted {
			headlines, modules := pasteHints(sg)
			hints = append(hints, headlines...)
			hints = append(hints, modules...)
			continue
		}
		paragraphs = append(paragraphs, splitParagraphs(sg.lines)...)
	}
	whole := strings.Join(append(append([]string{}, paragraphs...), hints...), " ")
	if whole == "" {
		// Nothing but a paste the hints found nothing in: its text is all
		// there is to go on.
		whole = oneLine(prompt)
	}
	return truncateWords(whole, maxQueryChars), paragraphs
}

// splitParagraphs joins the lines of the user's words into paragraphs,
// split at blank lines.
func splitParagraphs(lines []string) []string {
	var out []string
	var cur []string
	flush := func() {
		if p := oneLine(strings.Join(cur, " ")); p != "" {
			out = append(out, p)
		}
		cur = cur[:0]
	}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return out
}

// truncateWords keeps the first maxChars characters of s, cut at a space
// when one is near the end, so the query ends on a whole word.
func truncateWords(s string, maxChars int) string {
	r := []rune(s)
	if len(r) <= maxChars {
		return s
	}
	r = r[:maxChars]
	for i := len(r) - 1; i >= maxChars*9/10; i-- {
		if r[i] == ' ' {
			return string(r[:i])
		}
	}
	return string(r)
}
