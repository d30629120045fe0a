package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Changes that name what they end but not what replaces it: "User sold the Civic",
// "User left Berlin", "User retired in 2024"; and decisions that state a tool in use:
// "User decided to use MySQL for the orders service". A disposal fills a slot whose
// Replaces is the thing given up, so it supersedes a stored fact whose value names it
// ("User drives a Honda Civic"); leaving work fills the employment slot, which ends
// any job or employer of the same subject (Contradicts).

// PredicateDisposed and PredicateEmployment are the predicates of change slots.
const (
	PredicateDisposed   = "disposed"
	PredicateEmployment = "employment"
)

var (
	retiredRe  = rx(subj + ` (?:has |have |just |recently |finally )*(?:retired|resigned|was laid off|got laid off|was let go|was fired|got fired|is unemployed|is out of work|stopped working|quit (?:\S+'s |his |her |their |the )?job)(?: (?:in|on|at|last|this|from|since|yesterday|today|recently|after|two|three|a) .*)?`)
	decidedRe  = rx(subj + ` (?:has |have |finally )*(?:decided|agreed|chose|opted) to (?:use|go with|adopt|stick with|standardi[sz]e on) (.+)`)
	disposalRe = rx(subj + ` (?:has |have |just |recently |finally )*(?:sold|gave away|gave up(?: on)?|given up(?: on)?|rehomed|re-homed|had to rehome|got rid of|stopped using|uninstalled|moved out of|left|quit|cancell?ed|unsubscribed from|deleted|traded in|finished(?: reading| watching| playing)?) (.+)`)
	// stoppedTheRe: "User stopped the sertraline": a thing named with its article or
	// owner, stopped. Said of a thing one takes (a medicine, a supplement), it is read as
	// "stopped taking" it; a bare "stopped smoking" is read by quitRe.
	stoppedTheRe = rx(subj + ` (?:has |have |just |recently |finally )*stopped (?:the|User's|his|her|their) (.+)`)
	// startedIngRe: "User started taking metformin", "User began learning Greek": a habit
	// taken up is held from then on, as "User takes metformin" says. Group 2 is the
	// habit's verb, 3 its object.
	startedIngRe = rx(subj + ` (?:has |have |just |recently |finally )*(?:started|began|begun) ([a-z]+ing) (.+)`)
	// lostThingRe: "User's Trek got stolen", "User's car was totaled": a thing of one's
	// own lost. Groups: 1 the owner, 2 the thing.
	lostThingRe = rx(`(\S+(?:'s \S+)?)'s (.+?) (?:got|was|has been|had been) (?:stolen|totaled|totalled|written off)\b.*`)
	// gaveToRe: "User gave User's Switch to User's nephew": a thing of one's own given to
	// someone is given up. Only an owned or definite thing: "gave a talk to the team" is not.
	gaveToRe = rx(subj + ` (?:has |have |just |recently |finally )*gave ((?:\S+'s|his|her|their|the) .+?) (?:away|to .+)`)
	// noLongerAtRe: "User is not at Google anymore", "Alice is no longer in Berlin".
	noLongerAtRe = rx(subj + ` (?:is|are) (?:no longer|not) (?:at|in|with|based in|living in|working at|working for) (.+)`)
	// noLongerIngRe: "User is no longer playing football", "Ana isn't teaching yoga anymore".
	noLongerIngRe = rx(subj + ` (?:is|are|isn't|aren't) (?:no longer|not) ([a-z]+ing)(?: (.+))?`)
	// graduatedRe: "User graduated from MIT", "User dropped out of Yale": studies ended.
	graduatedRe = rx(subj + ` (?:has |have |just |recently |finally )*(?:graduated from|dropped out of|dropped out from) (.+)`)
	// brokeUpRe: "Tom and User broke up", "User split up with Nina": a relationship ended.
	brokeUpRe = rx(subj + ` (?:have |has |just |recently |finally )*(?:broke up|split up|separated)(?: with .+| (?:last|this|in|on|after|a|two|three|yesterday|recently) .*)?`)
	// droppedRe: "User dropped Redux", "User ditched Jenkins": a named tool given up. Only a
	// name counts: "User dropped the kids at school" gives up nothing.
	droppedRe = rx(subj + ` (?:has |have |just |recently |finally )*(?:dropped|ditched|removed|deprecated|abandoned|phased out) (.+)`)
	// leftSchoolStop ends the school left before its time, place or purpose: "dropped
	// out of Yale to work full time".
	leftSchoolStop = lazyre.New(`(?i)(?: in | as | for | and | to | after | because |,)`)
	// changeStop ends the thing given up or chosen before its purpose, time or reason.
	changeStop = lazyre.New(`(?i)(?: for | in | on | at | to | because | since | so | and | but | after | last | this | ago |,)`)
)

