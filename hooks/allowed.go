package hooks

import (
	"regexp"
	"strings"
	"unicode"
)

// A rule against a tool is reversed by saying to use it: "use a
// PythonOperator for every task, no TaskFlow decorators" one week, "new
// tasks should be written with the @task TaskFlow API from now on" the
// next. Nothing is removed, so no removal retires the old rule
// (retire.go), and the engine keeps both as conventions: recall and session
// start showed the prohibition beside the rule that ended it (the
// fourteenth coding-sessions evaluation, cmd/memsvc).
//
// The user's sentence that says to use a name from now on (a cue of
// replacementCue, no negation) tags the capture with the name
// (retired:!<name>), and recall and session start leave out a memory
// stated before that turn whose clause forbids it (namesForbidden).

// allowedMark starts a retired name that stands for a rule against it:
// what retires is the prohibition, not the name.
const allowedMark = "!"

var (
	// negation makes a sentence a rule against what it names, or keeps
	// it from allowing anything.
	negation = regexp.MustCompile(`(?i)\b(?:no|not|never|don't|do not|doesn't|avoid|without|stop|instead of|rather than|anymore|no longer)\b`)
	// forbidding is a word that starts a rule against what follows it
	// within the clause.
	forbidding = regexp.MustCompile(`(?i)\b(?:no|never|avoid|don't use|do not use|not use|without|stay away from)\b`)
	// allowedName is a product or code name a rule could forbid: inline
	// code, or a word with a capital inside it ("TaskFlow", "useEffect").
	allowedName = regexp.MustCompile("`([^`\n]+)`|\\b([A-Za-z][a-z0-9]+[A-Z][A-Za-z0-9]*)\\b")
)

// allowedNames returns, marked with allowedMark, the names the user's
// sentences say to use from now on, added to retired as they fit.
func allowedNames(user string, retired []string) []string {
	return markNames(user, "", retired, allowedMark, func(cl string) []string {
		if !replacementCue.MatchString(cl) || negation.MatchString(cl) {
			return nil
		}
		var out []string
		for _, m := range allowedName.FindAllStringSubmatch(cl, -1) {
			if name := m[1] + m[2]; len(name) >= minPartChars && strings.ContainsFunc(name, unicode.IsLetter) {
				out = append(out, name)
			}
		}
		return out
	})
}

// namesForbidden reports whether a clause of text forbids name: a word of
// forbidding before it in the clause ("no TaskFlow decorators", "never
// `useEffect` for fetching").
func namesForbidden(text, name string) bool {
	low := strings.ToLower(name)
	for _, cl := range clauses(text) {
		for _, part := range strings.Split(strings.ToLower(cl), ",") {
			// Lowered whole: an index into the lowered text is no index
			// into the original when a letter lowers to other bytes.
			i := strings.Index(part, low)
			if i > 0 && forbidding.MatchString(part[:i]) {
				return true
			}
		}
	}
	return false
}
