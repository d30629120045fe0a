package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Switches and versions. "We migrated the build from Gradle to Bazel" and "we upgraded to Go
// 1.23" replace an earlier value whatever words the earlier fact used ("the build uses
// Gradle", "the API runs on Go 1.21"). A switch fills a "uses" slot that names the replaced
// value (Slot.Replaces); a version fills the single-valued "version" slot of the versioned
// thing. Contradicts reads both, so the engine's supersede decision needs nothing more.

// PredicateUses and PredicateVersion are the predicates of switch and version slots.
const (
	PredicateUses    = "uses"
	PredicateVersion = "version"
)

var (
	// switchFromToRe: "User migrated the build from Gradle to Bazel", "User switched from X to Y".
	switchFromToRe = rx(subj + ` (?:has |have |is |are |was |were )?(?:migrated|migrating|moved|moving|switched|switching|ported|porting|converted|converting|changed|changing|went|transitioned|transitioning)(?: over)?(?: (.+?))? (?:from|off|off of|away from) (.+?) (?:over |back )?(?:to|onto) (.+)`)
	// switchReplacedRe: "User replaced Jenkins with GitHub Actions".
	switchReplacedRe = rx(subj + ` (?:has |have )?(?:replaced|swapped|swapped out|traded in|traded|dropped|ditched|abandoned|retired|gave up) (.+?) (?:with|for|in favou?r of) (.+)`)
	// switchInsteadRe: "User's repos use pnpm instead of npm".
	switchInsteadRe = rx(subj + ` (?:now |always |only )?(?:uses?|runs?|is on|are on|standardi[sz]ed on|settled on|went with|chose|picked|switched to|moved to|adopted|prefers?) (.+?) (?:instead of|rather than|in place of) (.+)`)
	// renamedRe: "User renamed master to main": what was called master is main now.
	renamedRe = rx(subj + ` (?:has |have |just |finally )?(?:renamed|rebranded) (\S+(?: \S+){0,2}) (?:to|as) (.+)`)
	// switchValueStop ends the new value of a switch before dates and qualifiers.
	switchValueStop = lazyre.New(`(?i)(?: last | this | next | over | during | earlier | later | recently | ago | in | at | on | to | from | because | since | so |,)`)
	// versionRe finds "<thing> <version>" after a verb or preposition that states use:
	// "uses Go 1.22", "pinned to Node 20", "is on Python 3.12".
	versionRe = lazyre.New(`(?i)\b(?:to|on|uses?|using|runs?|running|with|pins?|pinned to|targets?|targeting|requires?|needs?|is|are|of)\s+(?:an?\s+)?([A-Za-z][\w+#-]*(?:\.js)?)\s+v?(\d+(?:\.\d+){0,2})\b`)
	// versionPinnedRe finds a thing followed by the version it is held at: "stable Rust,
	// pinned to 1.79", "Node is locked at 18".
	versionPinnedRe = lazyre.New(`(?i)\b([A-Za-z][\w+#-]*(?:\.js)?),?\s+(?:(?:is|are)\s+)?(?:pinned|locked)\s+(?:to|at)\s+v?(\d+(?:\.\d+){0,2})\b`)
	pastStateRe     = lazyre.New(`(?i)\b(?:was|were|used to|previously|formerly)\b`)
	// versionFromToRe: "upgraded Postgres from 14 to 16".
	versionFromToRe = lazyre.New(`(?i)\b([A-Za-z][\w+#-]*(?:\.js)?)\s+from\s+v?\d+(?:\.\d+){0,2}\s+to\s+v?(\d+(?:\.\d+){0,2})\b`)
)

// notVersioned are words a number follows without being their version.
var notVersioned = set(`port ports step steps room page level team teams week weeks day days year years month months
hour hours minute minutes second seconds chapter part number item line lines issue pr ticket phase sprint season
episode grade floor gate platform route bus flight size top under over about age aged than and or at of the a an
replica replicas instance instances worker workers core cores gb mb kb tb percent times x
now currently still also just only`)

