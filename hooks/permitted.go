package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A rule against doing something is revoked by giving leave to do it:
// "never run migrations against staging from your shell" one week, "ok
// you can run migrations on staging yourself now" the next; "indent with
// 4 spaces, never tabs", then "actually you can use tabs now". Nothing is
// removed and no name written as code is said to be used (allowed.go), so
// the prohibition stayed at session start and in recall beside the leave
// that ended it (the eighteenth coding-sessions evaluation, cmd/memsvc).
//
// The user's clause that gives leave ("you can …", "feel free to …", "…
// are fine now") with a word of change ("now", "again", "from now on")
// tags the capture with what it allows (retired:^<words>): the verb and
// its object ("run migrations"), and for a verb of using also the object
// alone ("tabs"). Recall and session start leave out a memory stated
// before that turn with a clause that forbids those words
// (namesProhibited): a word of prohibition right before them ("never run
// migrations", "avoid tabs", "I won't run migrations").

// permittedMark starts a retired name that stands for a prohibition the
// user lifted: what retires is the rule against the words, not the words.
const permittedMark = "^"

var (
	// leaveGiven is leave to do something, the verb in the first group and
	// what follows it in the second.
	leaveGiven = lazyre.New(`(?i)\b(?:you\s+(?:can|may)|you're\s+(?:allowed|free)\s+to|` +
		`you\s+are\s+(?:allowed|free)\s+to|feel\s+free\s+to|(?:it's|it\s+is)\s+(?:fine|ok|okay)\s+to)\s+` +
		`(?:now\s+|also\s+|go\s+ahead\s+and\s+)?([a-z]+)\s+(.+)`)
	// leaveFor is a thing said to be fine now: "tabs are fine now",
	// "force pushes are ok again". The group is the thing.
	leaveFor = lazyre.New(`(?i)^\W*(?:(?:actually|ok|okay|so|and|but)\W+)*` +
		`((?:the\s+)?[a-z][\w.-]*(?:\s+[a-z][\w.-]*)?)\s+(?:is|are)\s+(?:fine|ok|okay|allowed)\s+(?:now|again)\b`)
	// oneThing starts the name of one thing rather than a kind: "the
	// tests are ok now", "this endpoint is fine again" report that it
	// works again and give no leave; a rule forbids a kind ("tabs",
	// "force pushes").
	oneThing = lazyre.New(`(?i)^(?:the|this|that|these|those|my|our|your|its|their)\s`)
	// leaveChange is the word that makes leave a change of the rule, not
	// a step of the task ("you can see the log in ci.yml"). "After all"
	// takes a rule back: "you can use unwrap in tests after all" left "no
	// unwrap anywhere, not even in tests" in recall beside it (the
	// twenty-third coding-sessions evaluation, cmd/memsvc).
	leaveChange = lazyre.New(`(?i)\b(?:now|again|from now on|going forward|these days|after all)\b`)
	// stepNow is "now" opening the leave: "the db is migrated, now you
	// can run the tests" says what the agent can do next, not that a rule
	// changed, so it is no word of change.
	stepNow = lazyre.New(`(?i)\bnow,?\s+(?:you\s+(?:can|may)|feel\s+free)\b`)
	// leaveObjectEnd ends the object of the verb given leave.
	leaveObjectEnd = lazyre.New(`(?i)\s+(?:now|again|too|also|yourself|yourselves|from|on|in|to|at|against|for|` +
		`with|into|when|if|as|since|because|and|but|so|then|here|there)\b|[,;:.!?)]`)
	// leaveDeterminer starts an object: dropped, since rules name the thing
	// bare ("never tabs").
	leaveDeterminer = lazyre.New(`(?i)^(?:the|a|an|any|your|our|my|some)\s+`)
	// prohibitionLead ends the words of a clause before what it forbids.
	prohibitionLead = lazyre.New(`(?i)\b(?:never|don't|dont|do not|not|no|avoid|stop|mustn't|must not|` +
		`shouldn't|should not|won't|will not)\s+(?:ever\s+|\w+ly\s+)?$`)
	// usingVerbs forbid their object alone as often as with the verb:
	// "never use tabs" and "never tabs".
	usingVerbs = []string{"use", "write", "add"}
)

// maxLeaveWords is the longest object read: a rule names the thing in a
// word or two.
const maxLeaveWords = 3

// permittedNames returns, marked with permittedMark, what the user's
// clauses give leave to do from now on, added to retired as they fit.
func permittedNames(user string, retired []string) []string {
	return markNames(user, "", retired, permittedMark, func(cl string) []string {
		if !leaveChange.MatchString(stepNow.ReplaceAllString(cl, "you can")) || negation.MatchString(cl) {
			return nil
		}
		if m := leaveFor.FindStringSubmatch(cl); m != nil && !oneThing.MatchString(m[1]) {
			return leaveWords("", m[1])
		}
		if m := leaveGiven.FindStringSubmatch(cl); m != nil {
			return leaveWords(strings.ToLower(m[1]), m[2])
		}
		return nil
	})
}