// changeSlot derives the slot of a change statement, or nil.
func changeSlot(t, lower string) *Slot {
	if containsAny(lower, []string{"retire", "resign", "laid off", "let go", "fired", "unemployed", "out of work", "stopped working", "quit"}) {
		if m := retiredRe.FindStringSubmatch(t); m != nil {
			return buildSlot(m[1], PredicateEmployment, "none", false, nil, nil)
		}
	}
	if containsAny(lower, []string{"decided", "agreed", "chose", "opted"}) {
		if m := decidedRe.FindStringSubmatch(t); m != nil {
			return buildSlot(m[1], PredicateUses, m[2], false, changeStop, nil)
		}
	}
	if containsAny(lower, []string{"no longer", "anymore", "any more"}) {
		if m := noLongerAtRe.FindStringSubmatch(t); m != nil {
			return disposed(m[1], m[2]) // "User is not at Google anymore": User left Google
		}
		if m := noLongerIngRe.FindStringSubmatch(t); m != nil {
			return quitSlot(m[1], m[2], m[3]) // "User is no longer playing football": User quit it
		}
	}
	if containsAny(lower, []string{"graduated", "dropped out"}) {
		if m := graduatedRe.FindStringSubmatch(t); m != nil {
			return buildSlot(m[1], "studies_at", m[2], true, leftSchoolStop, nil) // no longer studies there
		}
	}
	if containsAny(lower, []string{"broke up", "split up", "separated"}) {
		if m := brokeUpRe.FindStringSubmatch(t); m != nil {
			return buildSlot(m[1], "relationship_status", "single", false, nil, nil)
		}
	}
	if containsAny(lower, []string{"dropped", "ditched", "removed", "deprecated", "abandoned", "phased out"}) {
		if m := droppedRe.FindStringSubmatch(t); m != nil && namesTool(m[2]) {
			return disposed(m[1], m[2])
		}
	}
	if containsAny(lower, []string{"quit", "stopped", "gave up", "given up", "stepped down", "stepped back", "retired from"}) {
		if m := quitRe.FindStringSubmatch(t); m != nil {
			if s := quitSlot(m[1], m[2], m[3]); s != nil {
				return s
			} // "stopped using Jenkins" is a disposal, read below
		}
	}
	if containsAny(lower, []string{"started ", "began ", "begun "}) {
		if m := startedIngRe.FindStringSubmatch(t); m != nil && ownSubject(m[1]) {
			if lemma := ingBase(strings.ToLower(m[2])); lemma != "" && !noSlotVerbs[lemma] && lemma != "work" {
				return verbSlot(m[1], "", lemma, m[3]) // "started working at" is a job, read by the canon rules
			}
		}
	}
	if strings.Contains(lower, "stopped ") {
		if m := stoppedTheRe.FindStringSubmatch(t); m != nil && ownSubject(m[1]) && !stoppedVehicle(m[2]) {
			// Only what one takes: "stopped the music" ends no liking of music.
			return quitSlot(m[1], "taking", m[2])
		}
	}
	if containsAny(lower, []string{"stolen", "totaled", "totalled", "written off"}) {
		if m := lostThingRe.FindStringSubmatch(t); m != nil {
			return disposed(m[1], m[2]) // "User's Trek got stolen": User no longer has it
		}
	}
	if strings.Contains(lower, "gave ") {
		if m := gaveToRe.FindStringSubmatch(t); m != nil {
			return disposed(m[1], m[2])
		}
	}
	if !containsAny(lower, []string{"sold", "gave away", "gave up", "given up", "rehome", "re-home", "got rid", "stopped using", "uninstalled", "moved out", "left", "quit", "cancel", "unsubscribed", "deleted", "traded in", "finished"}) {
		return nil
	}
	if m := disposalRe.FindStringSubmatch(t); m != nil {
		return disposed(m[1], m[2])
	}
	return nil
}