// switchSlot derives the slot of a switch statement, or nil.
func switchSlot(t, lower string) *Slot {
	var subject, object, from, to string
	switch {
	case containsAny(lower, []string{" from ", " off "}) && containsAny(lower, []string{" to ", " onto "}):
		m := switchFromToRe.FindStringSubmatch(t)
		if m == nil {
			return nil
		}
		subject, object, from, to = m[1], m[2], m[3], m[4]
	case containsAny(lower, []string{"replaced", "swapped", "traded", "dropped", "ditched", "abandoned", "retired", "gave up"}):
		m := switchReplacedRe.FindStringSubmatch(t)
		if m == nil {
			return nil
		}
		subject, from, to = m[1], m[2], m[3]
	case strings.Contains(lower, "renamed ") && !strings.Contains(lower, " from "):
		m := renamedRe.FindStringSubmatch(t)
		if m == nil {
			return nil
		}
		subject, from, to = m[1], renamedName(m[2], m[3]), m[3]
		if from == m[2] && len(strings.Fields(from)) > 2 {
			return nil // "renamed the default branch to trunk" sets a thing: settingSlot reads it
		}
	case containsAny(lower, []string{"instead of", "rather than", "in place of"}):
		m := switchInsteadRe.FindStringSubmatch(t)
		if m == nil {
			if s := verbInsteadSlot(t); s != nil {
				return s
			}
			return insteadOfSlot(t)
		}
		subject, to, from = m[1], m[2], m[3]
	default:
		return nil
	}
	from, _, _ = strings.Cut(from, " and ") // "instead of flake8 and black": the first is enough to match
	from = ownerless(from)                  // "traded in User's Corolla": the Corolla
	val, old := cutValue(to, switchValueStop), cutValue(from, switchValueStop)
	if val == "" || old == "" || val == old || len(strings.Fields(val)) > 4 || len(strings.Fields(old)) > 4 {
		return nil
	}
	s := normSubject(subject)
	if o := normValue(object); o != "" && len(strings.Fields(o)) <= 3 {
		s = strings.TrimSuffix(s, "'s") + "'s " + strings.TrimPrefix(strings.TrimPrefix(o, s+"'s "), s+" ")
	}
	if s == "" || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
		return nil
	}
	return &Slot{Subject: s, Predicate: PredicateUses, Value: val, Replaces: old}
}

// renamedName is the name in a renamed thing said with its kind ("the atlas-api repo" →
// "atlas-api"), where the other side of the rename (other) names no kind: the repo was
// called atlas-api, and that is the value the rename replaces. A name is written with a
// capital, a digit or a joiner, so "the default branch" keeps its words.
func renamedName(thing, other string) string {
	w := strings.Fields(thing)
	if len(w) == 3 && articles[strings.ToLower(w[0])] && len(strings.Fields(other)) == 1 && nameLike(w[1]) {
		return w[1]
	}
	return thing
}

// nameLike reports a word written as a name or identifier: a capital after the first
// letter, a digit or a joiner ("atlas-api", "v2", "iOS").
func nameLike(w string) bool {
	return strings.ContainsAny(w, "-_.0123456789") || strings.ToLower(w[1:]) != w[1:]
}

// verbInsteadRe: "User names branches <ticket>-<slug> instead of feature/<ticket>", any
// present-tense verb: the old way it does the same thing is replaced.
var verbInsteadRe = rx(subj + ` (?:now |always |only )?([a-z]+s) (.+?) (?:instead of|rather than|in place of) (.+)`)

// verbInsteadSlot derives the switch slot of a verb said with "instead of", or nil. The
// value is what the verb now takes ("branches <ticket>-<slug>"); it replaces a stored
// value that ends with the old way ("branches feature/<ticket>").
func verbInsteadSlot(t string) *Slot {
	m := verbInsteadRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	lemma, ok := thirdPersonLemma(strings.ToLower(m[2]))
	if !ok || noSlotVerbs[lemma] {
		return nil
	}
	val, old := cutValue(m[3], switchValueStop), cutValue(m[4], switchValueStop)
	if val == "" || old == "" || val == old || len(strings.Fields(val)) > 4 || len(strings.Fields(old)) > 4 {
		return nil
	}
	return buildSlotReplacing(m[1], val, old)
}

