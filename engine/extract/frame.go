package extract

import (
	"regexp"
	"strings"
)

// tellFrameRe matches the frame a user puts around a fact they want kept or say they
// already gave: "Please remember I use Neovim", "Can you remember that my wife's name is
// Anna?", "I want you to remember that…", "You know I live in Berlin", "I told you I'm
// allergic to peanuts". What follows the frame is the statement.
var tellFrameRe = regexp.MustCompile(`(?i)^(?:please\s+)?(?:` +
	`(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need)\s+you\s+to\s+|i(?:\s+would|'d|’d)\s+like\s+you\s+to\s+|try\s+to\s+)?` +
	`(?:remember|know|keep in mind|don't forget|do not forget|note|make a note)(?:\s+that)?` +
	`|you\s+know(?:\s+that)?` +
	`|i\s+(?:already\s+)?(?:told|said to)\s+you(?:\s+that)?` +
	`)[,:]?\s+`)

// stripTellFrame returns the statement inside a remember/told-you frame, or clause
// unchanged. "Remember to run the linter" is an instruction, not a framed statement, and
// is left alone; a framed statement asked as a question ("Can you remember that…?") is a
// request to keep it, so its question mark goes too.
func stripTellFrame(clause string) string {
	loc := tellFrameRe.FindStringIndex(clause)
	if loc == nil {
		return clause
	}
	rest := strings.TrimSpace(clause[loc[1]:])
	first, _, _ := strings.Cut(strings.ToLower(rest), " ")
	if notFramed[strings.TrimRight(first, ",.!?;:")] || rest == "" {
		return clause // an instruction ("remember to…") or a question ("you know what…")
	}
	rest = strings.TrimRight(rest, "?")
	return strings.ToUpper(rest[:1]) + rest[1:]
}

// notFramed are the words after a frame that say it frames no statement.
var notFramed = set(`to what how when where why who which if whether`)

// reminderRe matches a user's "remember to …" / "don't forget to …".
var reminderRe = regexp.MustCompile(`(?i)^(?:please\s+)?(?:remember|don't forget|do not forget|never forget)\s+to\s+(\w.*)$`)

// reminderAsRule reads "Remember to use pnpm, not npm" as the imperative it asks to be
// kept, "Use pnpm, not npm". Whether that is a standing instruction is then decided as
// for any imperative (a work context, no one-off object or marker), so "remember to call
// mom tomorrow" and "don't forget to push the fix" keep nothing, as before.
func reminderAsRule(clause string) string {
	m := reminderRe.FindStringSubmatch(clause)
	if m == nil {
		return clause
	}
	return strings.ToUpper(m[1][:1]) + m[1][1:]
}
