package extract

import (
	"strings"

	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// Tools of one kind (llm.ToolKinds). A project uses one package manager, one test runner,
// one bundler at a time: "We switched the web repo to bun" ends "The web repo uses pnpm"
// though it names no old value, and "We replaced Jest with Vitest" ends "Tests use Jest"
// though that fact fills no slot. A tool not listed keeps the older rules (a switch ends
// only the value it names).

// toolKinds maps a tool's lower-case name to its job.
var toolKinds = text.WordIndex(llm.ToolKinds)

// toolOf returns the tool a value names and its kind: "bun", "vitest 2", "the pnpm
// workspace" name bun, vitest and pnpm. A value that names no listed tool gives "".
func toolOf(v string) (tool, kind string) {
	for _, w := range toolWords(v) {
		if k := toolKinds[w]; k != "" {
			return w, k
		}
	}
	return "", ""
}

// toolWords are the words of v and its two-word names joined by a hyphen, as toolKinds
// spells them: "GitHub Actions" is "github-actions".
func toolWords(v string) []string {
	w := strings.Fields(normValue(v))
	out := make([]string, 0, 2*len(w))
	for i := range w {
		if i+1 < len(w) {
			out = append(out, w[i]+"-"+w[i+1])
		}
		out = append(out, w[i])
	}
	return out
}

// namesListedTool reports a move whose old or new value is a listed tool: "We moved
// from NATS to Kafka" is a switch, not a relocation.
func namesListedTool(move string) bool {
	_, to, ok := strings.Cut(strings.ToLower(move), " to ")
	if !ok {
		return false
	}
	from := ""
	if _, f, ok := strings.Cut(strings.ToLower(move), " from "); ok {
		from, _, _ = strings.Cut(f, " to ")
	}
	t1, _ := toolOf(cutValue(to, switchValueStop))
	t2, _ := toolOf(cutValue(from, switchValueStop))
	return t1 != "" || t2 != ""
}

// switchToRe: "User switched the web repo to bun", "User moved to Vitest": a switch that
// names the new tool but not the old one. Group 2 is the thing switched, 3 the new tool.
var switchToRe = rx(subj + ` (?:has |have |just |finally |recently |now )*(?:switched|migrated|moved|changed|converted|ported|went)(?: over)?(?: (.+?))? (?:over |back )?(?:to|onto) (.+)`)

// switchToSlot is the uses slot of a switch to a listed tool, or nil.
func switchToSlot(t, lower string) *Slot {
	if strings.Contains(lower, " from ") || !containsAny(lower, []string{"switched", "migrated", "moved", "changed", "converted", "ported", "went"}) {
		return nil
	}
	m := switchToRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	if w := strings.ToLower(m[2]); w == "back" || w == "over" {
		m[2] = "" // "switched back to": the optional object took the particle
	}
	val := cutValue(m[3], switchValueStop)
	if tool, _ := toolOf(val); tool == "" || len(strings.Fields(val)) > 2 {
		return switchedKind(m[1], m[2], val, lower)
	}
	s := normSubject(m[1])
	if o := normValue(ownerless(m[2])); o != "" && len(strings.Fields(o)) <= 3 {
		s = strings.TrimSuffix(s, "'s") + "'s " + o
	}
	if s == "" || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
		return nil
	}
	return &Slot{Subject: s, Predicate: PredicateUses, Value: val}
}

// switchedKind is the uses slot of a switch to a value of two words that names no listed
// tool ("User switched back to light mode"), or nil: only "switched" says a choice, as
// "moved to" says a place. Contradicts ends by it a use or preference of one kind
// (otherKindOfOne).
func switchedKind(subject, object, val, lower string) *Slot {
	if object != "" || len(strings.Fields(val)) != 2 || !strings.Contains(lower, "switched") ||
		strings.Contains(subject, ",") || !plainSubject(subject) {
		return nil // "User stopped drinking coffee, switched to green tea": the first clause has the subject
	}
	s := normSubject(subject)
	if s == "" || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
		return nil
	}
	return &Slot{Subject: s, Predicate: PredicateUses, Value: val}
}

// onToolRe: "User is on bun now", "The web repo is on Vitest": being on a listed tool is
// using it. Group 2 is what follows "on".
var onToolRe = rx(subj + ` (?:is|are) (?:now |still |already |currently )?on (.+)`)

// onToolSlot is the use slot of being on a listed tool ("User is on bun now for installs"
// uses bun), or nil: "User is on call", "is on Mondays" name no tool. Its value is the
// tool alone, so that NowUses ends the older tool of its kind when "now" is said.
func onToolSlot(t string) *Slot {
	m := onToolRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	w := strings.Fields(m[2])
	tool, _ := toolOf(strings.Join(w[:min(len(w), 2)], " "))
	s := normSubject(m[1])
	if tool == "" || s == "" || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
		return nil
	}
	return &Slot{Subject: s, Predicate: "use", Value: tool}
}

