package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A rule is often written under a label, the colon making a sentence of its own:
// "secrets: never in group_vars in plain text". The prohibition then names only
// where, and read alone it forbids nothing ("Avoid in group_vars …"): the label is
// what it forbids there.

var (
	// topicLabelRe is a sentence that only names a topic, one to three words and a
	// colon: "secrets:", "api keys:". Group 1 is the topic.
	topicLabelRe = lazyre.New(`(?i)^([a-z][\w./-]*(?:\s+[a-z][\w./-]*){0,2})\s*:$`)
	// placeRuleRe is a prohibition said of a place only: "never in group_vars", "no
	// tokens" is no such rule. Group 2 is the place.
	placeRuleRe = lazyre.New(`(?i)^(never|no)\s+((?:in|on|into|inside|under|at|to|from|through|via|outside)\s+\S.*)$`)
)

// metaLabels say what kind of line follows, not what it is about: "Note: never on
// weekends" forbids no notes.
var metaLabels = set(`note notes nb ps todo reminder fyi update edit tip rule rules policy important correction`)

// withLabel returns a prohibition said of a place only (s) with the topic of the
// label sentence before it (prev) as what it forbids: "secrets:" / "never in
// group_vars in plain text" is "no secrets in group_vars in plain text", which
// noAsRule reads as the rule. "no", whatever the sentence said: a label is a noun, and
// after "never" a plural ("secrets") would read as a verb. Any other sentence is
// returned as it is.
func withLabel(prev, s string) string {
	l := topicLabelRe.FindStringSubmatch(strings.TrimSpace(prev))
	m := placeRuleRe.FindStringSubmatch(strings.TrimSpace(s))
	if l == nil || m == nil || metaLabels[strings.ToLower(l[1])] {
		return s
	}
	return "no " + l[1] + " " + m[2]
}

// placeOnly reports a prohibition that names only where ("never in the repo"): with
// no label before it, it says nothing of what is forbidden, so noAsRule keeps no rule
// of it.
func placeOnly(np string) bool {
	return placeRuleRe.MatchString("never " + strings.TrimSpace(np))
}
