package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A rule given for everything is later confined to one place: "every
// error response in the whole service is problem+json" one week, "about
// problem+json, that's only for the api package, the admin pages render
// html errors" the next. Nothing is removed, replaced or allowed, so no
// other retirement ends the first statement, and recall showed it beside
// the narrowing, with prompts about the very place it no longer covers
// (the twenty-fourth coding-sessions evaluation, cmd/memsvc).
//
// The user's clause that confines a thing to a place ("X is only for …",
// "about X, that's only in …") tags the capture with the thing
// (retired:<<words>), and recall and session start leave out a memory
// stated before that turn whose sentence names the thing with a word that
// gives it no bounds (every, everywhere, all, the whole …): the unbounded
// statement. A memory that names the thing in one place stays.

// narrowMark starts a retired name that stands for the unbounded
// statement of a rule the user confined to one place.
const narrowMark = "<"

var (
	// narrowedAbout confines the thing said first: "about problem+json,
	// that's only for the api package". The thing is group 1.
	narrowedAbout = lazyre.New(`(?i)^\W*(?:(?:ok|okay|so|and|but|actually|also|oh)\W+)*(?:about|re|regarding|as for)\s+` +
		`(?:the\s+)?([^,;:.!?]+?)\s*[,;:-]+\s*(?:that|it|this)(?:'s|s|\s+is)\s+only\s+(?:for|in|on|inside|within|about)\b`)
	// narrowedIs confines its subject: "the problem+json rule is only for
	// the api package".
	narrowedIs = lazyre.New(`(?i)^\W*(?:(?:ok|okay|so|and|but|actually|also|oh)\W+)*(?:the\s+)?([^,;:.!?]+?)\s+` +
		`(?:is|are)\s+only\s+(?:for|in|on|inside|within)\b`)
	// ruleNoun is a word that names the rule rather than its thing: "the
	// problem+json rule", "the lint thing".
	ruleNoun = []string{"rule", "rules", "thing", "things", "convention", "policy", "requirement", "stuff", "one"}
	// unbounded is a word that gives a rule no bounds.
	unbounded = lazyre.New(`(?i)\b(?:every|everywhere|anywhere|all|whole|entire|across|always|any)\b`)
)

// maxNarrowedWords is the most words of a thing a narrowing keeps.
const maxNarrowedWords = 3

// narrowedNames returns, marked with narrowMark, the things the user's
// clauses confine to one place, added to retired as they fit; not in a
// question.
func narrowedNames(user string, retired []string) []string {
	return markNames(user, "", retired, narrowMark, func(cl string) []string {
		if strings.Contains(cl, "?") {
			return nil
		}
		m := narrowedAbout.FindStringSubmatch(cl)
		if m == nil {
			m = narrowedIs.FindStringSubmatch(cl)
		}
		if m == nil {
			return nil
		}
		var words []string
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			if !text.IsNoiseWord(w) && !slices.Contains(ruleNoun, w) {
				words = append(words, w)
			}
		}
		if len(words) == 0 || len(words) > maxNarrowedWords {
			return nil
		}
		return []string{strings.Join(words, " ")}
	})
}

// namesUnbounded reports whether a sentence of text names the thing (its
// words whole, in order) beside a word that gives it no bounds.
func namesUnbounded(text, thing string) bool {
	for _, sn := range clauses(text) {
		low := strings.ToLower(sn)
		if len(wholeIndexes(low, thing)) > 0 && unbounded.MatchString(low) {
			return true
		}
	}
	return false
}