// ownSubject reports words before a verb that are a subject of their own, not a clause
// the verb goes on from: in "User is no longer vegan, started eating fish" the start is
// said after a statement with its own slot.
func ownSubject(s string) bool {
	return !strings.ContainsAny(s, ",;") && !hasCopula(s)
}

// stoppedVehicle reports a thing stopped that is a vehicle: "stopped the car" halts
// it, and gives up nothing.
func stoppedVehicle(thing string) bool {
	w := strings.Fields(strings.ToLower(cutValue(thing, changeStop)))
	return len(w) == 0 || vehicleVerbs[w[len(w)-1]] != ""
}

// namesTool reports an object of "dropped" that names a thing by itself: a name
// ("Redux", "redis" in lower-case chat), not one with an article, owner or pronoun
// ("the kids", "User's phone", "it") nor a place ("by the office", "off").
func namesTool(v string) bool {
	w := strings.Fields(strings.ToLower(v))
	if len(w) == 0 || pronounLike[w[0]] || articles[w[0]] || isPreposition(w[0]) || strings.HasSuffix(w[0], "'s") || notMovedThings[w[0]] || w[0] == "off" {
		return false
	}
	n := len(strings.Fields(cutValue(v, changeStop)))
	return capitalised("", v) || n > 0 && n <= 2
}

// quitRe: "User quit smoking", "User stopped drinking coffee", "User stepped down from
// managing": a habit or role given up. Group 2
// is the habit's verb, 3 its object.
var quitRe = rx(subj + ` (?:has |have |just |finally |recently |completely |totally )*(?:quit|stopped|gave up|given up|stepped down from|stepped back from|retired from) ([a-z]+ing)(?: (.+))?`)

// quitSlot is the negation of the habit given up: "User quit smoking" fills the slot
// of "User smokes" with "not smoke", as "User does not smoke" would.
func quitSlot(subject, ing, rest string) *Slot {
	lemma := ingBase(strings.ToLower(ing))
	if lemma == "" || noSlotVerbs[lemma] || lemma == "use" || lemma == "work" {
		return nil // "stopped using" is a disposal, "stopped working" the end of a job
	}
	if cutValue(rest, verbStop) == "" {
		rest = "" // "quit smoking in 2024": when, not what
	}
	return verbSlot(subject, "no longer", lemma, rest)
}

// ingBase turns a present participle into its base form: "smoking" → "smoke",
// "running" → "run", "drinking" → "drink". It is a heuristic for the habits people give
// up; "" when the word is too short to be a participle.
func ingBase(w string) string {
	stem := strings.TrimSuffix(w, "ing")
	n := len(stem)
	switch {
	case n < 2 || stem == w:
		return ""
	case n >= 4 && stem[n-1] == stem[n-2] && !strings.ContainsRune("aeiouls", rune(stem[n-1])):
		return stem[:n-1] // running, swimming, shopping
	case strings.ContainsRune("cvz", rune(stem[n-1])) || n <= 4 && cvc(stem) || n == 2 && strings.ContainsRune("aeiou", rune(stem[0])) && !strings.ContainsRune("aeiouw", rune(stem[1])):
		return stem + "e" // dancing, driving, smoking, baking, using
	case strings.HasSuffix(stem, "dg") || n >= 5 && stem[n-1] == 'g' && strings.ContainsRune("aeiou", rune(stem[n-2])):
		return stem + "e" // managing, judging; "singing" keeps its "ng"
	case n >= 5 && (strings.HasSuffix(stem, "at") || strings.HasSuffix(stem, "ut")) && !strings.ContainsRune("aeiou", rune(stem[n-3])):
		return stem + "e" // meditating, donating, commuting; "treating" keeps its "eat"
	}
	return stem
}

// cvc reports a stem ending consonant, vowel, consonant ("smok", not "cook" or "drink").
func cvc(s string) bool {
	n := len(s)
	vowel := func(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }
	return n >= 3 && !vowel(s[n-3]) && vowel(s[n-2]) && !vowel(s[n-1]) && !strings.ContainsRune("wxy", rune(s[n-1]))
}

