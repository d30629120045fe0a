package hooks

import (
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
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
	negation = lazyre.New(`(?i)\b(?:no|not|never|don't|do not|doesn't|avoid|without|stop|instead of|rather than|anymore|no longer)\b`)
	// forbidding is a word that starts a rule against what follows it
	// within the clause.
	forbidding = lazyre.New(`(?i)\b(?:no|never|avoid|don't use|do not use|not use|without|stay away from)\b`)
	// allowing is a verb that says to use what follows it: "use X",
	// "switch to X", "go with X", "fetch with X", "written with X". Only
	// its object is allowed: "the failing test is now in the `X` cleanup"
	// and "now look at why `X` runs twice" say to use nothing.
	allowing = lazyre.New(`(?i)\b(?:use|uses|using|used|adopt\w*|prefer\w*|go with|going with|goes with|` +
		`stick (?:with|to)|(?:switch\w*|mov\w+|migrat\w+) (?:over )?to|\w+ (?:with|through|via))\s+`)
	// troubleWith is a noun or a fault before "with", not a verb of
	// working with it: "a bug with `X` now", "something is wrong with X".
	troubleWith = lazyre.New(`(?i)(?:\b(?:a|an|the|this|that|any|some|no)\s+\w+|` +
		`\b(?:wrong|bug|bugs|issue|issues|problem|problems|error|errors|fails|failing|failed|broken|crash\w*|off))\s+(?:with|through|via)\s+$`)
	// allowingEnd ends the object of an allowing verb.
	allowingEnd = lazyre.New(`(?i),|;|\s(?:and|but|so|because|while|since|which|where|when)\s`)
	// allowedGoverned is a verb of allowing that takes over from a
	// forbidding word before it: "avoid Redux and use Zustand".
	allowedGoverned = lazyre.New(`(?i)\b(?:and|but|then|so|instead)\s+(?:\w+\s+)?` +
		`(?:use|uses|using|prefer\w*|stick|go with|choose|pick|switch\w*|opt for|rely on|adopt\w*)\b`)
	// allowedName is a product or code name a rule could forbid: inline
	// code, or a word with a capital inside it ("TaskFlow", "useEffect").
	allowedName = lazyre.New("`([^`\n]+)`|\\b([A-Za-z][a-z0-9]+[A-Z][A-Za-z0-9]*)\\b")
)

// allowedNames returns, marked with allowedMark, the names the user's
// sentences say to use from now on, added to retired as they fit.
func allowedNames(user string, retired []string) []string {
	return markNames(user, "", retired, allowedMark, func(cl string) []string {
		if !replacementCue.MatchString(cl) || negation.MatchString(cl) {
			return nil
		}
		var out []string
		for _, loc := range allowing.FindAllStringIndex(cl, -1) {
			if troubleWith.MatchString(cl[:loc[1]]) {
				continue
			}
			object := cl[loc[1]:]
			if end := allowingEnd.FindStringIndex(object); end != nil {
				object = object[:end[0]]
			}
			for _, m := range allowedName.FindAllStringSubmatch(object, -1) {
				if name := m[1] + m[2]; len(name) >= minPartChars && strings.ContainsFunc(name, unicode.IsLetter) {
					out = append(out, name)
				}
			}
		}
		return out
	})
}

// namesForbidden reports whether a clause of text forbids name: a word of
// forbidding before it in the clause ("no TaskFlow decorators", "never
// `useEffect` for fetching"), the name a whole word or code span ("npm" is
// not in "pnpm"), and no verb of allowing between them ("avoid Redux and
// use Zustand" forbids no Zustand).
func namesForbidden(text, name string) bool {
	low := strings.ToLower(name)
	for _, cl := range clauses(text) {
		// Lowered whole: an index into the lowered text is no index into
		// the original when a letter lowers to other bytes.
		for _, part := range strings.FieldsFunc(strings.ToLower(cl), func(r rune) bool { return r == ',' || r == ';' }) {
			for _, i := range wholeIndexes(part, low) {
				if forbids(part[:i]) {
					return true
				}
			}
		}
	}
	return false
}

// forbids reports whether lead, what precedes a name in its clause, ends
// in a rule against it: a word of forbidding not taken over by a verb of
// allowing after it.
func forbids(lead string) bool {
	locs := forbidding.FindAllStringIndex(lead, -1)
	return len(locs) > 0 && !allowedGoverned.MatchString(lead[locs[len(locs)-1][1]:])
}

// wholeIndexes returns where name starts in s as a whole word: no letter,
// digit or underscore right before or after it.
func wholeIndexes(s, name string) []int {
	var out []int
	for from := 0; name != "" && from < len(s); {
		i := strings.Index(s[from:], name)
		if i < 0 {
			break
		}
		i += from
		end := i + len(name)
		if (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end])) {
			out = append(out, i)
		}
		from = i + 1
	}
	return out
}