// insteadOfRe: "User decided to study economics instead of computer science", "User is
// renting a car instead of taking the train", "User's brother is hosting Thanksgiving
// instead of User": a plan or a doing said with what it replaces (a present tense is
// verbInsteadRe's). Groups: 1 the subject, 2 a participle or 3 a bare verb, 4 its object,
// 5 what is replaced (a gerund's object or a doer).
var insteadOfRe = rx(subj + ` (?:(?:is|are) (?:now |just |also )?([a-z]+ing)|(?:will|has decided to|have decided to|decided to|chose to|opted to|agreed to|is going to|are going to) ([a-z]+)) (.+?) (?:instead of|rather than) (?:[a-z]+ing )?(?:(?:to|in|at|by|on) )?(.+)`)

// insteadOfSlot is the slot of a verb said with what it replaces, or nil: its value is
// what the verb now takes, and it replaces either an old value that names the replaced
// thing, or, when the replaced thing is a doer ("instead of User"), the same doing of
// that doer (replaces).
func insteadOfSlot(t string) *Slot {
	m := insteadOfRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	verb := strings.ToLower(m[3])
	if m[2] != "" {
		verb = ingBase(strings.ToLower(m[2]))
	}
	if verb == "" || noSlotVerbs[verb] {
		return nil
	}
	object := m[4]
	if first, rest, ok := strings.Cut(object, " "); ok && isPreposition(strings.ToLower(first)) {
		object = rest // "flying to the island": where to is the value
	}
	val, old := cutValue(object, switchValueStop), cutValue(m[5], switchValueStop)
	if val == "" || old == "" || val == old || len(strings.Fields(val)) > 4 || len(strings.Fields(old)) > 4 {
		return nil
	}
	s := buildSlotReplacing(m[1], val, old)
	if s != nil {
		s.Predicate = verb
	}
	return s
}

// buildSlotReplacing is the uses slot of subject with value val in place of old.
func buildSlotReplacing(subject, val, old string) *Slot {
	s := trimSubjectAdverbs(normSubject(subject))
	if s == "" || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
		return nil
	}
	return &Slot{Subject: s, Predicate: PredicateUses, Value: val, Replaces: old}
}

// versionSlot derives {thing, version, number} from a statement that uses or moves to a
// version ("User upgraded Postgres from 14 to 16" → {postgres, version, 16}), or nil.
func versionSlot(t string) *Slot {
	if !containsAny(t, needDigit) || pastStateRe.MatchString(t) {
		return nil // "the API was on Go 1.21" states the old version, not the current one
	}
	if m := versionFromToRe.FindStringSubmatch(t); m != nil && !notVersioned[strings.ToLower(m[1])] && !monthWord(strings.ToLower(m[1])) {
		return &Slot{Subject: strings.ToLower(m[1]), Predicate: PredicateVersion, Value: m[2]}
	}
	var out *Slot
	for _, m := range versionRe.FindAllStringSubmatchIndex(t, -1) {
		m := []string{t[m[0]:m[1]], t[m[2]:m[3]], t[m[4]:m[5]], t[m[5]:]}
		name := strings.ToLower(m[1])
		if notVersioned[name] || articles[name] || isPreposition(name) || monthWord(name) || dateFollows(t, m) {
			continue // "runs from 2026-12-18", "on Dec 18": dates, not versions
		}
		// The last version stated wins: "from Go 1.21 to Go 1.23".
		out = &Slot{Subject: name, Predicate: PredicateVersion, Value: m[2]}
	}
	if out == nil {
		out = pinnedVersionSlot(t)
	}
	return out
}

// relativeWords open a clause about a thing named before them ("…, which is pinned to 3").
var relativeWords = set(`which that what who whatever`)

// pinnedVersionSlot reads "<thing>, pinned to <version>", where the version does not
// follow the thing's name, or nil.
func pinnedVersionSlot(t string) *Slot {
	loc := versionPinnedRe.FindStringSubmatchIndex(t)
	if loc == nil {
		return nil
	}
	m := []string{t[loc[0]:loc[1]], t[loc[2]:loc[3]], t[loc[4]:loc[5]], t[loc[5]:]}
	name := strings.ToLower(m[1])
	if notVersioned[name] || articles[name] || isPreposition(name) || pronounLike[name] || relativeWords[name] ||
		monthWord(name) || dateFollows(t, m) {
		return nil
	}
	return &Slot{Subject: name, Predicate: PredicateVersion, Value: m[2]}
}