// disposed is the slot of subject giving up thing: it replaces a value that names it.
func disposed(subject, thing string) *Slot {
	s := buildSlot(subject, PredicateDisposed, ownerless(thing), false, changeStop, nil)
	if s != nil {
		s.Value = withoutKindOfHolding(s.Value)
	}
	if s != nil {
		s.Replaces = s.Value
	}
	return s
}

// holdingNouns name the kind of holding a service is had by: cancelling "the Audible
// subscription" gives up Audible, whether the old fact said "subscribes to Audible" or
// "has an Audible membership".
var holdingNouns = set(`subscription membership account plan contract`)

// withoutKindOfHolding drops a trailing holding noun from a thing given up, when a name is
// left: "audible subscription" → "audible"; "gym membership" too, "membership" alone not.
func withoutKindOfHolding(v string) string {
	w := strings.Fields(v)
	if len(w) >= 2 && holdingNouns[w[len(w)-1]] {
		return strings.Join(w[:len(w)-1], " ")
	}
	return v
}

// ownerless drops an owner in front of a thing: "User's old car" → "old car".
func ownerless(v string) string {
	w := strings.Fields(v)
	if len(w) > 1 && (strings.HasSuffix(w[0], "'s") || w[0] == "his" || w[0] == "her" || w[0] == "their" || w[0] == "its") {
		return strings.Join(w[1:], " ")
	}
	return v
}

// vehicleVerbs are the verbs a vehicle is had by: what "User drives" or "rides" is
// User's car or scooter, so selling "User's car" ends "User drives a Mazda 3" though
// the old fact names only the make.
var vehicleVerbs = map[string]string{"car": "drive", "truck": "drive", "van": "drive", "motorbike": "ride", "motorcycle": "ride", "scooter": "ride",
	"bike": "ride", "bicycle": "ride"}

// disposedVehicle reports a disposal of the kind of vehicle the subject's old fact
// says they drive or ride.
func disposedVehicle(old, n Slot) bool {
	if n.Predicate != PredicateDisposed || old.Subject != n.Subject || strings.HasPrefix(old.Value, "not ") {
		return false
	}
	w := strings.Fields(n.Replaces)
	return len(w) > 0 && len(w) <= 2 && vehicleVerbs[w[len(w)-1]] == old.Predicate
}

// endsWork reports an employment slot ending old, a job or an employer of the same subject.
func endsWork(old, n Slot) bool {
	return n.Predicate == PredicateEmployment && old.Subject == n.Subject &&
		(old.Predicate == "works_at" || old.Predicate == "job_title") && !strings.HasPrefix(old.Value, "not ")
}

// Standing instructions have no subject: "Always use yarn in this repo", "Don't use yarn
// anymore, use pnpm", "Use camelCase for database columns instead of snake_case". They
// fill the uses slot of SubjectInstruction, so a later instruction about the same tool
// (its negation, or a switch away from it) supersedes the earlier one.

// SubjectInstruction is the subject of the slots of standing instructions.
const SubjectInstruction = "instruction"

var (
	insteadImpRe = rx(`(?:always |please |just |only )?(?:use|prefer|pick|choose|go with|stick with|switch to) (.+?)(?: instead of| rather than| in place of| over|,? not) (.+)`)
	negImpRe     = rx(`(?:please )?(?:(?:do not|don't|never|stop) (?:use|using)|avoid(?: using)?) (.+)`)
	posImpRe     = rx(`(?:always |please |just |only )?use (.+)`)
	instrStop    = lazyre.New(`(?i)(?: in | for | on | when | with | to | and | if | unless |,)`)
)

var (
	// alwaysImpRe: "Always add a comment above every function". Group 1 the verb, 2 its object.
	alwaysImpRe = rx(`(?:please )?always ([a-z]+) (.+)`)
	// stopImpRe: "Stop adding comments above every function", "Never add comments …".
	stopImpRe = rx(`(?:please )?(?:stop ([a-z]+ing)|(?:never|don't|do not) ([a-z]+)) (.+)`)
)

