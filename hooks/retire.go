package hooks

import (
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// When a convention changes, the memories that stated the old one stay
// active unless the server's supersession pairs them with the new one, and
// it often cannot: "Crash reporting is moving to Firebase Crashlytics"
// shares no word with "The DSN comes in with --dart-define=SENTRY_DSN", nor
// "the messaging context has a new name, it is Dispatch now" with "texts
// to tenants go out through the Notifier context". Recall and session
// start then showed the old tool, module or project beside (or instead of)
// the new one (the eighth coding-sessions evaluation, cmd/memsvc: the
// hosting, the crash reporter, the test fakes, a renamed worker).
//
// The turn that carries the change out names what it retires: the agent
// reports it ("Removed `sentry_flutter`", "`SENTRY_DSN` is no longer
// read", "Moq is removed from the test project", "the old
// `lib/brackenhall/notifier.ex` was deleted"). The stop hook already drops
// those sentences from the capture (removal.go); it also tags the capture
// with the names they hold (retired:<name>), and recall and session start
// leave out a memory stated before that turn that names one of them. Only
// older memories are left out, so a name brought back later ("we're back
// on Application Insights") is shown again from then on, and a name the
// turn itself adds (the new tool, named in a sentence that also says what
// it replaced) has no older memory to hide.

// retiredTagPrefix starts the tag that records one retired name.
const retiredTagPrefix = "retired:"

// maxRetiredTags caps the tags of one capture (the server takes up to 20
// tags of up to 64 bytes each).
const (
	maxRetiredTags = 12
	maxTagBytes    = 64
)

// leftBehind is a team leaving a tool, host or service: "we left Fly last
// week", "they've ditched Jenkins", "we're done with Firebase App
// Distribution". The subject keeps "left" from reading as a side ("the left
// pane") or a remainder ("one test left"), and "done with" from reading as
// a task finished ("done with the review" is said of no product, and a
// lower-case slot retires only a phrase a memory capitalises).
const leftBehind = `(?:we|i|they|the team)(?:(?:'ve| have)?\s+(?:left|ditched|abandoned|quit|moved away from)|` +
	`(?:'re| are|'ve been| have been)\s+(?:done with|finished with|through with|moving off|moving away from))`

// doneWith is the part of leftBehind that also says a task is finished, at
// the end of a match of retiredAfter; doneWithClause finds it in a sentence.
var (
	doneWith       = lazyre.New(`(?i)\b(?:done|finished|through) with$`)
	doneWithClause = lazyre.New(`(?i)\b(?:done|finished|through) with\b`)
	// nameEnd ends the name a team is done with.
	nameEnd = lazyre.New(`[,;:]|\.\s|\s+(?:and|but|so)\s`)
)

// replacementCue says a name is the one in use from now on: "Errors go to
// Honeybadger from now on", "we're on Grafana now", "switched to Kamal".
var replacementCue = lazyre.New(`(?i)\b(?:now|instead|going forward|these days|in its place|` +
	`(?:switch\w*|mov\w+|migrat\w+) (?:over )?to|replaced (?:it |them )?(?:with|by))\b`)

// laterName is a name inside a sentence: inline code, or a capitalised
// word that does not start it.
var laterName = lazyre.New("`[^`\n]+`|\\s[A-Z][\\w.+-]*\\w")

// namesReplacement reports whether a sentence of turn names something and
// says it is what is used now, outside the clause a team is done with.
func namesReplacement(turn string) bool {
	for _, line := range strings.Split(turn, "\n") {
		for _, sn := range sentences(line) {
			if loc := doneWithClause.FindStringIndex(sn); loc != nil {
				rest := sn[loc[1]:]
				if end := nameEnd.FindStringIndex(rest); end != nil {
					rest = rest[end[0]:]
				} else {
					rest = ""
				}
				sn = sn[:loc[0]] + " " + rest
			}
			if replacementCue.MatchString(sn) && laterName.MatchString(sn) {
				return true
			}
		}
	}
	return false
}

var (
	// backticked is inline code: the surest sign of a name.
	backticked = lazyre.New("`([^`\n]+)`")
	// placeLead is a preposition that makes the name after it where the
	// change happened, not what it removed: "from `appsettings.json`",
	// "in `Program.cs`", "into `server.go`".
	placeLead = lazyre.New(`(?i)\b(?:from|in|into|inside|to|of|on|under|within)\s*(?:(?:the|a|an|its|their)\s+)?$`)
	// retiredAfter is a removal whose object follows ("removed X", "where
	// it used X", "no longer installs X", "the old X"); retiredBefore one
	// whose subject precedes ("X is removed", "X is no longer read", "the X
	// leftovers", "X, which no longer exists").
	retiredAfter = lazyre.New(`(?i)\b(?:removed|removing|deleted|deleting|dropped|dropping|ripped out|ripping out|rips? out|tearing out|tore out|got rid of|` +
		`uninstall(?:ed)?|replaced|replacing|moved off|instead of|rather than|where (?:it|they|we|you) used|` + leftBehind + `|` +
		`still (?:pointed at|pointed to|referenced|aliased|imported|called|used|read)|used to \w+|` +
		`no longer \w+s|(?:the|its|their) (?:old|previous|former))\b`)
	retiredBefore = lazyre.New(`(?i)(?:,\s*which)?\s+(?:(?:is|are|was|were|has been|have been|can be|should be|will be)\s+` +
		`(?:removed|deleted|gone|dropped|uninstalled|no longer \w+)|(?:no longer|doesn't|don't) exists?|leftovers?|` +
		`(?:goes|go|went) away|(?:was|were)(?:n't| not) carried over|anymore)\b`)
	// clauseEnd ends the clause a removal is said in: what follows is
	// about something else ("…, and added `AddAzureKeyVault`").
	clauseEnd = lazyre.New(`(?i);|:\s|\.\s|\s\(|,\s+(?:so|which|but|then|while|because|since|it|they|and (?:added|now|it|they))\b|\s+and\s+(?:added|adds|now|then|re-?\w+ed|re-ran|\w+ed|ran|made|wrote|built|kept|put)\b|\s+(?:so|but|because|since|while|where)\s`)
	// plainName is a capitalised product name written without backticks
	// ("Moq", "Fly.io"), counted only when no noun follows it ("the
	// Postmark key" removed a key, not Postmark).
	// A time after it is no noun: "we left Fly last week". A run of
	// capitalised words is one name ("Firebase App Distribution").
	plainName = lazyre.New(`\b([A-Z][\w.+-]*[\w+](?:\s+[A-Z][\w.+-]*[\w+])*)(?:\s+(?:and|or|from|in|with|to|as|is|are|was|were|leftovers?|last|this|earlier|recently|yesterday|today|for good)\b|\s*[,;:.)]|\s*$)`)
	// codeToken is a bare word written as code: letters joined by a dot,
	// underscore, hyphen, slash or "::" ("dd-trace", "fly.toml").
	codeToken = lazyre.New(`^[A-Za-z][\w]*(?:(?:[._/-]|::)[\w]+)+$`)
)

// retiredNames returns the names the turn says it removed or replaced (in
// the sentences removal.go cuts from the agent's reply or the user's
// words), less those the turn still names as current (in the rest of
// them). The clause kept beside a removal does not count for the names that
// removal took away: "Removed `redis-py`: the cache talks to Valkey through
// `valkey-py`, a drop-in fork of redis-py" still retires redis-py.
func retiredNames(user, reply string) []string {
	replaced := namesReplacement(user + "\n" + reply)
	keptUser, cutUser := cutRemovals(user)
	keptReply, cutReply := cutRemovals(reply)
	keptLow := strings.ToLower(keptUser + "\n" + keptReply)
	var out []string
	cuts := append(cutUser, cutReply...)
	cuts = append(cuts, userDropped(user)...)
	for _, c := range cuts {
		if resetCue.MatchString(c.text) {
			continue // taken out to be made again: nothing retires
		}
		echoLow := strings.ToLower(c.kept)
		for _, name := range removedIn(c.text, replaced) {
			said := strings.ToLower(strings.TrimPrefix(name, phraseMark))
			current := strings.Count(keptLow, said) > strings.Count(echoLow, said)
			if len(name) >= 2 && tagFits(out, name) && strings.ContainsFunc(name, unicode.IsLetter) &&
				!text.IsNoiseWord(said) && !current && !slices.Contains(out, name) && !rebuildable(name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// userDrop is the user asking to take code out: "remove dynamodb_table",
// "take `legacy_auth` out of the settings",
// "drop `legacy_auth` from the settings". A question or a condition asks
// nothing yet ("should we drop X?", "drop X if it is unused").
// A negation before the verb in its clause forbids the removal instead
// ("don't remove `legacy_auth`, we still need it"). The object ends where
// another verb starts ("drop the `users` table and re-run the migrations"):
// at "and", "then" or a comma not followed by another name written as code.
var (
	userDrop = lazyre.New(`(?i)\b(?:remove|drop|delete|uninstall|rip out|get rid of)\s+`)
	// userTakeOut is the object between "take" and "out": "take
	// dynamodb_table out of every backend", "take `--legacy` out".
	userTakeOut = lazyre.New(`(?i)\btake\s+((?:the\s+)?\S+(?:\s+(?:and|,)\s+\S+)*)\s+out\b`)
	// outFor is what follows "take X out" when X is tried, not removed:
	// "take `new_parser` out for a spin", "… out for a test drive".
	outFor      = lazyre.New(`(?i)^\s+for\b`)
	notYetAsked = lazyre.New(`(?i)\?|\b(?:if|unless|whether|should we|could we|can we|maybe|once)\b`)
	commaEnd    = lazyre.New(`,\s`)
	dropObjEnd  = lazyre.New(`(?i)\s*(?:,|;|\s(?:and|then|&&))\s*(?:then\s+)?`)
)

// resetCue is a removal done to make the thing again: "remove
// `node_modules` and reinstall", "drop the table and re-run the
// migrations", "delete the lock file and regenerate it". What it takes
// out comes back, so nothing it names is retired. A verb of doing again
// with another object says nothing of the kind: "removed `moment` and
// re-ran the tests", "and reinstalled the dependencies" retire moment.
var resetCue = lazyre.New(`(?i)\b(?:re-?creat\w*|re-?generat\w*|re-?seed\w*|from scratch|start(?:ing)? fresh|` +
	`(?:fresh|clean) install|re-?(?:run|ran|running) (?:the |all (?:the )?)?(?:migrations?|seeds?|setup|init)\b|` +
	`re-?install(?:ed|ing)?(?:\s+(?:it|them|everything))?\s*(?:$|[.,;!)]))`)

// rebuildableNames are directories and files a tool makes again from the
// code (dependencies installed, build output, caches): removing one
// retires no code, and a rule about it ("never commit `node_modules`")
// stays true.
var rebuildableNames = []string{"node_modules", "bower_components", ".venv", "venv", "__pycache__", ".pytest_cache",
	".mypy_cache", ".ruff_cache", ".tox", ".nox", "dist", "build", "target", "out", "bin", "obj", ".next", ".nuxt",
	".svelte-kit", ".turbo", ".parcel-cache", ".cache", ".gradle", ".dart_tool", "deriveddata", "pods", "coverage",
	".terraform", "_build", "deps", ".angular", ".expo", "vendor/bundle", ".bundle"}

// rebuildable reports whether a retired name is such a directory or file
// (its last part, a trailing slash ignored).
func rebuildable(name string) bool {
	base := strings.TrimSuffix(strings.ToLower(name), "/")
	if i := strings.LastIndex(base, "/"); i >= 0 && !slices.Contains(rebuildableNames, base) {
		base = base[i+1:]
	}
	return slices.Contains(rebuildableNames, base)
}

// dropObject returns the object of a request to remove: rest up to the end
// of its clause, or to the first "and", "then" or comma that goes on with
// something other than a name written as code.
func dropObject(rest string) string {
	if end := clauseEnd.FindStringIndex(rest); end != nil {
		rest = rest[:end[0]]
	}
	for _, loc := range dropObjEnd.FindAllStringIndex(rest, -1) {
		next := strings.Fields(rest[loc[1]:])
		if len(next) == 0 || !strings.HasPrefix(next[0], "`") && !strongCodeToken(next[0]) {
			return rest[:loc[0]]
		}
	}
	return rest
}

// strongCodeToken is a word written as code that prose never writes: a
// codeToken joined by more than hyphens ("old_retry_wrapper", "fly.toml"),
// as "re-run" or "up-to-date" are words of prose.
func strongCodeToken(w string) bool {
	w = strings.TrimRight(strings.TrimLeft(w, identifierLead), identifierTail)
	return codeToken.MatchString(w) && strings.ContainsAny(w, "._/:")
}

// negatedBefore reports whether the clause before a verb (lead, back to
// its last comma or clause end) holds a negation.
func negatedBefore(lead string) bool {
	for _, re := range []*lazyre.Regexp{clauseEnd, commaEnd} {
		if ends := re.FindAllStringIndex(lead, -1); len(ends) > 0 {
			lead = lead[ends[len(ends)-1][1]:]
		}
	}
	return negation.MatchString(lead)
}

// userDropped returns the code names the user's sentences ask to remove,
// as removals of the sentence that asks (which names them, and so does not
// count as naming them still): inline code and words written as code only,
// the names a request to remove writes (a plain name there is often the
// noun's: "drop the DynamoDB lock table").
func userDropped(user string) []removalCut {
	var out []removalCut
	for _, line := range strings.Split(user, "\n") {
		for _, sn := range sentences(line) {
			if notYetAsked.MatchString(sn) || resetCue.MatchString(sn) {
				continue
			}
			for _, loc := range userDrop.FindAllStringIndex(sn, -1) {
				if negatedBefore(sn[:loc[0]]) {
					continue
				}
				rest := dropObject(sn[loc[1]:])
				if names := codeNamesIn(rest); len(names) > 0 {
					out = append(out, removalCut{text: "removed " + strings.Join(names, ", "), kept: sn})
				}
			}
			for _, m := range userTakeOut.FindAllStringSubmatchIndex(sn, -1) {
				if outFor.MatchString(sn[m[1]:]) {
					continue
				}
				if names := codeNamesIn(sn[m[2]:m[3]]); len(names) > 0 && !negatedBefore(sn[:m[0]]) {
					out = append(out, removalCut{text: "removed " + strings.Join(names, ", "), kept: sn})
				}
			}
		}
	}
	return out
}

// codeNamesIn returns the names a clause writes as code, outside a place
// (namesIn without its plain product names). A word joined by hyphens
// alone after a determiner is an adjective of prose, not a package: "drop
// the built-in retry", "remove the one-off script" (but "remove dd-trace").
func codeNamesIn(clause string) []string {
	prose := backticked.ReplaceAllString(clause, " ")
	return slices.DeleteFunc(namesIn(clause), func(n string) bool {
		inProse := strings.Contains(prose, n)
		return inProse && (plainName.MatchString(n) && !codeToken.MatchString(n) || hyphenAdjective(prose, n))
	})
}

// determinerBefore is a determiner that makes the word after it a noun's.
var determinerBefore = lazyre.New(`(?i)\b(?:the|a|an|this|that|these|those|our|my|its|their|your)\s+$`)

// hyphenAdjective reports whether n, a word of prose joined by hyphens only,
// follows a determiner wherever prose holds it.
func hyphenAdjective(prose, n string) bool {
	if !codeToken.MatchString(n) || strongCodeToken(n) {
		return false
	}
	at := wholeIndexes(prose, n)
	return len(at) > 0 && !slices.ContainsFunc(at, func(i int) bool { return !determinerBefore.MatchString(prose[:i]) })
}

// removedIn returns the names in the slots of sn's removals: the clause
// after a removal whose object follows, the clause before one whose
// subject precedes. "Done with X" retires X only in a turn that names
// what replaced it (replaced): without one it is a task finished ("we're
// done with Sentry. Next up: the login bug").
func removedIn(sn string, replaced bool) []string {
	var out []string
	for _, loc := range retiredAfter.FindAllStringIndex(sn, -1) {
		if !replaced && doneWith.MatchString(sn[loc[0]:loc[1]]) {
			continue
		}
		rest := sn[loc[1]:]
		if end := clauseEnd.FindStringIndex(rest); end != nil {
			rest = rest[:end[0]]
		}
		if place := hostLeft(sn[loc[0]:]); place != "" {
			out = append(out, place)
			continue
		}
		names := namesIn(rest)
		if p, ok := productPhrase(rest); ok && len(names) == 0 {
			names = []string{phraseMark + p}
		}
		out = append(out, names...)
	}
	for _, loc := range retiredBefore.FindAllStringIndex(sn, -1) {
		// The subject is what precedes, back to the clause's start or to a
		// removal of its own ("… still aliased `X`, which no longer exists").
		lead := sn[:loc[0]]
		for _, re := range []*lazyre.Regexp{clauseEnd, retiredAfter} {
			if ends := re.FindAllStringIndex(lead, -1); len(ends) > 0 {
				lead = lead[ends[len(ends)-1][1]:]
			}
		}
		out = append(out, namesIn(lead)...)
	}
	if len(out) == 0 && strings.HasSuffix(sn, ";") {
		// A clause cut for the "…; it now …" after it (removal.go): what it
		// held is the object of its last verb in the past.
		if locs := pastVerb.FindAllStringIndex(sn, -1); len(locs) > 0 {
			out = namesIn(sn[locs[len(locs)-1][1]:])
		}
	}
	return out
}

// noLongerHosted is a service that has left where it ran: "staging no
// longer runs on the GKE cluster", "the worker no longer lives in
// Heroku". Its place is the name retired, though a preposition of place
// elsewhere (placeLead) makes a name where a change happened.
// The place is a name, in code or capitalised, with the noun after it
// ("the GKE cluster") that keeps a plain name from counting elsewhere.
var noLongerHosted = lazyre.New("^(?i:no longer (?:runs?|lives?|deploys?|sits?|is (?:deployed|hosted|running)) " +
	"(?:on|in|at|to)\\s+(?:(?:the|its|our|their)\\s+)?)(`[^`\n]+`|[A-Z][\\w.+-]*\\w(?:\\s+[A-Z][\\w.+-]*\\w)*)")

// hostLeft returns the place a removal clause (from "no longer") says a
// service left, or "".
func hostLeft(clause string) string {
	m := noLongerHosted.FindStringSubmatch(clause)
	if m == nil {
		return ""
	}
	return strings.Trim(m[1], "`")
}

// pastVerb is a verb in the past tense: "the target called `x`".
var pastVerb = lazyre.New(`(?i)\b(?:\w+ed|ran|read|was|were|had|built|set|wrote)\b`)

// namesIn returns the names a clause holds: its inline code, its words
// written as code and its plain product names, except those after a
// preposition of place.
func namesIn(clause string) []string {
	var out []string
	for _, loc := range backticked.FindAllStringSubmatchIndex(clause, -1) {
		if !placeLead.MatchString(clause[:loc[0]]) {
			out = append(out, clause[loc[2]:loc[3]])
		}
	}
	prose := backticked.ReplaceAllString(clause, " ")
	for _, loc := range plainName.FindAllStringSubmatchIndex(prose, -1) {
		if !placeLead.MatchString(prose[:loc[2]]) && !text.IsNoiseWord(strings.ToLower(prose[loc[2]:loc[3]])) {
			out = append(out, prose[loc[2]:loc[3]])
		}
	}
	words := strings.Fields(prose)
	for i, w := range words {
		w = strings.TrimRight(strings.TrimLeft(w, identifierLead), identifierTail)
		if codeToken.MatchString(w) && (i == 0 || !placeLead.MatchString(words[i-1])) {
			out = append(out, w)
		}
	}
	return out
}

// A product is often named in lower case when it goes ("we're dropping the
// cloud builds") though the memories that stated it wrote its name
// ("Release builds come from Unity Cloud Build"). The words of such a slot
// are retired as a phrase, and a phrase names a product only where a memory
// writes its words capitalised, inside a sentence: "the cloud builds are
// slow" and a sentence's first words name nothing.

// phraseMark starts a retired name that is such a phrase.
const phraseMark = "~"

// phraseLead is what comes before the words of a lower-case phrase.
var phraseLead = lazyre.New(`(?i)^\s*(?:(?:the|our|its|their|all|old|whole)\s+)*`)

// productPhrase returns the lower-case words of clause as a phrase of two or
// three words, without its determiners; false when clause is not one.
func productPhrase(clause string) (string, bool) {
	words := strings.Fields(strings.TrimRight(phraseLead.ReplaceAllString(clause, ""), " .,;:!?"))
	if len(words) < 2 || len(words) > 3 {
		return "", false
	}
	for _, w := range words {
		if !isLowerWord(w) || text.IsNoiseWord(w) {
			return "", false
		}
	}
	return strings.Join(words, " "), true
}

// isLowerWord reports a word of lower-case letters only.
func isLowerWord(w string) bool {
	return w != "" && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLower(r) })
}

// namesPhrase reports whether text writes the words of the lower-case phrase
// capitalised, in order, inside a sentence ("Unity Cloud Build" for "cloud
// builds"): stems compared, so a plural names its singular.
func namesPhrase(text, phrase string) bool {
	want := stems(strings.Fields(phrase))
	words := strings.Fields(text)
	for i := 1; i+len(want) <= len(words); i++ {
		if sentenceEnd(words[i-1]) != "" {
			continue // a sentence's first word is capitalised whatever it is
		}
		run := words[i : i+len(want)]
		if !slices.ContainsFunc(run, func(w string) bool { return !unicode.IsUpper([]rune(w)[0]) }) &&
			slices.Equal(stems(lowerAll(run)), want) {
			return true
		}
	}
	return false
}

// stems returns the stems of words, their punctuation trimmed.
func stems(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = text.Stem(strings.TrimFunc(strings.ToLower(w), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
	}
	return out
}

func lowerAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strings.ToLower(w)
	}
	return out
}

// tagFits reports whether name can join the retired names so far within
// the tag limits: the count of tags and the bytes of one.
func tagFits(retired []string, name string) bool {
	return len(retired) < maxRetiredTags && len(retiredTagPrefix+name) <= maxTagBytes
}

// retiredTags renders names as the capture's tags.
func retiredTags(names []string) []string {
	tags := make([]string, 0, len(names))
	for _, n := range names {
		tags = append(tags, retiredTagPrefix+n)
	}
	return tags
}

// retirement is a name and when the turn that retired it was said.
type retirement struct {
	name string
	at   time.Time
}

// retirementsOf collects the retirements the memories of ms are tagged
// with; a name retired by several turns counts from the earliest.
func retirementsOf(ms ...[]memory) []retirement {
	var out []retirement
	for _, list := range ms {
		for _, m := range list {
			at, ok := statedAt(m)
			if !ok {
				continue
			}
			for _, tag := range m.Tags {
				name, found := strings.CutPrefix(tag, retiredTagPrefix)
				if !found || name == "" {
					continue
				}
				i := slices.IndexFunc(out, func(r retirement) bool { return r.name == name })
				switch {
				case i < 0:
					out = append(out, retirement{name: name, at: at})
				case at.Before(out[i].at):
					out[i].at = at
				}
			}
		}
	}
	return out
}

// withoutRetired returns the memories of ms not stated before the
// retirement of a name they name; one that names only settings an edit
// replaced is kept without the clauses naming them, if enough is left
// (retiredclause.go).
func withoutRetired(ms []memory, rs []retirement) []memory {
	if len(rs) == 0 {
		return ms
	}
	tests := retiredMatchers(rs)
	out := make([]memory, 0, len(ms))
	for _, m := range ms {
		if m, ok := unretired(m, rs, tests); ok {
			out = append(out, m)
		}
	}
	return out
}

// retiredTest tells whether a memory names a retirement, and for a
// setting an edit replaced, which of its clauses do.
type retiredTest struct{ names, clause func(string) bool }

// retiredMatchers returns, for each of rs, the test of whether a text
// names it (namesRetired), an edit's code with its regular expression
// built once for all the memories checked (editedCodeMatcher). A leaf
// retired in its file is named by a memory that names the file, and cut
// from the clauses that write it, the file named or not (fileLeafMatcher).
func retiredMatchers(rs []retirement) []retiredTest {
	out := make([]retiredTest, len(rs))
	for i, r := range rs {
		code, ok := strings.CutPrefix(r.name, editMark)
		if !ok {
			name := r.name
			named := func(text string) bool { return namesRetired(text, name) }
			out[i] = retiredTest{names: named, clause: named}
			continue
		}
		named := editedCodeMatcher(code) // editedcode.go
		out[i] = retiredTest{names: named, clause: named}
		if leaf, _, ok := strings.Cut(code, fileLeafSep); ok {
			out[i].clause = leafMatcher(leaf) // settingpath.go
		}
	}
	return out
}

// unretired returns m as it may be shown after the retirements rs (tests
// tells whether it names each): whole, cut of the settings they replaced,
// or not at all (false).
func unretired(m memory, rs []retirement, tests []retiredTest) (memory, bool) {
	at, ok := statedAt(m)
	if !ok {
		return m, true
	}
	var settings []func(string) bool
	for i, r := range rs {
		if !at.Before(r.at) || !tests[i].names(m.Text) && !liftedAtSource(m, r.name) {
			continue
		}
		if !cutByClause(r.name) {
			return m, false
		}
		settings = append(settings, tests[i].clause)
	}
	if len(settings) == 0 {
		return m, true
	}
	text, ok := withoutSettingClauses(m.Text, settings) // retiredclause.go
	m.Text = text
	return m, ok
}

// namesRetired reports whether text names the retired name: the name
// itself, or each part of a qualified name ("Brackenhall.Notifier") of at
// least minPartChars characters as a word of its own, as a memory names a
// module by its parts ("the Notifier context, lib/brackenhall/notifier.ex").
func namesRetired(text, name string) bool {
	if phrase, ok := strings.CutPrefix(name, phraseMark); ok {
		return namesPhrase(text, phrase)
	}
	if scheduled, ok := strings.CutPrefix(name, retimeMark); ok {
		return namesRetimed(text, scheduled) // retime.go
	}
	if service, ok := strings.CutPrefix(name, reportMark); ok {
		return namesReported(text, service) // reported.go
	}
	if allowed, ok := strings.CutPrefix(name, allowedMark); ok {
		return namesForbidden(text, allowed) // allowed.go
	}
	if lifted, ok := strings.CutPrefix(name, permittedMark); ok {
		return namesProhibited(text, lifted) // permitted.go
	}
	if raised, ok := strings.CutPrefix(name, upgradeMark); ok {
		return namesOtherVersion(text, raised) // upgraded.go
	}
	if thing, ok := strings.CutPrefix(name, narrowMark); ok {
		return namesUnbounded(text, thing) // narrowed.go
	}
	if thing, ok := strings.CutPrefix(name, revokeMark); ok {
		return namesRevoked(text, thing) // revoked.go
	}
	if code, ok := strings.CutPrefix(name, editMark); ok {
		return namesEditedCode(text, code) // editedcode.go
	}
	if module, ok := strings.CutPrefix(name, goModuleMark); ok && module != "" {
		return namesGoModule(text, module) // toolremoval.go
	}
	low := strings.ToLower(text)
	if strings.Contains(low, strings.ToLower(name)) || namesAsCode(low, name) {
		return true
	}
	if i := strings.LastIndex(name, "/"); i >= 0 && i+1 < len(name) {
		// A path is named by its file's qualified name
		// ("src/App.Worker/App.Worker.csproj": "App.Worker").
		base := name[i+1:]
		if strings.Count(base, ".") >= 2 {
			base = base[:strings.LastIndex(base, ".")]
		}
		name = base
	}
	parts := slices.DeleteFunc(qualifiedSep.Split(name, -1), func(p string) bool { return len(p) < minPartChars })
	if len(parts) == 0 || !qualifiedSep.MatchString(name) {
		return false
	}
	words := strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
	return !slices.ContainsFunc(parts, func(p string) bool { return !slices.Contains(words, strings.ToLower(p)) })
}

// namesAsCode reports whether low (lower-case text) writes a product name
// of several words, or its last two or more words, as code: joined
// ("appDistributionUploadRelease" for "Firebase App Distribution"), or by
// a hyphen or underscore ("app-distribution"). One word alone is too
// common to tell ("distribution").
func namesAsCode(low, name string) bool {
	words := strings.Fields(strings.ToLower(name))
	for i := 0; i+2 <= len(words); i++ {
		for _, sep := range []string{"", "-", "_"} {
			if strings.Contains(low, strings.Join(words[i:], sep)) {
				return true
			}
		}
	}
	return false
}

// minPartChars: shorter parts of a qualified name ("io" of "Fly.io") are
// in too many words to tell anything.
const minPartChars = 3

// statedAt is when m was said: valid_from, else when it was recorded (as
// memoryDate shows it).
func statedAt(m memory) (time.Time, bool) {
	if t, ok := parseTime(m.ValidFrom); ok {
		return t, true
	}
	return parseTime(m.CreatedAt)
}

// bestDated returns, of the dated memories of ms that keep accepts, the one
// order puts last (ties: the first in ms); ok is false when none is.
func bestDated(ms []memory, keep func(m memory, at time.Time) bool, order func(a, b memory) int) (memory, bool) {
	var found []memory
	for _, m := range ms {
		if at, dated := statedAt(m); dated && keep(m, at) {
			found = append(found, m)
		}
	}
	if len(found) == 0 {
		return memory{}, false
	}
	return slices.MaxFunc(found, order), true
}

// byStatedAt orders memories by when they were stated.
func byStatedAt(a, b memory) int {
	ta, _ := statedAt(a)
	tb, _ := statedAt(b)
	return ta.Compare(tb)
}