// monthWord reports a month name or abbreviation: "Dec 18" is a date.
func monthWord(w string) bool { return hasMonthRe.MatchString(w) && bareMonthRe.MatchString(w) }

// dateFollows reports a number that continues as a date or time ("2026-12-18", "12/20", "10:30").
func dateFollows(_ string, m []string) bool {
	return m[3] != "" && strings.ContainsRune("-/:", rune(m[3][0]))
}

// replaces reports whether old is the value a switch replaced: a slot of a related subject
// whose value is, or starts with, the replaced one ("webpack 5" for "webpack").
func replaces(old, n Slot) bool {
	r := normValue(n.Replaces)
	if r == "" || strings.HasPrefix(old.Value, "not ") {
		return false
	}
	if old.Predicate == PredicateVersion {
		return old.Subject == r // "webpack 5" is replaced by "from webpack to Vite"
	}
	// "the Civic" names "honda civic": a value may end with the thing as well as start with it.
	if r == old.Subject && r != n.Subject {
		return old.Predicate == n.Predicate && old.Value == n.Value // "User's brother is hosting Thanksgiving instead of User"
	}
	related := subjectsRelated(unscoped(old.Subject), n.Subject) || wholeProject[old.Subject] || instructs(n.Subject, old.Subject)
	named := old.Value == r || strings.HasPrefix(old.Value, r+" ") || strings.HasSuffix(old.Value, " "+r)
	return related && (named || disposedNamed(old.Value, n))
}

// disposedNamed reports a thing given up, named by one word, that the old value names
// among the words describing it: selling "the Volvo" gives up "a red Volvo estate".
func disposedNamed(value string, n Slot) bool {
	r := normValue(n.Replaces)
	return n.Predicate == PredicateDisposed && !strings.Contains(r, " ") && strings.Contains(" "+value+" ", " "+r+" ")
}

// scopedSubjectRe is a subject read with the scope phrase its fact opened with: "At
// work User uses Jira" has the subject "at work user".
var scopedSubjectRe = lazyre.New(`^(?:at|in|on|for) (?:\S+ ){1,3}(user)$`)

// unscoped is a subject without the scope phrase it was read with: what the user gave
// up ("we replaced Jira with Linear") is gone from where they said they used it.
func unscoped(subject string) string {
	if m := scopedSubjectRe.FindStringSubmatch(subject); m != nil {
		return m[1]
	}
	return subject
}

// toolObjectRe finds the thing a fact names as its tool or host, at its end: "… with
// Poetry", "… using webpack", "… to Heroku", "… on GitHub Actions", "… in MongoDB".
var toolObjectRe = lazyre.New(`(?i)\s(?:with|using|via|through|on|onto|to|in)\s+(\S+(?:\s+\S+){0,2})$`)

// ReplacedMeans reports whether the switch or disposal n ends oldFact, which names the
// replaced thing not as its value but as the tool or host it works with: "User replaced
// Poetry with uv" ends "User manages Python deps with Poetry", "User moved from Heroku to
// Fly.io" ends "User deploys the app to Heroku". The subjects must be related, as for a
// value (replaces); a negative fact is no use of the thing.
func ReplacedMeans(oldFact string, n Slot) bool {
	r := normValue(n.Replaces)
	o := SlotOf(oldFact)
	if r == "" || o == nil {
		return false
	}
	on, ns := normSlot(*o), normSubject(n.Subject)
	// What the user's team gave up ("we ditched MongoDB") is gone from the parts of their
	// system too ("the backend stores data in MongoDB").
	ownSystem := ns == "user" && systemNoun(on.Subject)
	if strings.HasPrefix(on.Value, "not ") || !(subjectsRelated(on.Subject, ns) || wholeProject[on.Subject] || ownSystem || partNamed(on.Subject, ns)) {
		return false
	}
	m := toolObjectRe.FindStringSubmatch(beforeAside(cleanFactText(oldFact))) // "… on Duolingo, 200 day streak" (instead.go)
	return m != nil && cutValue(m[1], commonStop) == r
}