// habitInstructionSlot derives the slot of a standing instruction to always, or never,
// do something other than use a tool: the verb is the predicate, so "Stop adding
// comments above every function" negates "Always add a comment above every function".
func habitInstructionSlot(t string) *Slot {
	if m := alwaysImpRe.FindStringSubmatch(t); m != nil && !noSlotVerbs[strings.ToLower(m[1])] {
		return instructionHabit(strings.ToLower(m[1]), m[2], false)
	}
	if m := stopImpRe.FindStringSubmatch(t); m != nil {
		verb := strings.ToLower(m[2])
		if m[1] != "" {
			verb = ingBase(strings.ToLower(m[1]))
		}
		if verb != "" && !noSlotVerbs[verb] {
			return instructionHabit(verb, m[3], true)
		}
	}
	return nil
}

// instructionHabit is the instruction slot of verb done, or not, to the object in rest.
func instructionHabit(verb, rest string, neg bool) *Slot {
	v := cutValue(rest, instrStop)
	if v == "" || len(strings.Fields(v)) > 5 {
		return nil
	}
	if neg {
		v = "not " + v
	}
	return &Slot{Subject: SubjectInstruction, Predicate: verb, Value: v}
}

// notOnly reports a contrast that widens rather than replaces: "use it for every project,
// not just this one" keeps "this one" in, so it names nothing the instruction replaces.
func notOnly(t, old string) bool {
	lt := strings.ToLower(t)
	return notOnlyRe.MatchString(old) && strings.HasSuffix(lt, "not "+strings.ToLower(old))
}

var notOnlyRe = rx(`(?:just|only|merely|simply) .+`)

// instructionSlot derives the slot of a standing instruction about a tool, or nil.
func instructionSlot(t string) *Slot {
	if m := insteadImpRe.FindStringSubmatch(t); m != nil && !notOnly(t, m[2]) {
		val, old := cutValue(m[1], instrStop), cutValue(m[2], instrStop)
		if val != "" && old != "" && val != old {
			return &Slot{Subject: SubjectInstruction, Predicate: PredicateUses, Value: val, Replaces: old}
		}
		return nil
	}
	neg := false
	m := negImpRe.FindStringSubmatch(t)
	if m != nil {
		neg = true
	} else if m = posImpRe.FindStringSubmatch(t); m == nil {
		return habitInstructionSlot(t)
	}
	v := cutValue(m[1], instrStop)
	if v == "" || len(strings.Fields(v)) > 3 {
		return nil
	}
	if neg {
		v = "not " + v
	}
	return &Slot{Subject: SubjectInstruction, Predicate: PredicateUses, Value: v}
}

// OutgrownPartner reports whether n, a relationship status the couple has moved on to,
// ends oldFact, which names one of them the other's partner at an earlier stage: "Marco
// and User got married" ends "User's boyfriend is Marco" (he is her husband now), as
// getting engaged ends a boyfriend or girlfriend. The status must name both people of
// the old fact; a husband, wife, spouse or partner is not outgrown by marrying.
func OutgrownPartner(oldFact string, n Slot) bool {
	ns := normSlot(n)
	earlier := outgrownRoles[ns.Value]
	if ns.Predicate != "relationship_status" || earlier == nil {
		return false
	}
	owner, role, name := partnerRole(strings.ToLower(cleanFactText(oldFact)))
	return earlier[role] && inConjunction(normSubject(owner), ns.Subject) && inConjunction(normValue(name), ns.Subject)
}

// partnerRole reads who has a partner, in which role and whom from "User's boyfriend is
// Marco" or "Marco is User's boyfriend"; all empty when the fact says neither.
func partnerRole(fact string) (owner, role, name string) {
	if m := partnerIsRe.FindStringSubmatch(fact); m != nil {
		return m[1], m[2], m[3]
	}
	if m := isPartnerRe.FindStringSubmatch(fact); m != nil {
		return m[2], m[3], m[1]
	}
	return "", "", ""
}

var (
	partnerIsRe = lazyre.New(`^(.+?)'s (boyfriend|girlfriend|fiancée?|fiance|partner|husband|wife|spouse) is (?:called |named )?([\p{L}'-]+)(?: now)?$`)
	isPartnerRe = lazyre.New(`^([\p{L}'-]+) is (.+?)'s (boyfriend|girlfriend|fiancée?|fiance|partner|husband|wife|spouse)(?: now)?$`)
	// outgrownRoles lists, for each status a couple moves on to, the roles it leaves behind.
	outgrownRoles = map[string]map[string]bool{
		"engaged": set(`boyfriend girlfriend`),
		"married": set(`boyfriend girlfriend fiance fiancé fiancée`),
	}
)
