package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A setting's key abbreviates its words ("max_conns", "repl_lag_secs") and
// a question asks for it in full words ("how many db connections do we
// allow"): the two share no token, since "connections" is searched as
// "connect" and the key's part as "conn", and the memory that set the key
// was not found, though the same question with the key typed ("whats
// max_conns set to") found it (the twenty-second coding-sessions
// evaluation, cmd/memsvc). A question may also spell a key's parts out as
// words among others ("what docker version do the agents get?" for
// docker_ce_version), and the memory setting it ranked under one that
// only named the tool (the seventeenth). A question that spells out a
// snake_case key of the project's memories (a part it abbreviates, or two
// parts it says as words) is taken to name that key, which named.go's
// memory for a code name answers.

var (
	// snakeKey is a key written in snake_case or SCREAMING_CASE:
	// "max_conns", "docker_ce_version", "DATABASE_URL".
	snakeKey = lazyre.New(`\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b`)
	// askingLead and askingEnd make a prompt a question: it opens with a
	// question word or ends in a question mark.
	askingLead = lazyre.New(`(?i)^\s*(?:how|what|whats|what's|which|where|when|who|is|are|do|does|did|can|should)\b`)
	askingEnd  = lazyre.New(`\?\s*$`)
)

// Abbreviations: a key's part of at least minAbbrevChars characters (a
// plural's "s" aside) that starts a prompt word at least minAbbrevCut
// characters longer. "max" is too short to tell "maximum" from "maxed";
// a part as long as the word is the word, which counts as one of the
// minSpelledParts parts said as words (each minPartChars long at least,
// retire.go's floor for a part of a name).
const (
	minAbbrevChars  = 4
	minAbbrevCut    = 3
	minSpelledParts = 2
)

// spelledKeys returns the snake_case keys of ms's texts that the prompt
// spells out, when it is a question, each once.
func spelledKeys(prompt string, ms []memory) []string {
	if !askingLead.MatchString(prompt) && !askingEnd.MatchString(prompt) {
		return nil
	}
	_, paragraphs, _ := promptQuery(prompt)
	var words []string
	for _, w := range text.Tokens(strings.Join(paragraphs, " ")) {
		if len(w) >= minPartChars && !text.IsNoiseWord(w) {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return nil
	}
	var out []string
	for _, m := range ms {
		for _, key := range snakeKey.FindAllString(m.Text, -1) {
			if !slices.Contains(out, key) && spells(strings.ToLower(key), words) {
				out = append(out, key)
			}
		}
	}
	return out
}

// spells reports whether words spell key out: a word its part abbreviates,
// or minSpelledParts of its parts said as words.
func spells(key string, words []string) bool {
	said := 0
	for _, part := range strings.Split(key, "_") {
		if len(part) < minPartChars || text.IsNoiseWord(part) {
			continue
		}
		if slices.ContainsFunc(words, func(w string) bool { return text.Stem(w) == text.Stem(part) }) {
			said++
			continue
		}
		short := part
		if len(short) > minAbbrevChars {
			short = strings.TrimSuffix(short, "s")
		}
		if len(short) >= minAbbrevChars && slices.ContainsFunc(words, func(w string) bool {
			return strings.HasPrefix(w, short) && len(w) >= len(short)+minAbbrevCut
		}) {
			return true
		}
	}
	return said >= minSpelledParts
}