// KindMates are the other listed tools of the kind of tool a use slot names ("User is
// on bun now": npm, pnpm, yarn): the words of an older fact that the switch ends though
// it shares none with the new one ("Pnpm only"), for finding it. Nil for any other slot.
func KindMates(s Slot) []string {
	if s.Predicate != PredicateUses && s.Predicate != "use" {
		return nil
	}
	tool, kind := toolOf(s.Value)
	if kind == "" {
		return nil
	}
	var out []string
	for _, w := range strings.Fields(llm.ToolKinds[kind]) {
		if w != tool {
			out = append(out, w)
		}
	}
	return out
}

// negativeUseRe finds a fact that says a tool is not used, or used no longer.
var negativeUseRe = lazyre.New(`(?i)\b(?:not|never|no longer|n't|instead of|rather than|over|anymore)\b`)

// SwitchedFrom reports whether the switch n (a uses slot naming a listed tool) ends
// oldFact, which says a related subject uses another tool of the same kind: "User
// switched the web repo to bun" ends "The web repo uses pnpm", "User replaced Jest with
// Vitest" ends "Tests use Jest". A fact that names the new tool too, or says a tool is
// not used, is left alone; so is a fact about someone else. A plan, which fills no
// slot, is ended by a choice said with what it replaces (replacesPlan).
func SwitchedFrom(oldFact string, n Slot) bool {
	if replacesPlan(oldFact, n) {
		return true
	}
	if n.Predicate != PredicateUses || strings.HasPrefix(normValue(n.Value), "not ") {
		return false // "Never use npm or yarn" forbids two tools and switches to none
	}
	newTool, kind := toolOf(n.Value)
	clean := cleanFactText(oldFact)
	if kind == "" || negativeUseRe.MatchString(clean) {
		return false
	}
	var named bool
	for _, w := range toolWords(clean) {
		switch k := toolKinds[w]; {
		case w == newTool:
			return false
		case k == kind:
			named = true
		case k != "":
			return false // "uses Jest for tests and ESLint for linting": Jest stays, so the fact stays
		}
	}
	if !named {
		return false
	}
	o := SlotOf(oldFact)
	return o == nil || switchRelated(normSubject(o.Subject), normSubject(n.Subject))
}

// NowUses reports whether n, a plain use of a listed tool said with "now" ("we're using
// MySQL now", "User uses bun now"), ends oldFact as a switch to that tool would: "User
// uses Postgres for the main database". The caller checks the "now"; without it a second
// tool of a kind is kept beside the first ("uses Redis" and "uses Memcached" may both hold).
func NowUses(oldFact string, n Slot) bool {
	if tool, _ := toolOf(n.Value); n.Predicate != "use" && !(n.Predicate == "is" && tool != "" && len(strings.Fields(normValue(n.Value))) == 1) {
		return false // "State management is Jotai from now on" uses Jotai as "… uses Jotai now" does
	}
	n.Predicate = PredicateUses
	return SwitchedFrom(oldFact, n)
}

// switchRelated reports an old subject a switch by newSubject reaches: the same or a
// related one, the project as a whole, or any part of the project when the user (the
// team) switched ("we switched to bun" ends "the web repo uses pnpm").
func switchRelated(old, newSubject string) bool {
	if subjectsRelated(old, newSubject) || wholeProject[old] || old == SubjectInstruction && projectPart(newSubject) {
		// "Use Zustand" was an instruction for the whole project's work: a part of it
		// switching ("state management is Jotai now") ends it.
		return true
	}
	owner, thing, _ := cutOwner(newSubject)
	if owner == "user" && wholeProject[old] {
		return true
	}
	// "We moved this repo to pdm" switches the whole project, so it reaches any part of
	// it ("Dependencies are managed with poetry here"), as the team's own switch does.
	return (newSubject == "user" || owner == "user" && wholeProject[withoutDemonstrative(thing)]) && projectPart(old)
}

// withoutDemonstrative drops a leading "this" or "that": "this repo" is the repo.
func withoutDemonstrative(s string) string {
	for _, d := range []string{"this ", "that "} {
		if rest, ok := strings.CutPrefix(s, d); ok {
			return rest
		}
	}
	return s
}

// projectPart reports a subject that names part of the project, not a person: "tests",
// "web repo", "staging", "the build"; "alice" and "alice's team" are someone else's.
func projectPart(s string) bool {
	w := strings.Fields(s)
	switch {
	case len(w) == 0 || strings.Contains(s, "'s "):
		return false
	case len(w) == 1:
		return systemNoun(s) || strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "'s")
	}
	return !personNouns[w[len(w)-1]]
}

// replacesPlan reports an old plan, which fills no slot, that n, a doing said with what it
// replaces, ends: "User decided to study economics instead of computer science" ends "User
// is going to study computer science at university". The plan must be of n's subject and
// name both n's verb and the replaced thing, as whole words.
func replacesPlan(oldFact string, n Slot) bool {
	r := normValue(n.Replaces)
	if r == "" || n.Predicate == "" || SlotOf(oldFact) != nil {
		return false
	}
	old := " " + normValue(cleanFactText(oldFact)) + " "
	if !strings.HasPrefix(old, " "+normSubject(n.Subject)+" ") || negativeUseRe.MatchString(old) {
		return false
	}
	verb := false
	for _, w := range strings.Fields(old) {
		verb = verb || text.Stem(w) == text.Stem(n.Predicate)
	}
	return verb && strings.Contains(old, " "+r+" ")
}