// leaveWords returns the words a leave to verb object stands for: the verb
// and its object, and for a verb of using the object alone; none when the
// object is a pronoun or a stop word ("do it now").
func leaveWords(verb, rest string) []string {
	object, where := leaveDeterminer.ReplaceAllString(strings.TrimSpace(rest), ""), ""
	if end := leaveObjectEnd.FindStringIndex(object); end != nil {
		object, where = object[:end[0]], object[end[0]:]
	}
	words := strings.Fields(strings.ToLower(object))
	if len(words) == 0 || len(words) > maxLeaveWords || len(words[0]) < minPartChars || text.IsNoiseWord(words[0]) {
		return nil
	}
	object = strings.Join(words, " ")
	if scope := scopeWords(leaveChange.ReplaceAllString(where, " ")); len(scope) > 0 {
		where = scopeMark + strings.Join(scope[:min(len(scope), maxScopeWords)], " ")
	} else {
		where = ""
	}
	switch {
	case verb == "":
		return []string{object + where}
	case slices.Contains(usingVerbs, verb):
		return []string{verb + " " + object + where, object + where}
	}
	return []string{verb + " " + object + where}
}

// A leave or a rule is often confined to a place or a case: "you can run
// migrations on staging yourself now" lifts "never run migrations against
// staging", not "never run migrations against production", which the user
// still holds; "you can use tabs in Go files now" leaves "never use tabs
// in YAML files" standing. The leave's words of place follow its words
// after scopeMark ("^run migrations|staging"); a rule that names a place
// without all of them is left in force. Leave for no place lifts the rule
// wherever it applies, as a rule for no place is lifted by any leave.

// scopeMark separates the lifted words from the leave's words of place.
const scopeMark = "|"

var (
	// scopeLead starts the words of place after what a rule forbids.
	scopeLead = lazyre.New(`(?i)^\s*(?:on|in|against|to|at|for|into|from|inside|within|outside|under|with)\b`)
	// scopeEnd ends the words of place: a clause break or a reason.
	scopeEnd = lazyre.New(`(?i)[,;:!?)]|\.(?:\s|$)|\s(?:because|since|unless|until|when|if|so|but|and|as|or)\b`)
	// leaveFiller are the words of a leave that name no place.
	leaveFiller = []string{"yourself", "yourselves", "too", "also", "anymore", "please"}
)

// maxScopeWords is the most words of place a leave keeps.
const maxScopeWords = 3

// scopeWords returns the words of s up to scopeEnd that can name a place:
// not stop words, not leaveFiller, at least two letters ("go", "ci").
func scopeWords(s string) []string {
	if end := scopeEnd.FindStringIndex(s); end != nil {
		s = s[:end[0]]
	}
	var out []string
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if len(w) >= 2 && !text.IsNoiseWord(w) && !slices.Contains(leaveFiller, w) {
			out = append(out, w)
		}
	}
	return out
}

// sameScope reports whether a rule's words after what it forbids (tail)
// fall within the leave's words of place (where): true when either names
// no place, or the rule's place holds every word of the leave's ("against
// staging from your shell" for "staging"; not "in yaml files" for "go
// files").
func sameScope(tail string, where []string) bool {
	if len(where) == 0 || !scopeLead.MatchString(tail) {
		return true
	}
	rule := scopeWords(tail)
	return len(rule) == 0 || !slices.ContainsFunc(where, func(w string) bool { return !slices.Contains(rule, w) })
}

// namesProhibited reports whether a clause of text forbids the words: a
// word of prohibition right before them, the words whole, in a place the
// leave's words of place (after scopeMark) cover (sameScope).
func namesProhibited(text, words string) bool {
	lifted, scope, _ := strings.Cut(strings.ToLower(words), scopeMark)
	where := strings.Fields(scope)
	for _, cl := range clauses(text) {
		for _, part := range strings.FieldsFunc(strings.ToLower(cl), func(r rune) bool { return r == ',' || r == ';' }) {
			for _, i := range wholeIndexes(part, lifted) {
				if prohibitionLead.MatchString(part[:i]) && sameScope(part[i+len(lifted):], where) {
					return true
				}
			}
		}
	}
	return false
}

// liftedAtSource reports whether the sentence m was distilled from forbids
// what the retired name lifted (permittedMark): "indent with 4 spaces,
// never tabs" is one rule, stored as "Indent with 4 spaces" and "Avoid
// tabs", and the leave to use tabs ends both. The first stayed at session
// start beside the tab indentation that replaced it.
func liftedAtSource(m memory, name string) bool {
	lifted, ok := strings.CutPrefix(name, permittedMark)
	return ok && m.Source != nil && m.Source.Excerpt != "" && namesProhibited(m.Source.Excerpt, lifted)
}
