package extract

import (
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// States that hold one value at a time but are said without a verb of their own:
// who fills a role ("User's manager is Sarah", "Tom is User's manager now"), when a
// thing is scheduled ("The launch is on 2025-06-10", "The launch slipped to
// 2025-07-01") and where a thing is ("The staging DB is on port 5432", "User
// migrated the API to Fly.io"). Each is a single-valued slot, so a new value
// supersedes the old one through Contradicts, as lives_in does for people.

// Predicates of the state slots.
const (
	PredicateIdentity = "identity"
	PredicateDate     = "date"
	PredicateLocated  = "located"
)

var (
	// identityRe: "User's manager is Sarah"; the value must be a name.
	identityRe = rx(`(\S+(?: \S+){0,2}?'s [a-z]+(?: [a-z]+)?) is (?:now |still |currently |actually )?(.+)`)
	// identityInvRe: "Tom is User's manager now".
	identityInvRe = rx(`([A-Z][\w.-]*(?: [A-Z][\w.-]*){0,2}) is (?:now |still |currently |actually )?(\S+(?: \S+){0,2}?'s [a-z]+(?: [a-z]+)?)(?: now| these days| currently| at the moment)?`)
	// identityGoneRe: "Sarah is no longer User's manager".
	identityGoneRe = rx(`([A-Z][\w.-]*(?: [A-Z][\w.-]*){0,2}) is (?:no longer|not) (\S+(?: \S+){0,2}?'s [a-z]+(?: [a-z]+)?)(?: anymore| any more| now)?`)
	// dateRe: a thing scheduled for, or moved to, a resolved date.
	dateRe = rx(subj + ` (?:(?:is|are|was|were|has been|have been) (?:now |still |currently )?(?:(?:scheduled|planned|set|moved|pushed back|pushed|postponed|rescheduled|delayed|due|happening) )?|(?:slipped|moved|got moved|pushed back|got pushed back|got pushed|postponed|rescheduled|delayed) )(?:on|for|to|until|till) (\d{4}-\d\d-\d\d)\b.*`)
	// locatedRe: "The staging DB is on port 5432", "The API is deployed on Heroku".
	locatedRe = rx(subj + ` (?:is|are) (?:now |currently |still )?(?:(?:hosted|deployed|running|located|stored|kept|served) )?(?:on|at|in) (.+)`)
	// moveToRe: "User moved the staging DB to port 6543" (a move that names no old value).
	moveToRe = rx(subj + ` (?:has |have )?(?:now )?(?:moved|migrated|relocated|ported|transferred|shifted|redeployed) (.+?) (?:over )?(?:to|onto) (.+)`)
	// " over the " starts a time ("to eu-west-1 over the weekend"), not part of a place.
	stateStop = lazyre.New(`(?i)(?: in | at | for | and | because | since | so | but | last | this | next | ago | over the |,)`)
)

// moveWords and dateMoveWords are the cheap tests that spare most facts the move and
// date expressions.
var (
	moveWords     = []string{"moved", "migrated", "relocated", "ported", "transferred", "shifted", "redeployed"}
	dateMoveWords = []string{"slipped", "moved", "pushed", "postponed", "rescheduled", "delayed"}
)

// notMovedThings are words after "moved" that are no thing moved ("moved back to Porto").
var notMovedThings = set(`back here there away out in over abroad home house everything up down on forward`)

// stateSlot derives an identity, date or location slot from t, or nil. Cheap word
// tests spare most facts the expressions: every state slot needs a copula, a move or
// a date moved.
func stateSlot(t string) *Slot {
	lower := strings.ToLower(t)
	copula := strings.Contains(lower, " is ") || strings.Contains(lower, " are ")
	if !copula && !containsAny(lower, moveWords) && !containsAny(lower, dateMoveWords) {
		return nil
	}
	if s := identitySlot(t, lower); s != nil {
		return s
	}
	if containsAny(t, needDigit) && strings.Contains(t, "-") {
		if m := dateRe.FindStringSubmatch(t); m != nil {
			return buildSlot(m[1], PredicateDate, m[2], false, nil, nil)
		}
	}
	if containsAny(lower, moveWords) {
		if m := moveToRe.FindStringSubmatch(t); m != nil && !notMovedThings[strings.ToLower(strings.Fields(m[2])[0])] {
			return buildSlot(m[2], PredicateLocated, m[3], false, stateStop, placeLike)
		}
	}
	if copula && containsAny(lower, []string{" on ", " at ", " in "}) {
		if m := locatedRe.FindStringSubmatch(t); m != nil && (thingSubject(m[1]) || atClockTime(m[1], m[2])) {
			return buildSlot(m[1], PredicateLocated, m[2], false, stateStop, placeLike)
		}
	}
	return nil
}

// thingLivesIn files where a thing "lives" ("The staging cluster lives in us-east-2") under
// the located slot that a move of it fills ("User migrated the staging cluster to
// eu-west-1"): a thing has one place at a time. People keep lives_in.
func thingLivesIn(s *Slot, subject string) *Slot {
	if s != nil && s.Predicate == "lives_in" && thingSubject(subject) {
		s.Predicate = PredicateLocated
	}
	return s
}

// atClockTime reports a one-word subject said to be at a time of day ("Standup is at
// 10am"): an event, since no one is "at 10am", so its time is one value like a thing's.
func atClockTime(subject, value string) bool {
	w := strings.ToLower(subject)
	first, _, _ := strings.Cut(value, " ")
	return !strings.Contains(w, " ") && w != "user" && !personNouns[w] && !pronounLike[w] &&
		clockTimeRe.MatchString(strings.TrimPrefix(strings.ToLower(first), "at "))
}

// identitySlot reads who fills a role, either way round, or nil.
func identitySlot(t, lower string) *Slot {
	if !strings.Contains(lower, "'s ") {
		return nil
	}
	if m := identityRe.FindStringSubmatch(t); m != nil && (capitalised("", m[2]) || numberIDRe.MatchString(m[2])) {
		if v := cutValue(m[2], stateStop); v != "" && len(strings.Fields(v)) <= 3 {
			return buildSlot(newRoleRe.ReplaceAllString(m[1], "'s "), PredicateIdentity, v, false, nil, nil)
		}
	}
	if m := identityGoneRe.FindStringSubmatch(t); m != nil {
		return buildSlot(newRoleRe.ReplaceAllString(m[2], "'s "), PredicateIdentity, m[1], true, nil, nil)
	}
	// "Tom is User's friend" names one friend of many; "Tom is User's manager now" or
	// "… User's new manager" names the one who replaced another.
	if m := identityInvRe.FindStringSubmatch(t); m != nil && changeMarkRe.MatchString(t) {
		role := strings.TrimSpace(commonStop.ReplaceAllString(" "+m[2]+" ", " ")) // "manager now" → "manager"
		return buildSlot(newRoleRe.ReplaceAllString(role, "'s "), PredicateIdentity, m[1], false, nil, nil)
	}
	return nil
}

// numberIDRe finds a value that is a number one is known by, not an amount: "555-0142",
// "+44 7700 900123", "0612345678". A phone number or an account number is one at a time,
// as a name is; "7", "3 kids" or "30 seconds" are counts and measures.
var numberIDRe = lazyre.New(`^\+?\(?\d[\d() .-]{4,}\d(?:[\s,.;]|$)`)

var (
	// changeMarkRe finds the words that say a role changed hands.
	changeMarkRe = lazyre.New(`(?i)\b(?:now|new|currently|these days|at the moment|anymore)\b`)
	// newRoleRe drops "new" from a role: "User's new manager" is the manager.
	newRoleRe = lazyre.New(`(?i)'s (?:new|current) `)
)

// thingSubject reports a subject that is a thing, not a person: "The staging DB",
// "User's CI". Where a person is ("Mark is at Boeing", "… in Paris this week") changes
// often and means many things, so it is no single-valued location.
func thingSubject(s string) bool {
	w := strings.Fields(strings.ToLower(s))
	if len(w) < 2 {
		return false // "Mark", "User": a name
	}
	if w[0] == "the" || w[0] == "this" || w[0] == "that" {
		return !personNouns[w[len(w)-1]]
	}
	if _, thing, ok := strings.Cut(s, "'s "); ok {
		tw := strings.Fields(thing)
		if len(tw) == 0 {
			return true
		}
		if n := len(tw); n >= 2 && personNouns[strings.ToLower(tw[n-2])] && unicode.IsUpper(rune(tw[n-1][0])) {
			return false // "User's sister Priya": a relative named after the kin word
		}
		return !personNouns[strings.ToLower(tw[len(tw)-1])]
	}
	return bareThing(strings.Fields(s))
}

// bareThing reports a noun phrase said without its article, as chat and notes do: "Code
// freeze", "Max connections". After the first word, which a sentence capitalises, every
// word is in lower case (no "Anna Smith", no "Sam and Tom"), and the head names no person.
// Chat leaves the first word in lower case too; a head naming a bound ("function limit")
// says a thing's setting, so that first word may be lower case.
func bareThing(w []string) bool {
	if len(w) < 2 || len(w) > 3 || !unicode.IsUpper(rune(w[0][0])) && settingWordNames[strings.ToLower(w[len(w)-1])] != "cap" {
		return false
	}
	for _, x := range w[1:] {
		if !unicode.IsLower(rune(x[0])) || x == "and" || x == "or" || strings.HasSuffix(x, "'s") {
			return false
		}
	}
	return !personNouns[strings.ToLower(w[len(w)-1])] && !pronounLike[strings.ToLower(w[0])]
}

// pronounLike are first words of a subject that point at someone or something already named.
var pronounLike = set(`i we you he she they it this that these those my our your his her their its some all most`)

// personNouns are heads of subjects that name people.
var personNouns = set(`sister brother mother father mom mum dad parents parent wife husband partner spouse
boyfriend girlfriend friend friends son daughter kid kids child children baby family boss manager colleague
coworker teammate neighbour neighbor cousin aunt uncle grandma grandpa grandmother grandfather team user
people person guy girl client clients doctor teacher fiance fiancee roommate nephew niece grandson granddaughter
stepson stepdaughter stepmom stepdad twin flatmate housemate roomie`)

// placeLike accepts a location value that names a place, a host or a port: a proper
// name or a number ("Heroku", "port 5432"), not a state ("in a band", "on holiday").
func placeLike(v, raw string) bool {
	if containsAny(v, needDigit) {
		return true
	}
	raw = strings.TrimSpace(raw)
	for _, w := range strings.Fields(raw) {
		if articles[strings.ToLower(w)] {
			continue
		}
		return unicode.IsUpper([]rune(w)[0])
	}
	return false
}

// lastClauseSlot reads the state stated by the last clause of a fact that fills no
// slot as a whole: "Sarah left, Tom is User's manager now".
func lastClauseSlot(t string) *Slot {
	i := strings.LastIndex(t, ", ")
	if i < 0 {
		return nil
	}
	return stateSlot(t[i+2:])
}

// meansRe finds the means a verb uses: "… with make test", "… using Docker".
var meansRe = lazyre.New(`(?i)\s(?:with|using|via|through)\s+(.+)$`)

// NewMeans reports whether newFact does what oldFact does, to the same object, by other
// means: "User runs the tests with make test" and "User runs the tests with go test
// ./... now" fill one slot (run: tests) and differ only in what follows "with". Said
// with "now", that replaces the old means; the caller checks the "now".
func NewMeans(oldFact, newFact string) bool { return (*SlotMemo)(nil).NewMeans(oldFact, newFact) }

// NewMeans is NewMeans reading the slots through the memo.
func (m *SlotMemo) NewMeans(oldFact, newFact string) bool {
	o, n := m.Of(oldFact), m.Of(newFact)
	if o == nil || n == nil || isSingleValued(o.Predicate) || strings.HasPrefix(o.Value, "not ") {
		return false
	}
	if normSlot(*o) != normSlot(*n) {
		return false
	}
	om, nm := meansRe.FindStringSubmatch(cleanFactText(oldFact)), meansRe.FindStringSubmatch(cleanFactText(newFact))
	if om == nil || nm == nil {
		return false
	}
	ov, nv := cutValue(om[1], nil), cutValue(nm[1], nil)
	return ov != "" && nv != "" && ov != nv
}

// purposeRe finds what a verb is done for: "… for tests", "… for the session cache".
var purposeRe = lazyre.New(`(?i)\sfor\s+(.+)$`)

// NewForPurpose reports whether newFact does what oldFact does, for the same purpose, with
// another thing: "User uses Jest for tests" and "User uses Vitest for tests now" fill one
// verb slot with two values and name one purpose. Said with "now", the new one replaces the
// old; the caller checks the "now".
func NewForPurpose(oldFact, newFact string) bool {
	return (*SlotMemo)(nil).NewForPurpose(oldFact, newFact)
}

// NewForPurpose is NewForPurpose reading the slots through the memo.
func (m *SlotMemo) NewForPurpose(oldFact, newFact string) bool {
	o, n := m.Of(oldFact), m.Of(newFact)
	if o == nil || n == nil || isSingleValued(o.Predicate) {
		return false
	}
	on, nn := normSlot(*o), normSlot(*n)
	if on.Subject != nn.Subject || on.Predicate != nn.Predicate || on.Value == nn.Value ||
		strings.HasPrefix(on.Value, "not ") || strings.HasPrefix(nn.Value, "not ") {
		return false
	}
	op, np := purposeRe.FindStringSubmatch(cleanFactText(oldFact)), purposeRe.FindStringSubmatch(cleanFactText(newFact))
	if op == nil || np == nil {
		return false
	}
	ov, nv := cutValue(op[1], nil), cutValue(np[1], nil)
	return ov != "" && ov == nv
}

// everyRe finds how often something is done: "… every Tuesday", "… every morning".
var everyRe = lazyre.New(`(?i)\bevery\s+(\w+(?:\s+\w+)?)`)

// NewSchedule reports whether newFact does what oldFact does on another schedule: "User
// deploys every Tuesday" and "User deploys every Thursday now". Said with "now", the new
// schedule replaces the old; the caller checks the "now".
func NewSchedule(oldFact, newFact string) bool { return (*SlotMemo)(nil).NewSchedule(oldFact, newFact) }

// NewSchedule is NewSchedule reading the slots through the memo.
func (m *SlotMemo) NewSchedule(oldFact, newFact string) bool {
	o, n := m.Of(oldFact), m.Of(newFact)
	if o == nil || n == nil || normSlot(*o) != normSlot(*n) || strings.HasPrefix(normSlot(*o).Value, "not ") {
		return false
	}
	ot, nt := cleanFactText(oldFact), cleanFactText(newFact)
	if oc, nc := clockRe.FindAllString(ot, -1), clockRe.FindAllString(nt, -1); len(oc) == 1 && len(nc) == 1 {
		return clockKey(oc[0]) != clockKey(nc[0]) // "takes insulin at 8pm" → "… at 10pm now"
	}
	if of, nf := frequencyOf(ot), frequencyOf(nt); of != "" && nf != "" && of != nf {
		return true // "goes to the gym twice a week" → "… every day now"
	}
	// Equal frequencies may still differ in when: "every morning" and "every evening"
	// are both once a day, so the words after "every" decide.
	oe, ne := everyRe.FindStringSubmatch(ot), everyRe.FindStringSubmatch(nt)
	if oe == nil || ne == nil {
		return false
	}
	ov, nv := cutValue(oe[1], nil), cutValue(ne[1], nil)
	return ov != "" && nv != "" && ov != nv
}

// clockRe finds the time of day a thing is done at: "at 8pm", "at 10:30", "at 7 a.m.".
// A bare number ("at 5") may be anything, so a time needs a colon or am/pm. Only one
// time on each side is a schedule moved: "at 7am and at 6pm" adds a time.
var clockRe = lazyre.New(`(?i)\bat (?:\d{1,2}(?::\d{2})? ?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2})`)

// clockKey folds the spellings of one time of day: "8pm", "8 pm", "8 p.m.".
func clockKey(at string) string {
	return strings.NewReplacer(" ", "", ".", "").Replace(strings.ToLower(at))
}

// SameState reports two slots that say one single-valued thing with the same value:
// "User's dog's name is Rex" and "User's dog is called Rex" are one fact in two
// phrasings, whatever words they share.
func SameState(old, newSlot Slot) bool {
	o, n := normSlot(old), normSlot(newSlot)
	o.Predicate, n.Predicate = settingFamily(o.Predicate), settingFamily(n.Predicate)
	if o.Predicate == PredicateNamed || n.Predicate == PredicateNamed {
		o.Predicate, n.Predicate = strings.TrimSuffix(o.Predicate, "d"), strings.TrimSuffix(n.Predicate, "d")
	}
	if o.Predicate == n.Predicate && thingPredicate(o.Predicate) && subjectsRelated(thingOrder(o.Subject), thingOrder(n.Subject)) {
		o.Subject = n.Subject // "The API timeout" and "User's API timeout" are one thing
	}
	o.Value, n.Value = likedThing(o.Predicate, o.Value), likedThing(n.Predicate, n.Value)
	o, n, noun := verbOfNoun(o, n)
	same := o.Subject != "" && o.Value != "" && o == n && !strings.HasPrefix(o.Value, "not ")
	// A liking said in other words ("is a big fan of jazz", "loves jazz") is one fact too.
	return same && (noun || isSingleValued(o.Predicate) || o.Predicate == "likes")
}

// verbOfNoun reads a thing's value said through the noun of a verb ("User's commute is
// 15 miles each way") as the verb's ("User commutes 15 miles each way"), when the other
// slot says it so; noun reports that it did. What a noun "is" has one value at a time.
func verbOfNoun(o, n Slot) (Slot, Slot, bool) {
	if v, ok := nounAsVerb(o, n); ok {
		return v, n, true
	}
	if v, ok := nounAsVerb(n, o); ok {
		return o, v, true
	}
	return o, n, false
}

// nounAsVerb rewrites s, "owner's noun is value", as "owner verb value" when verb is the
// predicate of other and has the noun's stem, or is the verb a vehicle noun is had by
// ("User's car is a Kia" says what "User drives a Kia" says).
func nounAsVerb(s, other Slot) (Slot, bool) {
	owner, noun, ok := strings.Cut(s.Subject, "'s ")
	if !ok || s.Predicate != PredicateIdentity && s.Predicate != PredicateSetting || owner != other.Subject || strings.Contains(noun, " ") ||
		text.Stem(noun) != text.Stem(other.Predicate) && vehicleVerbs[noun] != other.Predicate {
		return s, false
	}
	return Slot{Subject: owner, Predicate: other.Predicate, Value: s.Value, Replaces: s.Replaces}, true
}

// MovedOn reports a new value for a verb-and-preposition slot of the same subject
// ("The dev server runs on port 3000" → "… runs on port 8080"). Such a slot may hold
// many values, so only a new fact that says "now" moves it; the caller checks that.
func MovedOn(old, newSlot Slot) bool {
	o, n := normSlot(old), normSlot(newSlot)
	o.Predicate, n.Predicate = portFamily(o), portFamily(n)
	if samePortOwner(o, n) {
		o.Subject = n.Subject // "the API" and "the service" serve on one port
	}
	if o.Subject != n.Subject || o.Predicate != n.Predicate || o.Value == n.Value || ruleFilled[o.Predicate] {
		return false
	}
	if o.Predicate == "prefers" {
		return sameKind(o.Value, n.Value)
	}
	if oneHeldVerbs[o.Predicate] {
		return !strings.HasPrefix(o.Value, "not ") && !strings.HasPrefix(n.Value, "not ")
	}
	_, prep, ok := strings.Cut(o.Predicate, "_")
	if !ok && destinationVerbs[o.Predicate] {
		// "User goes to Planet Fitness" → "… to the YMCA now": a verb that goes one place at
		// a time, its destination the value. "listens to podcasts now" leaves jazz be.
		prep, _, ok = strings.Cut(o.Value, " ")
		ok = ok && prep == "to" && strings.HasPrefix(n.Value, "to ")
	}
	return ok && verbPreps[prep] && !strings.HasPrefix(o.Value, "not ") && !strings.HasPrefix(n.Value, "not ")
}

// sameKind reports two preferences of one kind told apart by a modifier: "dark mode" and
// "light mode", "window seats" and "aisle seats". One prefers one of a kind at a time, so
// said with "now" the new one replaces the old; "prefers tea" leaves "prefers dark mode".
func sameKind(a, b string) bool {
	aw, bw := strings.Fields(a), strings.Fields(b)
	if len(aw) != 2 || len(bw) != 2 || strings.HasPrefix(a, "not ") || strings.HasPrefix(b, "not ") {
		return false
	}
	return text.Stem(aw[1]) == text.Stem(bw[1]) && aw[0] != bw[0]
}

// portFamily files what runs or listens on a port and what is on a port under one
// predicate: "The dev server runs on port 3000" and "… is on port 5173 now" say where it is.
func portFamily(s Slot) string {
	if !strings.HasPrefix(s.Value, "port ") {
		return s.Predicate
	}
	if s.Predicate == PredicateLocated || strings.HasSuffix(s.Predicate, "_on") || strings.HasSuffix(s.Predicate, "_at") {
		return PredicateLocated + "_on"
	}
	return s.Predicate
}

// destinationVerbs go or send to one place at a time: said with "now", a new "to X"
// replaces the old one.
var destinationVerbs = set(`go deploy ship push publish release send route point commute upload redirect forward`)

// oneHeldVerbs are the verbs whose object one keeps one of for everyday use: said with
// "now", another replaces it ("drives a Skoda now" ends "drives a Fiat"); without
// "now" a second one is kept beside the first.
var oneHeldVerbs = set(`drive`)

// ruleFilled are the named predicates with a preposition that hold many values.
var ruleFilled = set(`allergic_to studies_at`)

// preferOverRe reads a preference over something else: "User prefers tabs over spaces".
// Groups: 1 the subject, 2 what is preferred, 3 what it is preferred over.
var preferOverRe = rx(subj + ` (?:really |strongly |usually |generally |also |still )*prefers (.+?) (?:over|rather than|instead of|more than|to) (.+)`)

// TakesBack reports whether newFact prefers what oldFact said its subject preferred
// something else over: "User prefers spaces now" takes back "User prefers tabs over
// spaces". One cannot prefer each of two things over the other.
func TakesBack(oldFact, newFact string) bool {
	m := preferOverRe.FindStringSubmatch(cleanFactText(oldFact))
	n := SlotOf(newFact)
	if m == nil || n == nil || n.Predicate != "prefers" {
		return false
	}
	over := cutValue(m[3], listStop)
	return over != "" && normSubject(m[1]) == normSubject(n.Subject) && normValue(n.Value) == over
}

// ownerRe: "Dana owns the payments service", "Raj now maintains the docs site". Groups: 1
// the person, 2 the verb, 3 the thing.
var ownerRe = rx(`([A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:now |still |also |currently )?(owns|maintains|leads|manages) ((?:the|our|User's) .+)`)

// ownerPredicates name who answers for a thing, one person at a time per verb.
var ownerPredicates = map[string]string{"owns": "owned_by", "maintains": "maintained_by", "leads": "led_by", "manages": "managed_by"}

// ownerSlot files who owns, maintains, leads or manages a thing under the thing: a new
// owner replaces the old one ("Raj owns the payments service now" after "Dana owns the
// payments service"), and two things owned by one person stay two facts.
func ownerSlot(t string) *Slot {
	m := ownerRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	thing := normSubject(cutValue(m[3], verbStop))
	if thing == "" || len(strings.Fields(thing)) > 4 {
		return nil
	}
	return &Slot{Subject: thing, Predicate: ownerPredicates[m[2]], Value: normValue(m[1])}
}
