package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A rule the user takes back is named, not restated: "forget the rule
// about squash merges, we merge commits now", "scrap the lockfile rule",
// "the rebase rule no longer applies". Nothing is removed, replaced or
// allowed that another retirement would see, and the new practice shares
// too few words with the old rule for the server to supersede it, so
// recall showed the revoked rule beside the turn that revoked it (the
// twenty-fifth coding-sessions evaluation, cmd/memsvc).
//
// The user's clause that revokes a rule tags the capture with the rule's
// thing (retired:*<words>), and recall and session start leave out of a
// memory stated before that turn the sentence items that name the thing's
// words (retiredclause.go): a memory that also said other things keeps
// them.

// revokeMark starts a retired name that stands for a rule the user took
// back.
const revokeMark = "*"

var (
	// revokedAbout takes back the rule about a thing: "forget the rule
	// about squash merges", "forget what I said about the staging db",
	// "ignore my note on rebasing". The thing is group 1.
	revokedAbout = lazyre.New(`(?i)\b(?:forget|ignore|disregard|drop|scrap|ditch)\s+(?:about\s+)?` +
		`(?:(?:the|that|my|our|this)\s+)?(?:(?:old|earlier|previous)\s+)?` +
		`(?:rule|rules|convention|instruction|note|thing|bit|part|what\s+(?:i|we)\s+said)\s+` +
		`(?:about|on|regarding|for|re)\s+(?:the\s+)?([^,;:.!?]+)`)
	// revokedRule takes back a rule named by its thing: "scrap the squash
	// merge rule", "the rebase rule no longer applies".
	revokedRule = lazyre.New(`(?i)\b(?:(?:forget|ignore|disregard|drop|scrap|ditch)\s+(?:(?:the|that|my|our)\s+)?([^,;:.!?]+?)\s+(?:rule|convention)\b|` +
		`(?:the|that|our)\s+([^,;:.!?]+?)\s+(?:rule|convention)\s+(?:no longer applies|doesn't apply anymore|is (?:gone|dead|off|over|void))\b)`)
)

// maxRevokedWords is the most words of a thing a revocation keeps: more is
// a clause, not a rule's name.
const maxRevokedWords = 3

// revokedNames returns, marked with revokeMark, the things of the rules
// the user's clauses take back, added to retired as they fit; not in a
// question.
func revokedNames(user string, retired []string) []string {
	return markNames(user, "", retired, revokeMark, func(cl string) []string {
		if strings.Contains(cl, "?") {
			return nil
		}
		var thing string
		if m := revokedAbout.FindStringSubmatch(cl); m != nil {
			thing = m[1]
		} else if m := revokedRule.FindStringSubmatch(cl); m != nil {
			thing = m[1] + m[2]
		}
		words := revokedWords(thing)
		if len(words) == 0 || len(words) > maxRevokedWords {
			return nil
		}
		return []string{strings.Join(words, " ")}
	})
}

// revokedWords are the words of a revoked thing that say something.
func revokedWords(thing string) []string {
	var words []string
	for _, w := range strings.Fields(strings.ToLower(thing)) {
		if !text.IsNoiseWord(w) && !slices.Contains(ruleNoun, w) {
			words = append(words, w)
		}
	}
	return words
}

// namesRevoked reports whether text says each word of the revoked thing
// (stems compared: "squashes" says "squash merges"' first word).
func namesRevoked(text, thing string) bool {
	said := stems(strings.Fields(text))
	return !slices.ContainsFunc(stems(strings.Fields(thing)), func(w string) bool { return !slices.Contains(said, w) })
}