// partNamed reports two subjects of one owner where one names the other's thing with a
// word more: "User's CI pipeline" and "User's CI", "User's staging cluster" and "User's
// staging". What was moved off a tool ("moved CI off Jenkins") is gone from the thing
// said at more length ("the CI pipeline runs on Jenkins"); the replaced value must
// still be the one the stored fact works with.
func partNamed(a, b string) bool {
	ao, at, aok := cutOwner(a)
	bo, bt, bok := cutOwner(b)
	if !aok || !bok || ao != bo || namesPerson(at) || namesPerson(bt) {
		return false
	}
	return strings.HasPrefix(at, bt+" ") && len(strings.Fields(at)) == len(strings.Fields(bt))+1 ||
		strings.HasPrefix(bt, at+" ") && len(strings.Fields(bt)) == len(strings.Fields(at))+1
}

// instructs reports a standing instruction about the user's own work: "Use pnpm, not
// npm" replaces "User uses npm for this repo" and "User's CI runs on npm".
func instructs(newSubject, oldSubject string) bool {
	owner, _, _ := cutOwner(oldSubject)
	return newSubject == SubjectInstruction && owner == "user"
}

// wholeProject are subjects that stand for the project the speakers work on: "the repo
// uses pnpm" is what "we use npm instead of pnpm" replaces.
var wholeProject = set(`repo repository codebase project monorepo`)

// subjectsRelated reports subjects that may name the same owner of a tool: equal, one the
// owner of the other ("user" and "user's build"), or the same thing ("build" and "user's build").
func subjectsRelated(a, b string) bool {
	if a == b {
		return true
	}
	ao, at, aok := cutOwner(a)
	bo, bt, bok := cutOwner(b)
	switch {
	case aok && bok:
		return ao == bo && at == bt
	case aok:
		return ao == b && !namesPerson(at) || at == b
	case bok:
		return bo == a && !namesPerson(bt) || bt == a
	}
	return false
}

// namesPerson reports a thing owned that is a person ("roommate", "best friend"): what
// the user's roommate quits or uses is the roommate's, not the user's. A person noun
// followed by a name is a person too: what "User's friend Sam" leaves is Sam's.
func namesPerson(thing string) bool {
	w := strings.Fields(thing)
	n := len(w)
	return n > 0 && personNouns[w[n-1]] || n > 1 && personNouns[w[n-2]]
}

// cutOwner splits "all user's typescript projects" into the owner "user" and the thing owned.
func cutOwner(s string) (owner, thing string, ok bool) {
	before, after, ok := strings.Cut(s, "'s ")
	if !ok {
		return s, "", false
	}
	return before[strings.LastIndexByte(before, ' ')+1:], after, true
}

// kindSwitchRe: "User switched to decaf", "User is back on regular coffee": a switch
// to, or a return to, something taken or used, naming neither a listed tool nor the
// value left (switchToSlot reads those). Group 1 is the subject, 2 what is taken now.
var kindSwitchRe = rx(subj + ` (?:(?:has |have |just |finally |recently )*switched (?:back |over )?to|(?:is|are) (?:now |finally |officially |just )?back on) (.+)`)

// kindSwitchSlot is the uses slot of such a switch or return, or nil. What it ends is
// the use of another kind of the same thing, whatever verb said that use
// (choosesOtherKind, kindsOfOneThing): "drinks regular coffee" for "switched to decaf".
func kindSwitchSlot(t string) *Slot {
	m := kindSwitchRe.FindStringSubmatch(t)
	if m == nil || strings.Contains(m[1], ",") || !plainSubject(m[1]) {
		return nil
	}
	val := cutValue(m[2], switchValueStop)
	w := strings.Fields(val)
	if len(w) == 0 || len(w) > 3 || notBackOnThing[w[0]] {
		return nil // "back on track": an idiom, no thing taken
	}
	s := normSubject(m[1])
	if s == "" || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
		return nil
	}
	return &Slot{Subject: s, Predicate: PredicateUses, Value: val}
}
