package hooks

import (
	"slices"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A request to give code a way to fail ("add an error type for when the
// registry returns 404", "the importer needs its own error cases", "how
// should the walker report a permissions failure to callers?") is answered
// by how the project handles errors ("library crates return thiserror
// enums", "never throw; return std::expected"), and the two share the word
// "error" at most, which every build log and bug report also holds:
// searched, the convention fell under the relevance floor (the third,
// seventh, ninth, eleventh and thirteenth coding-sessions evaluations,
// cmd/memsvc). The hook recognises such a request and adds the memory of
// the project that states how errors are made, a fact before a turn, the
// newest among equals.

var (
	// errorAsk asks for a new way to fail: an error type, case or variant,
	// an error for a condition made by a verb of making ("define an error
	// for …", "return an error when …"), or a failure reported to the
	// caller. An error for a condition met ("I get an error when I run the
	// tests", "there's a new error when building") is a bug report: the verb
	// before it is one of meeting it, never of making it.
	errorAsk = lazyre.New(`(?i)\b(?:(?:error|exception) (?:types?|enums?|cases?|variants?|class(?:es)?|hierarchy)|` +
		`(?:add|adding|define|defining|create|creating|introduce|introducing|throw|throwing|return|returning|raise|raising|` +
		`make|making|emit|emitting|give|need|needs|want|wants|use)\s+` +
		`(?:(?:an?|its|their|our)\s+)?(?:own\s+|new\s+)?(?:\w+ )?(?:error|exception)s? (?:for|when|if)|` +
		`(?:report|surface|return|signal|tell)s?\s+(?:an? |the |that )?(?:\w+\s+)?(?:failure|error)s?\s+(?:to|back to)\s+(?:the\s+)?callers?|` +
		`tell (?:the )?callers? (?:when|if|that))\b`)
	// errorStyleRe is a memory's statement of how errors are made: the
	// library or type that carries them, or the rule against throwing.
	errorStyleRe = lazyre.New(`(?i)(?:\b(?:thiserror|anyhow|snafu|eyre|miette|std::expected|error enums?|` +
		`typed errors|never throws?|no exceptions)\b|-fno-exceptions\b)`)
)

// errorStyleMemory returns the memory of ms that states how the project
// makes its errors, when the prompt asks for a way to fail; ok is false
// otherwise.
func errorStyleMemory(prompt string, ms []memory) (memory, bool) {
	_, paragraphs, _ := promptQuery(prompt)
	if !slices.ContainsFunc(paragraphs, errorAsk.MatchString) {
		return memory{}, false
	}
	return preferredMemory(ms, errorStyleRe.MatchString, func(memory) int { return 0 })
}
