package extract

import (
	"slices"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// singleValued lists the predicates that hold one value at a time: a different positive
// value contradicts the old one. Predicates not listed (likes, allergic_to, verbs) are
// multi-valued: only their own negation contradicts them.
var singleValued = map[string]bool{
	"lives_in": true, "works_at": true, "studies_at": true, "job_title": true, "age": true,
	"name": true, "partner": true, "from": true, "diet": true, "relationship_status": true,
	PredicateVersion: true, PredicateIdentity: true, PredicateDate: true, PredicateLocated: true,
	PredicateSetting: true, PredicateSetTo: true,
	"owned_by": true, "maintained_by": true, "led_by": true, "managed_by": true, predicateSchoolYear: true,
	PredicateTakenAs: true, predicateMajorIn: true, predicateCommute: true, predicateShift: true, predicateTeam: true,
	predicateWakeTime: true, predicateBedTime: true,
}

// predicateWakeTime and predicateBedTime are the times a day's routine starts and ends.
const (
	predicateWakeTime = "wake_time"
	predicateBedTime  = "bed_time"
)

// predicateMajorIn is the subject one majors in ("User is majoring in biology").
const predicateMajorIn = "major_in"

// predicateSchoolYear is the year of school a pupil is in ("3rd grade", "year 9" said as
// "9th year"); needSchoolYear are the words its rules need.
const predicateSchoolYear = "school_year"

var needSchoolYear = []string{"grade", "year", "form"}

// IsSingleValued reports whether pred holds one value at a time: a slot of another
// predicate may hold a list ("allergic to peanuts", "allergic to shellfish").
func IsSingleValued(pred string) bool { return isSingleValued(pred) }

// isSingleValued reports whether pred holds one value at a time.
func isSingleValued(pred string) bool {
	return singleValued[pred] || strings.HasPrefix(pred, "favourite_") || strings.HasPrefix(pred, predicateLimit)
}

// Contradicts reports whether newSlot contradicts old: same subject and predicate, and
// either a different value of a single-valued predicate, or the negation of the same value
// ("paris" vs "not paris"). It is a pure function; nil-free, empty slots never contradict.
func Contradicts(old, newSlot Slot) bool {
	o, n := normSlot(old), normSlot(newSlot)
	if o.Subject == "" || o.Predicate == "" || o.Value == "" || n.Value == "" {
		return false
	}
	o, n = attendedSchool(o), attendedSchool(n) // "kids go to Oakfield Primary", "kids' school is …"
	o.Value, n.Value = likedThing(o.Predicate, o.Value), likedThing(n.Predicate, n.Value)
	o.Predicate, n.Predicate = dateOrPlace(o), dateOrPlace(n)
	if n.Replaces != "" && replacedBy(o, n) || endsWork(o, n) || setsAnew(o, n) || movedPort(o, n) || disposedVehicle(o, n) {
		return true
	}
	if stopsDoing(o, n) || brokeUp(o, n) || dietExcludes(o, n) || homeBought(o, n) || aloneOrShared(o, n) || possessionVersion(o, n) {
		return true
	}
	changed := n.Predicate == PredicateSetTo // "User halved the batch size to 32"
	o.Predicate, n.Predicate = settingFamily(o.Predicate), settingFamily(n.Predicate)
	if o.Predicate == n.Predicate && thingPredicate(o.Predicate) && subjectsRelated(thingOrder(o.Subject), thingOrder(n.Subject)) {
		o.Subject = n.Subject // "User's staging DB" and "the staging DB" are one thing
	}
	if o.Predicate == PredicateSetting && n.Predicate == PredicateSetting && (sameSetting(o.Subject, n.Subject) ||
		changed && narrowsSetting(o.Subject, n.Subject)) && valueUnit(o.Value) == valueUnit(n.Value) {
		o.Subject = n.Subject // "retries cap" and "backoff cap" are one setting; "batch size" changes "training batch size"
	}
	if o.Subject == n.Subject && isState(o.Predicate) && isState(n.Predicate) {
		o.Predicate = n.Predicate // "User's birthday is on August 14", "… is April 14": one date
	}
	if sameOwnedThing(o.Subject, n.Subject) {
		o.Subject = n.Subject // "User's workplace" and "User's office" are one place
	}
	if sameNamedPerson(o.Subject, n.Subject) {
		o.Subject = n.Subject // "User's colleague Tom" and "Tom" are one person
	}
	if inConjunction(o.Subject, n.Subject) {
		o.Subject = n.Subject // "User's partner and User moved to Leeds" says where User lives
	}
	if o.Subject == n.Subject && choosesOtherKind(o.Predicate, n.Predicate) && kindsOfOneThing(o.Value, n.Value) {
		return true // "prefers window seats" → "prefers aisle seats", "switched to light mode": one is picked
	}
	if o.Subject == n.Subject && (amountChangedTo(o.Value, n) || priceSetTo(o, n)) || amountReached(o, n) {
		return true // "User works 40 hours a week" → "User cut down to 32 hours a week"
	}
	if o.Subject != n.Subject || o.Predicate != n.Predicate || o.Value == n.Value {
		return false
	}
	if newAmount(o.Value, n.Value) || moneyVerbs[o.Predicate] && newSum(o.Value, n.Value) || newGroupSize(o.Value, n.Value) {
		return true // "User weighs 82 kg" → "User weighs 76 kg": one amount at a time
	}
	oNeg, oVal := splitNot(o.Value)
	nNeg, nVal := splitNot(n.Value)
	if oNeg != nNeg {
		oVal = schoolOf(o.Predicate, oVal) // "freshman at rice" is studying at rice
		return sameWords(oVal, nVal) || nNeg && (sameHead(oVal, nVal) || namedWithin(oVal, nVal))
	}
	if oNeg {
		return false // two negative statements never exclude each other
	}
	return isSingleValued(o.Predicate)
}

// replacedBy reports an old fact that n, naming what it replaces, ends. A new possession
// ends only its own owner's thing ("User's sister's new laptop" leaves User's laptop).
func replacedBy(o, n Slot) bool {
	if _, _, ok := possessionOwner(n); ok {
		return newPossession(o, n)
	}
	return replaces(o, n)
}

// classYearRe: a class year said with the school ("sophomore at rice").
var classYearRe = lazyre.New(`^(?:freshman|sophomore|junior|senior) at `)

// schoolOf is the school of a studies_at value, without its class year.
func schoolOf(pred, v string) string {
	if pred != "studies_at" {
		return v
	}
	return classYearRe.ReplaceAllString(v, "")
}

// predicatePost is a post held in a group ("the treasurer of the book club");
// predicateHome how one's home is held, here only "owned" (rentsHome reads renting).
const (
	predicatePost = "post"
	predicateHome = "home"
)

// notPosts are words after "is the" that name a rank or a kind, not a post: "the
// youngest of three" (any superlative), "the one in charge", "the first of us".
var notPosts = set(`one only first last second third same kind type sort rest most best worst`)

// postNoun reports a value that can name a post held (notPosts).
func postNoun(v, _ string) bool { return !strings.HasSuffix(v, "est") && !notPosts[v] }

// homeNouns are the homes one rents or buys.
var homeNouns = set(`house home flat apartment condo townhouse studio place`)

// homeBought reports a home bought by the subject of an old fact of renting one: "User
// bought a house in Leeds" ends "User rents an apartment in Leeds".
func homeBought(o, n Slot) bool {
	w := strings.Fields(o.Value)
	rents := o.Predicate == "rent" && len(w) > 0 && homeNouns[w[len(w)-1]]
	return rents && n.Predicate == predicateHome && n.Value == "owned" && (o.Subject == n.Subject || inConjunction(o.Subject, n.Subject))
}

// meatlessDiets are the diets without meat; meatNouns what such a diet leaves out.
var (
	meatlessDiets = set(`vegetarian vegan pescatarian pescetarian`)
	meatNouns     = set(`meat chicken pork beef lamb bacon steak`)
)

// dietExcludes reports a meatless diet and eating meat said of one subject, either way
// round: "User has been vegan since last spring" ends "User eats meat", and "User eats
// chicken again" ends "User is vegetarian".
func dietExcludes(o, n Slot) bool {
	return o.Subject == n.Subject && (meatless(n) && eatsMeat(o) || meatless(o) && eatsMeat(n))
}

func meatless(s Slot) bool { return s.Predicate == "diet" && meatlessDiets[s.Value] }

func eatsMeat(s Slot) bool {
	w := strings.Fields(s.Value)
	return s.Predicate == "eat" && len(w) > 0 && meatNouns[w[len(w)-1]]
}

// isoDateRe is a day written as the extractor writes resolved dates.
var isoDateRe = lazyre.New(`^\d{4}-\d{2}-\d{2}$`)

// dateOrPlace is a slot's predicate, except that where a thing is when its value is a
// day is its date: "User moved the wedding to 2025-09-06" dates the wedding, as "User's
// wedding is on 2025-06-14" did.
func dateOrPlace(s Slot) string {
	if s.Predicate == PredicateLocated && isoDateRe.MatchString(s.Value) {
		return PredicateDate
	}
	return s.Predicate
}

// likedThing is the thing a liking is of, without the noun that only names its kind:
// "User loves jazz music" and "User likes jazz" like one thing, and "User no longer
// likes jazz" ends both. Other predicates keep their value as it is.
func likedThing(pred, v string) string {
	if pred != "likes" {
		return v
	}
	neg, rest := splitNot(v)
	w := strings.Fields(rest)
	if len(w) < 2 || !kindNouns[w[len(w)-1]] {
		return v
	}
	if rest = strings.Join(w[:len(w)-1], " "); neg {
		return "not " + rest
	}
	return rest
}

// kindNouns name the kind of thing a liked genre or style is: "jazz music", "Thai food".
var kindNouns = set(`music food cuisine`)

// newAmount reports two values that are each one amount of the same unit, the amounts
// different: "82 kg" and "76 kg", "3 dogs" and "4 dogs". Whatever the verb, a subject
// holds one amount of a unit at a time; "2 dogs" and "1 cat" count two things.
func newAmount(a, b string) bool {
	a, b = withoutSharedRate(a, b)
	aw, bw := strings.Fields(a), strings.Fields(b)
	if len(aw) != 2 || len(bw) != 2 || aw[0] == bw[0] || !isNumber(aw[0]) || !isNumber(bw[0]) {
		return false
	}
	return unitKey(aw[1]) == unitKey(bw[1]) && !isNumber(aw[1])
}

// amountRateRe is an amount, its unit and the period it comes in: "6 hours a night".
var amountRateRe = lazyre.New(`^(\S+ \S+) ((?:a|an|per|each|every) [a-z]+)$`)

// withoutSharedRate drops the period two amounts share ("6 hours a night", "8 hours a
// night" → "6 hours", "8 hours"); amounts of two periods are left whole, and differ.
func withoutSharedRate(a, b string) (string, string) {
	am, bm := amountRateRe.FindStringSubmatch(a), amountRateRe.FindStringSubmatch(b)
	if am == nil || bm == nil || am[2] != bm[2] {
		return a, b
	}
	return am[1], bm[1]
}

// unitKey is a unit's stem, with the pound's two spellings as one: "210 lb" and "195
// pounds" are two amounts of one weight.
func unitKey(u string) string {
	if u = text.Stem(u); u == "pound" || u == "lbs" {
		return "lb"
	}
	return u
}

// amountVerbs change an amount without naming what it counts: "cut down to 32 hours".
var amountVerbs = set(`cut drop reduce lower increase raise bump go come get scale scal`)

// amountToRe reads the amount a change goes to: "down to 32 hours", "up to 5 times".
var amountToRe = lazyre.New(`^(?:(?:down|up|back) )?to (\S+ \S+)$`)

// amountChangedTo reports a slot n that changes an amount (amountVerbs) to a new one of
// the unit the old value counts, so the subject now holds that amount instead.
func amountChangedTo(old string, n Slot) bool {
	m := amountToRe.FindStringSubmatch(n.Value)
	return m != nil && amountVerbs[n.Predicate] && newAmount(old, m[1])
}

// isNumber reports a word written as a number ("76", "1450", "2.5").
func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsDigit(r) && r != '.' {
			return false
		}
	}
	return unicode.IsDigit(rune(w[0]))
}

// isState reports the predicates of what a thing plainly is and where or when it is,
// which one thing holds one of at a time: "is April 14" and "is on August 14" are
// two values of one birthday.
func isState(pred string) bool {
	return pred == PredicateIdentity || pred == PredicateLocated
}

// sameNamedPerson reports a person named by a relation and a name ("user's colleague
// tom") and the same person named by the name alone ("tom"), either way round.
func sameNamedPerson(a, b string) bool {
	if strings.Contains(b, " ") {
		a, b = b, a
	}
	if b == "" || strings.Contains(b, " ") || b == "user" {
		return false
	}
	_, thing, ok := cutOwner(a)
	w := strings.Fields(thing)
	return ok && len(w) >= 2 && w[len(w)-1] == b && personNouns[w[len(w)-2]]
}

// sameWords reports two values that are the same words up to their inflection:
// "a comment above every function" and "comments above every function".
func sameWords(a, b string) bool {
	if a == b {
		return true
	}
	aw, bw := strings.Fields(a), strings.Fields(b)
	if len(aw) != len(bw) {
		return false
	}
	for i := range aw {
		if text.Stem(aw[i]) != text.Stem(bw[i]) {
			return false
		}
	}
	return true
}

// sameHead reports a negated value that names the thing an old value is an amount or a
// kind of: "User does not drink coffee" ends "User drinks 4 coffees", as "User does not
// eat meat" ends "User eats red meat". The negation is one word; stems fold plurals.
func sameHead(old, neg string) bool {
	ow := strings.Fields(old)
	if strings.Contains(neg, " ") || len(ow) == 0 || len(ow) > 3 {
		return false
	}
	return text.Stem(ow[len(ow)-1]) == text.Stem(neg)
}

// stopsDoing reports a new slot that says the subject no longer does at all what
// the old one says it does with an object: "User does not smoke" (any more) ends
// "User smokes ten cigarettes a day", as "User does not smoke" ends "User smokes".
func stopsDoing(o, n Slot) bool {
	if o.Subject != n.Subject || strings.HasPrefix(o.Value, "not ") {
		return false
	}
	verb, _, _ := strings.Cut(o.Predicate, "_") // "volunteer_at": stopping volunteering ends it
	if n.Predicate == predicateDoes {
		return (n.Value == "not "+o.Predicate || n.Value == "not "+verb) && !narrowWhenBare[verb]
	}
	// "User is no longer playing football" ends "User plays in a football league".
	neg, v := splitNot(n.Value)
	return neg && n.Predicate == verb && verb != o.Predicate && namedWithin(o.Value, v)
}

// choosesOtherKind reports a preference followed by a preference or a switch, or a use
// or a habit followed by a switch: the new one picks among kinds of one thing. "User
// switched to weekend shifts" ends "User works weekday shifts", whatever verb said it.
func choosesOtherKind(old, n string) bool {
	choice := old == "prefers" || old == "use" || old == PredicateUses
	return choice && (n == "prefers" || n == PredicateUses) || n == PredicateUses && habitVerb(old)
}

// habitVerb reports a predicate that is a plain verb of what one does ("work", "drink",
// "ride"), not a state, a setting or a relation, whose values a switch may pick among.
func habitVerb(pred string) bool {
	return pred != "" && !strings.ContainsAny(pred, "_ ") && !isSingleValued(pred) && !isState(pred) &&
		pred != PredicateIs && pred != "prefers" && pred != "name"
}

// otherKindOfOne reports two values that name the same kind of thing by another
// modifier: "window seats" and "aisle seats", "dark mode" and "light mode".
func otherKindOfOne(a, b string) bool {
	aw, bw := strings.Fields(a), strings.Fields(b)
	if len(aw) != 2 || len(bw) != 2 || aw[0] == "not" || bw[0] == "not" || text.Stem(aw[0]) == text.Stem(bw[0]) ||
		isNumber(aw[0]) || isNumber(bw[0]) { // "2 dogs" is a count, not a kind of dog
		return false
	}
	return text.Stem(aw[1]) == text.Stem(bw[1])
}

// kindsOfOneThing reports two values that name kinds of one thing: by another modifier
// of one head (otherKindOfOne), or one naming, in WordNet, a kind of the thing the other's
// head names ("decaf" and "regular coffee", "espresso" and "coffee"). Two things of one
// broader kind ("tea" and "coffee", both drinks) are not one thing: each may be had.
func kindsOfOneThing(a, b string) bool {
	if otherKindOfOne(a, b) {
		return true
	}
	ha, hb := kindHead(a), kindHead(b)
	return ha != "" && hb != "" && ha != hb && (llm.KindOf(ha, hb) || llm.KindOf(hb, ha))
}

// kindHead is the stem of the last word of a value naming a kind of thing, or "" for a
// negated value, a count ("2 dogs") or one of more than three words.
func kindHead(v string) string {
	w := strings.Fields(v)
	if len(w) == 0 || len(w) > 3 || w[0] == "not" || isNumber(w[0]) {
		return ""
	}
	return text.Stem(w[len(w)-1])
}

// namedWithin reports a negated value whose words all name part of a short old value:
// "User does not have Netflix" ends "User has a Netflix account", as "not football"
// ends "five-a-side football league". Stems fold plurals.
func namedWithin(old, neg string) bool {
	ow, nw := strings.Fields(old), strings.Fields(neg)
	if len(nw) == 0 || len(ow) > 4 || len(nw) >= len(ow) {
		return false
	}
	for _, w := range nw {
		if !slices.ContainsFunc(ow, func(o string) bool { return text.Stem(o) == text.Stem(w) }) {
			return false
		}
	}
	return true
}

// narrowWhenBare are verbs that mean one thing without an object: "User does not
// drink" is about alcohol and says nothing of "User drinks coffee every morning".
var narrowWhenBare = set(`drink use take`)

// brokeUp reports a break-up or divorce of the subject that ends the partner the old
// slot names: "Leo and User broke up" (single) ends "User's boyfriend is Leo".
func brokeUp(o, n Slot) bool {
	o = partnerNamed(o)
	if o.Predicate != "partner" || n.Predicate != "relationship_status" {
		return false
	}
	switch n.Value {
	case "single", "divorced", "separated", "widowed":
		return o.Subject == n.Subject || inConjunction(o.Subject, n.Subject)
	}
	return false
}

// partnerNamed reads "User has a girlfriend named Priya" ({user's girlfriend, named,
// priya}) as the partner slot "User's girlfriend is Priya" fills, and so a fact about
// a partner named beside the role ("User's partner Sam is a chef", subject "user's
// partner sam"): a break-up ends what it says of Sam as the user's partner.
func partnerNamed(s Slot) Slot {
	owner, thing, ok := strings.Cut(s.Subject, "'s ")
	if !ok || strings.Contains(thing, "'s ") {
		return s
	}
	if s.Predicate == PredicateNamed || s.Predicate == "name" {
		if partnerNouns[thing] {
			return Slot{Subject: owner, Predicate: "partner", Value: s.Value}
		}
		return s
	}
	if role, name, ok := strings.Cut(thing, " "); ok && partnerNouns[role] && !strings.Contains(name, " ") {
		return Slot{Subject: owner, Predicate: "partner", Value: name}
	}
	return s
}

// thingPredicate reports the predicates of things, not people, whose subject may be
// named in several ways ("the staging DB", "User's staging DB", "the DB for staging").
func thingPredicate(pred string) bool {
	return pred == PredicateLocated || pred == PredicateSetting || pred == PredicateDate
}

// thingOrderRe finds a thing named as "head for/of the modifier": "the deadline for the
// migration" is the migration's deadline.
var thingOrderRe = lazyre.New(`^([a-z]+) (?:for|of) (?:the |our |user's |this )?([a-z-]+(?: [a-z-]+)?)$`)

// thingOrder names a thing as a compound noun: "deadline for the migration" and
// "migration deadline" are one subject. Other subjects are kept as they are.
func thingOrder(s string) string {
	if m := thingOrderRe.FindStringSubmatch(s); m != nil {
		return m[2] + " " + m[1]
	}
	return s
}

// inConjunction reports a subject that is one of the conjoined subjects of another:
// "user" in "user's partner and user".
func inConjunction(one, many string) bool {
	if !strings.Contains(many, " and ") {
		return false
	}
	for _, part := range strings.Split(many, " and ") {
		if strings.TrimSpace(part) == one {
			return true
		}
	}
	return false
}

func normSlot(s Slot) Slot {
	return Slot{Subject: normSubject(s.Subject), Predicate: strings.ToLower(strings.TrimSpace(s.Predicate)), Value: normValue(s.Value), Replaces: normValue(s.Replaces)}
}

func splitNot(v string) (bool, string) {
	if rest, ok := strings.CutPrefix(v, "not "); ok {
		return true, rest
	}
	return false, v
}

// slotRule derives a slot from a third-person statement. Groups: 1 subject, 2 value
// (or, for favourite rules, 2 the thing and 3 the value).
type slotRule struct {
	re    *lazyre.Regexp
	pred  string
	neg   bool
	check func(value, raw string) bool // optional extra condition on the cut value and its raw text
	stop  *lazyre.Regexp               // extra value terminators for this predicate
	need  []string                     // the lowercase text must contain one of these for the rule to apply
	val   string                       // when set, the value, for a rule that captures none
}

var (
	needDigit = []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}
	needDiet  = []string{"vegetarian", "vegan", "pescatarian", "pescetarian", "keto", "paleo", "carnivore", "flexitarian"}
)

// containsAny reports whether s contains one of subs. It is the cheap test that spares most
// rules their regular expression.
func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

const subj = `(\S+(?: \S+){0,4}?)`

func rx(s string) *lazyre.Regexp { return lazyre.New(`(?i)^` + s + `$`) }

var (
	// commonStop ends a slot value: clauses, dates and qualifiers that are not part of it.
	commonStop = lazyre.New(`(?i)(?:[,;(]| since | on | from | until | with | for | because | who | which | where | while | and then | but | in the week of | in (?:january|february|march|april|may|june|july|august|september|october|november|december)\b| in (?:19|20)\d\d\b| in (?:the )?(?:spring|summer|autumn|fall|winter)\b| (?:last|this|next) (?:week|month|year|spring|summer|autumn|fall|winter)\b| (?:yesterday|today|recently|lately)\b| now\b| anymore\b| any more\b| these days\b| at the moment\b| right now\b| currently\b| again\b| instead\b| together\b| originally\b| mostly\b| as well\b| too\b| full[- ]time\b| part[- ]time\b)`)
	orgStop    = lazyre.New(`(?i)(?: in | as | for | and |,)`)
	// "a nurse by trade" is a nurse; "a nurse by training" is no current job, so its value
	// keeps "by training" and names no job.
	jobStop = lazyre.New(`(?i)(?: at | in | for | and | who | from | based | living | working | by (?:profession|trade|day)\b|,)`)
	// titleStop ends a post said with "the" also at "now": "the CEO now" is the CEO.
	titleStop = lazyre.New(`(?i)(?: at | in | for | and | who | from | now\b| these days\b|,)`)
	// purposeStop ends a home at what the move was for: "User lives in Groningen to be
	// near her" lives in Groningen. Only a verb ends it, so "next to the sea" stays.
	purposeStop = lazyre.New(`(?i) (?:in order |so as )?to (?:be|get|take|start|help|study|work|live|stay|join|care|look|follow|pursue|teach|attend|find|save|raise|retire|escape|focus|spend|open|run|try|see|go|move|finish|learn|keep|support)\b`)
	listStop    = lazyre.New(`(?i)(?: over | to | rather than | instead of | more than )`)
	// routineTimeStop ends a wake or bed time at what follows the time of day.
	routineTimeStop = lazyre.New(`(?i)(?:[,;(]| and | but | on | every | most | because | since | now\b| these days\b| nowadays\b| lately\b| anymore\b| again\b| instead\b)`)
	verbStop        = lazyre.New(`(?i)(?: in | at | for | and | every | each | on | a (?:day|week|month|year)\b| (?:once|twice|\S+ times) (?:a|per|every)\b| per | most (?:days|nights|mornings|evenings|weekends|weeks)\b)`)
)

var slotRules = []slotRule{
	// Plural subjects ("User's parents live in Leeds") hold the same slot as singular ones.
	{re: rx(subj + ` (?:now |currently |still |also )?(?:lives|live|resides|reside|is living|are living|is based|are based|has lived|have lived|has been living|have been living|is settled|are settled) in (.+)`), pred: "lives_in", stop: purposeStop, need: []string{"live", "living", "resid", "based", "settled"}},
	{re: rx(subj + ` (?:does not|doesn't|do not|don't|no longer|never) (?:lives?|resides?) in (.+)`), pred: "lives_in", neg: true, need: []string{"live", "resid", "based", "settled"}},
	{re: rx(subj + ` (?:is|are) (?:not|no longer) (?:living|based) in (.+)`), pred: "lives_in", neg: true, need: []string{"living", "based"}},
	// "User works remotely from Krakow": whoever works remotely from a town lives there.
	{re: rx(subj + ` (?:now |currently |still |also )?(?:works|is working) remotely (?:from|in|out of) (.+)`), pred: "lives_in", check: capitalised, need: []string{"remotely"}},
	// "User is studying for a master's in economics at LSE": what is studied, then where.
	// Studying "for User's exams" or "for the bar" at a place names a test, not a school.
	{re: rx(subj + ` (?:studies|is studying) (?:for an? \S+|f(?:[^o\s]|o[^r\s]|or\S)\S*|[^\sf]\S*)(?: \S+){0,5}? at (\p{Lu}.*)`), pred: "studies_at", check: capitalised, stop: orgStop, need: []string{"stud"}},
	{re: rx(subj + ` (?:studies|is studying|is an? (?:student|undergrad|undergraduate)) at (.+)`), pred: "studies_at", stop: orgStop, need: []string{"stud", "undergrad"}},
	// A class year is kept in the value, so a sophomore year ends the freshman one. Junior
	// and senior are job grades too ("a senior at Deloitte"): only at a school by its name.
	{re: rx(subj + ` is an? ((?:freshman|sophomore) at .+)`), pred: "studies_at", stop: orgStop, need: []string{"freshman", "sophomore"}},
	{re: rx(subj + ` is an? ((?:junior|senior) at .*\b(?:university|college|school|high|academy|institute|uni|u)\b.*)`), pred: "studies_at", stop: orgStop, need: []string{"junior", "senior"}},
	{re: rx(subj + ` (?:now |currently |still |also )?(?:works|is working|has worked|has been working)(?: \w+ly)? (?:at|for) (.+)`), pred: "works_at", stop: orgStop, need: []string{"work"}},
	{re: rx(subj + ` (?:does not|doesn't|no longer|never) works?(?: \w+ly)? (?:at|for) (.+)`), pred: "works_at", neg: true, stop: orgStop, need: []string{"work"}},
	// "User is at Shopify now": said of a named organisation with a word of the present, being
	// at it is working there; "is at the gym" and "is at home" name no organisation.
	{re: rx(subj + ` is (?:now|currently) at (.+)`), pred: "works_at", check: namesOrg, stop: orgStop, need: []string{" at "}},
	{re: rx(subj + ` is at (.+?) (?:now|these days|nowadays|currently)`), pred: "works_at", check: namesOrg, stop: orgStop, need: []string{" at "}},
	// "User has been at Siemens since last spring": since a month, season or year, not
	// "since 6am" (a wait at an airport).
	{re: rx(subj + ` (?:has|have) been at (.+?) since (?:(?:last|early|late|mid|the) )?(?:\d{4}|(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|year)\b).*`), pred: "works_at", check: namesOrg, stop: orgStop, need: []string{" at "}},
	{re: rx(subj + ` (?:now |currently |also |still )?works as (?:an? |the )?(.+)`), pred: "job_title", stop: jobStop, need: []string{"work"}},
	// "User reports to Daniel now": the one reported to is the manager ("User's manager is
	// Priya"); reportsToManager moves the slot onto the manager.
	{re: rx(subj + ` (?:now |currently |still |directly )?reports? (?:directly )?to (.+)`), pred: predicateReportsTo, check: capitalised, stop: orgStop, need: []string{"report"}},
	{re: rx(subj + ` (?:does not|no longer) works? as (?:an? |the )?(.+)`), pred: "job_title", neg: true, stop: jobStop, need: []string{"work"}},
	{re: rx(subj + ` is (?:now |turning )?(\d{1,3})(?: years? old)?(?: (?:since|as of|on|in) .*| now| these days| already)?(?:,.*)?`), pred: "age", need: needDigit},
	{re: rx(subj + ` (?:has |have |just |recently )*(?:got hired (?:by|at)|was hired (?:by|at)|got a job (?:at|with)|took a job (?:at|with)|started working (?:at|for)) (.+)`), pred: "works_at", check: capitalised, stop: orgStop, need: []string{"hired", "job", "working"}},
	{re: rx(subj + `'s (?:name|first name) is (.+)`), pred: "name", need: []string{"name", "called", "goes by"}},
	{re: rx(subj + ` (?:is called|is named|goes by) (.+)`), pred: "name", need: []string{"name", "called", "goes by"}},
	{re: rx(subj + `'s (?:husband|wife|partner|spouse|boyfriend|girlfriend|fiancée?|fiance) is (?:called |named )?(.+)`), pred: "partner", check: capitalised, need: []string{"husband", "wife", "partner", "spouse", "boyfriend", "girlfriend", "fianc"}},
	{re: rx(subj + ` (?:is|comes) (?:originally )?from (.+)`), pred: "from", need: []string{" from "}},
	{re: rx(subj + ` (?:is|has been|became|went) (?:now |strictly |fully |also )?(?:on )?(?:an? )?(vegetarian|vegan|pescatarian|pescetarian|keto|paleo|carnivore|flexitarian)\b.*`), pred: "diet", need: needDiet},
	{re: rx(subj + ` is (?:not|no longer) (?:an? )?(vegetarian|vegan|pescatarian|pescetarian|keto|paleo|carnivore|flexitarian)\b.*`), pred: "diet", neg: true, need: needDiet},
	{re: rx(subj + ` (?:is|has been|got) (?:now |happily |recently |also )?(single|married|engaged|divorced|widowed|separated|in a relationship)\b.*`), pred: "relationship_status", need: []string{"single", "married", "engaged", "divorced", "widowed", "separated", "relationship"}},
	// "User is dating Theo": a status, so marrying, engagement or a break-up ends it.
	{re: rx(subj + ` (?:is|has been) (?:now |currently |happily )?(dating)\b.*`), pred: "relationship_status", need: []string{"dating"}},
	// "User is the treasurer of the book club": a post held, which stepping down from it
	// ends. One may hold several posts, so only its own negation contradicts it.
	{re: rx(subj + ` is (?:now |currently |still |also )?the ([a-z]+) (?:of|for|at|in) .+`), pred: predicatePost, check: postNoun, need: []string{"the "}},
	{re: rx(subj + ` (?:has |have |just |recently |finally )*(?:stepped down|resigned|quit|retired) as (?:the )?([a-z]+)\b.*`), pred: predicatePost, neg: true, check: postNoun, need: []string{" as "}},
	// "User bought a house in Leeds": a home owned, which ends renting one.
	{re: rx(`(\S+(?:'s \S+)?(?: and \S+(?:'s \S+)?)?) (?:have |has |just |finally |recently )*(?:bought|purchased) (?:a|an|our|their|his|her|\S+'s) (?:new |first |own )?(?:house|home|flat|apartment|condo|townhouse)\b.*`), pred: predicateHome, val: "owned", need: []string{"bought", "purchased"}},
	// "User has been seeing someone": dating said without naming whom.
	{re: rx(subj + ` (?:is|are|has been|have been) (?:now |currently )?seeing (?:someone|somebody)\b.*`), pred: "relationship_status", val: "dating", need: []string{"seeing"}},
	// "User's wife and User divorced in 2024", "Sam and User married": the status said as
	// the event that began it.
	// The subject is one or two people, so "Dave and Carol are getting married" (a plan)
	// is not read with "are getting" in its subject.
	{re: rx(`(\S+(?:'s \S+)?(?: and \S+(?:'s \S+)?)?) (?:have |has |just |recently |finally |officially )*(divorced|married|separated)(?: (?:in|on|last|this|after|a|two|three|yesterday|recently) .*)?`), pred: "relationship_status", need: []string{"divorced", "married", "separated"}},
	{re: rx(subj + ` is (?:not|no longer) (single|married|engaged|divorced|widowed|separated|in a relationship)\b.*`), pred: "relationship_status", neg: true, need: []string{"single", "married", "engaged", "divorced", "widowed", "separated", "relationship"}},
	// "User's son is in 3rd grade", "… started 4th grade": a school year, one at a time.
	{re: rx(subj + ` (?:is|are) (?:now |currently |still )?in (?:the )?(\d{1,2}(?:st|nd|rd|th)) (?:grade|year|form)\b.*`), pred: predicateSchoolYear, need: needSchoolYear},
	{re: rx(subj + ` (?:has |have |just |recently )*(?:started|starts|entered|went into|moved up to|is starting|is going into) (?:the )?(\d{1,2}(?:st|nd|rd|th)) (?:grade|year|form)\b.*`), pred: predicateSchoolYear, need: needSchoolYear},
	// "User switched User's major to physics": the subject one majors in, one at a time.
	{re: rx(subj + ` (?:has |have |just |recently |finally )*(?:switched|changed) (?:\S+'s |his |her |their )?major (?:from .+? )?to (.+)`), pred: predicateMajorIn, stop: orgStop, need: []string{"major"}},
	// "User is in User's third year of law school": the year of one's studies, one at a time.
	{re: rx(subj + ` is (?:now )?in (?:\S+'s|his|her|their) (first|second|third|fourth|fifth|sixth|final|last|\d{1,2}(?:st|nd|rd|th)) year (?:of (?:\S+ ){0,2}(?:school|college|university|uni|studies|degree|program|programme|course|phd|residency|apprenticeship|undergrad)\b|at .*\b(?:university|college|school|uni)\b).*`), pred: predicateSchoolYear, need: needSchoolYear},
	// "User is on the Verizon unlimited plan": a plan held, which switching from its
	// provider ends. One may hold plans of many kinds, so it is not single-valued.
	{re: rx(subj + ` (?:is|are|has been) (?:now |currently |still |also )?on (?:the |a |an |\S+'s )?(.+?) (?:plan|tier|subscription|package|contract)\b.*`), pred: predicatePlan, need: []string{"plan", "tier", "subscription", "package", "contract"}},
	// "User has a membership at Planet Fitness" says where User's membership is, as "User
	// moved User's membership to Equinox" does: one place at a time.
	{re: rx(subj + ` (?:has|holds|got|bought|took out) (?:an? |\S+'s )?((?:gym |club |pool )?membership) (?:at|with|to) (.+)`), pred: predicateMembership, need: []string{"membership"}},
	// "User gets up at 6am", "User wakes up at 7 now": one wake time and one bedtime at a
	// time, whichever verb says it, so a later time ends the earlier one.
	{re: rx(subj + ` (?:now |usually |normally |always |generally |typically |still )*(?:gets up|wakes up|wakes|is up|get up|wake up) (?:at|by|around|about) (.+)`), pred: predicateWakeTime, stop: routineTimeStop, need: []string{" up ", "wake"}},
	{re: rx(subj + ` (?:now |usually |normally |always |generally |typically |still )*(?:goes to bed|goes to sleep|is in bed|go to bed|go to sleep) (?:at|by|around|about) (.+)`), pred: predicateBedTime, stop: routineTimeStop, need: []string{" bed ", " sleep "}},
	{re: rx(subj + ` is (?:severely |very |mildly |also )?allergic to (.+)`), pred: "allergic_to", need: []string{"allergic"}},
	{re: rx(subj + ` is (?:not|no longer) allergic to (.+)`), pred: "allergic_to", neg: true, need: []string{"allergic"}},
	{re: rx(subj + ` (?:really |absolutely |also |still |genuinely |totally )*(?:loves|likes|enjoys|adores|is into|is a (?:big |huge )?fan of) (.+)`), pred: "likes", need: []string{"lov", "lik", "enjoy", "ador", "into", "fan of", "hat", "detest", "stand"}},
	{re: rx(subj + ` (?:really |absolutely |also |still |genuinely |totally )*(?:hates|dislikes|detests|does not like|does not enjoy|does not love|cannot stand|can't stand|cannot handle|can't handle|cannot tolerate|can't tolerate|is not a (?:big |huge )?fan of|is not into|no longer likes|no longer enjoys) (.+)`), pred: "likes", neg: true, need: []string{"lov", "lik", "enjoy", "ador", "into", "fan of", "hat", "detest", "stand", "handle", "tolerate"}},
	{re: rx(subj + ` (?:really |strongly |usually |generally |also |still |now |currently )*prefers (.+)`), pred: "prefers", stop: listStop, need: []string{"prefer"}},
	{re: rx(subj + ` (?:is|has been) (?:now |currently |also )?(?:an? )(.+)`), pred: "job_title", check: isJob, stop: jobStop, need: []string{" a ", " an "}},
	{re: rx(subj + ` is (?:not|no longer) (?:an? )(.+)`), pred: "job_title", neg: true, check: isJob, stop: jobStop, need: []string{" a ", " an "}},
	// "Marta is the CEO now": a post said with "the" is a job title as "a CEO" is.
	{re: rx(subj + ` (?:is|has been) (?:now |currently )?the (.+)`), pred: "job_title", check: isJob, stop: titleStop, need: []string{" the "}},
}

var (
	// Chat spells it short or misspells it: "fav", "fave", "favourit".
	favouriteRe    = rx(subj + `'s (?:favou?rite?|fave?|preferred|go-to) ([\w ]{1,30}?) (?:is|are) (?:now |still |currently |probably |definitely |def |defo |totally |honestly )?(.+)`)
	favouriteInvRe = rx(`(.+?) (?:is|are) (\S+(?: \S+){0,4}?)'s (?:favou?rite?|fave?) ([\w ]{1,30})`)
	// genericRes catch present-tense habits and states ("User plays the cello", "User never
	// drinks alcohol") so that their negation can be recognised as a contradiction.
	genericRes = genericSubjectRes()
	passiveRe  = rx(subj + ` (?:is|are) (?:now |currently |also |still )?(\w+ed|built|written|run|kept|held|set) (with|by|on|in|through|via|using|from|at) (.+)`)
)

// genericSubjectRes are the generic statement patterns with a subject of one to five words.
func genericSubjectRes() []*lazyre.Regexp {
	out := make([]*lazyre.Regexp, 0, 5)
	for n := 0; n < 5; n++ {
		subject := `(\S+` + strings.Repeat(` \S+`, n) + `)`
		out = append(out, rx(subject+` (?:(does not|doesn't|no longer|never|does|cannot|can) )?(?:usually |often |always |also |really |sometimes |regularly |still |fluently |already |only |now |currently |mostly |normally |typically |generally )?([a-z]+)(?: (.+))?`))
	}
	return out
}

// SlotOf re-derives the slot of a third-person fact text ("Alice lives in Paris" →
// {alice, lives_in, paris}), so stored memories without a recorded slot can be compared
// with new facts. It returns nil when the text fills no recognisable slot.
func SlotOf(factText string) *Slot {
	return partnerByName(slotOf(factText))
}

var partnerNouns = set(`husband wife partner spouse boyfriend girlfriend fiance fiancé fiancee fiancée`)

// partnerByName files "User's girlfriend is called Nina" under the partner slot that
// "User's girlfriend is Clara" fills, so the one supersedes the other.
func partnerByName(s *Slot) *Slot {
	if s == nil || s.Predicate != "name" {
		return s
	}
	if owner, thing, ok := strings.Cut(s.Subject, "'s "); ok && partnerNouns[thing] {
		return &Slot{Subject: owner, Predicate: "partner", Value: s.Value}
	}
	return s
}

func slotOf(factText string) *Slot {
	t := withoutIntro(cleanFactText(factText)) // "From now on, X uses…" is about X
	t = withSubject(withoutFrontedHabit(withPlaceFronted(t)))
	if intentRe.MatchString(t) {
		return nil // "User plans to upgrade to Postgres 16": the running version is still the old one
	}
	s := droppedAfterSlot(t) // "User took up X instead, dropped Y": what Y filled ends
	if s == nil {
		s = clauseSlot(t)
	}
	if s == nil {
		s = relationInPassingSlot(t) // "User's new manager Raj keeps booking calls": Raj is the manager
	}
	if s == nil {
		s = selfSlot(t) // "User is on the infra team", "User grew up in Limerick"
	}
	s = ownedAsSelf(s) // "User's role is lead analyst" is User's job title
	if s == nil {
		// "User is a nurse so night shifts are normal for User": the first clause states,
		// the rest gives a consequence or reason.
		if head, _, ok := cutReason(t); ok {
			return clauseSlot(head)
		}
		if head, ok := noLongerHead(t); ok {
			return clauseSlot(head) // "User no longer smokes, quit in February"
		}
		return nil
	}
	if !strings.Contains(s.Subject, ",") {
		return s
	}
	// A subject never holds a comma: "Kevin's gone, User's boss is Linda now" took a
	// clause of its own for part of the subject. The slot is that of the last clause.
	if i := strings.LastIndex(t, ", "); i > 0 {
		if s := clauseSlot(t[i+2:]); s != nil && !strings.Contains(s.Subject, ",") {
			return s
		}
	}
	return nil
}

// frontedHabitRe finds how often a thing is done, said before the clause: "Every
// morning User takes User's metformin" is about User, as "User takes metformin every
// morning" is. A capital must follow, so the rest is a clause with its subject.
var frontedHabitRe = lazyre.New(`^(?i:(?:every|each) (?:other )?[a-z]+|on (?:weekdays|weekends|[a-z]+days)|(?:once|twice|[a-z]+ times|\d+ times) (?:a|per|every) [a-z]+),? ([A-Z])`)

// frontedSinceRe finds since when, or for how long, a state has held, said before the
// clause: "Since last spring User has been vegan" is about User, as "User has been vegan
// since last spring" is. A capital must follow, so the rest is a clause with its subject.
var frontedSinceRe = lazyre.New(`^(?i:since [^,]{1,30}?|(?:for|over|in) the (?:past|last) [^,]{1,25}?|as of [^,]{1,25}?|lately|recently|nowadays|these days),? ([A-Z])`)

// frontedEventRe finds the event a state follows, said before the clause: "After the
// reorg User manages 4 people" is about User, as "User manages 4 people after the
// reorg" is. The event is lower-case words only, so the first capital opens the clause.
var frontedEventRe = lazyre.New(`^(?i:after|following|before|during) [a-z' ]{1,30}?,? ([A-Z])`)

// withoutFrontedHabit returns t without a fronted frequency (frontedHabitRe), a fronted
// time the state has held since (frontedSinceRe) or a fronted event (frontedEventRe).
func withoutFrontedHabit(t string) string {
	for _, re := range []*lazyre.Regexp{frontedHabitRe, frontedSinceRe, frontedEventRe} {
		if m := re.FindStringSubmatchIndex(t); m != nil {
			return t[m[2]:]
		}
	}
	return t
}

// bareVerbs are the verbs of the user's standing states and tastes that an agent's note
// opens with when it leaves out whom it is about: "Prefers tabs to spaces", "Lives in
// Lyon". None of them is a name, so such a note is read as the user's.
var bareVerbs = set(`prefers likes loves enjoys hates dislikes lives works uses drinks eats owns speaks studies plays drives takes`)

// withSubject gives a note that opens with one of bareVerbs the user as its subject.
func withSubject(t string) string {
	first, _, ok := strings.Cut(t, " ")
	if !ok || first == strings.ToLower(first) || !bareVerbs[strings.ToLower(first)] {
		return t
	}
	return "User " + strings.ToLower(first) + t[len(first):]
}

// intentRe finds a statement of what its subject means or hopes to do, not what is so:
// a plan fills no slot, so it neither replaces the current value nor is replaced by it.
var intentRe = lazyre.New(`(?i)^\S+(?: \S+){0,4}? (?:plans|intends|hopes|wants|aims|is planning|are planning|is intending|is hoping|are hoping|would like|is thinking (?:about|of)|are thinking (?:about|of)|is considering|are considering|might|could) `)

// reasonRe joins a statement to its consequence or reason.
var reasonRe = lazyre.New(`(?i),? (?:so|because|which is why) `)

// cutReason splits a statement from the consequence or reason that follows it.
func cutReason(t string) (head, rest string, ok bool) {
	loc := reasonRe.FindStringIndex(t)
	if loc == nil || loc[0] == 0 {
		return t, "", false
	}
	return t[:loc[0]], t[loc[1]:], true
}

// clauseSlot derives the slot of one cleaned statement.
func clauseSlot(t string) *Slot {
	if t == "" {
		return nil
	}
	// "User is now working at Shopify" states what "User is working at Shopify" does.
	t = adverbBeforeIngRe.ReplaceAllString(t, "$1 $2")
	t = hasGotRe.ReplaceAllString(t, "$1 $2") // "User has got two dogs" has two dogs
	lower := strings.ToLower(t)
	if s := commuteOrShiftSlot(t, lower); s != nil {
		return s // before switchSlot: "switched to day shifts" is a shift, not a thing used
	}
	if s := switchSlot(t, lower); s != nil {
		return s
	}
	if s := switchToSlot(t, lower); s != nil {
		return s
	}
	if s := kindSwitchSlot(t); s != nil {
		return s
	}
	if s := changeSlot(t, lower); s != nil {
		return s
	}
	if s := livingSlot(t, lower); s != nil {
		return s
	}
	if s := possessionSlot(t); s != nil {
		return s // before versionSlot: "User's phone is a Pixel 7" is a phone, no version
	}
	if s := boundRuleSlot(t); s != nil {
		return s // before instructionSlot: "Keep functions under 50 lines" sets a limit
	}
	if s := instructionSlot(t); s != nil {
		return s
	}
	if s := versionSlot(t); s != nil {
		return s
	}
	if s := onToolSlot(t); s != nil {
		return s // after versionSlot: "is on pnpm 9" is a version
	}
	if s := portSlot(t, lower); s != nil {
		return s
	}
	if s := limitSlot(t, lower); s != nil {
		return s // before settings: "User's physio allows User to swim max 5km a week" (limit.go)
	}
	if s := settingSlot(t, lower); s != nil {
		return s
	}
	if s := amountSlot(t); s != nil {
		return s // after settings ("the team is down to 8 people" sets a size), before the generic rules: "is down to 76 kg" is no place or state
	}
	if s := namedThingSlot(t, lower); s != nil {
		return s
	}
	if s := ownerSlot(t); s != nil {
		return s
	}
	if s := preferAsSlot(t, lower); s != nil {
		return s
	}
	if s := drinkTakenSlot(t, lower); s != nil {
		return s
	}
	// Negative rules first: "User no longer lives in Madrid" must not read as a positive
	// statement about a subject called "user no longer".
	for _, neg := range []bool{true, false} {
		for _, r := range slotRules {
			if r.neg != neg || !containsAny(lower, r.need) {
				continue
			}
			m := r.re.FindStringSubmatch(t)
			if m == nil {
				continue
			}
			if s := buildSlot(m[1], r.pred, ruleValue(r, m), r.neg, r.stop, r.check); s != nil {
				return membershipSlot(reportsToManager(thingLivesIn(s, m[1])))
			}
		}
	}
	if s := favouriteSlot(t, lower); s != nil {
		return s
	}
	if s := nameFirstSlot(t, lower); s != nil {
		return s
	}
	if s := stateSlot(t); s != nil {
		return s
	}
	if m := passiveRe.FindStringSubmatch(t); m != nil {
		// "The frontend is bundled with webpack": predicate bundled_with, value webpack.
		return buildSlot(m[1], strings.ToLower(m[2]+"_"+m[3]), m[4], false, verbStop, nil)
	}
	if s := copulaSlot(t); s != nil {
		return s
	}
	if s := genericSlot(t); s != nil {
		return s
	}
	if s := progressiveSlot(t); s != nil {
		return s
	}
	return lastClauseSlot(t)
}

// predicateReportsTo is the predicate a "reports to" rule matches before
// reportsToManager files it as who the manager is.
const predicateReportsTo = "reports_to"

// reportsToManager files "User reports to Daniel" as {user's manager, identity, daniel},
// the slot "User's manager is Priya" fills, so the one replaces the other.
func reportsToManager(s *Slot) *Slot {
	if s == nil || s.Predicate != predicateReportsTo {
		return s
	}
	return &Slot{Subject: s.Subject + "'s manager", Predicate: PredicateIdentity, Value: s.Value}
}

// nameFirstRe: "Zoe is User's daughter's name" names User's daughter, as "User's
// daughter is called Zoe" does. Groups: 1 the name, 2 whose name it is.
var nameFirstRe = rx(`(\S+(?: \S+){0,2}?) is ` + subj + `'s (?:first )?name`)

// nameFirstSlot derives the name slot of a name said before whose it is, or nil.
func nameFirstSlot(t, lower string) *Slot {
	if !strings.HasSuffix(lower, " name") {
		return nil
	}
	if m := nameFirstRe.FindStringSubmatch(t); m != nil && !pronounLike[strings.ToLower(strings.Fields(m[1])[0])] {
		return partnerByName(buildSlot(m[2], "name", m[1], false, nil, capitalised))
	}
	return nil
}

// ruleValue is the value a matched slot rule fills: its fixed value, or its capture.
func ruleValue(r slotRule, m []string) string {
	if r.val != "" {
		return r.val
	}
	if r.pred == predicateMembership {
		return m[3]
	}
	return m[2]
}

// predicatePlan is a plan or tier one is on; predicateMembership is read as where
// the subject's membership is (membershipSlot).
const (
	predicatePlan       = "plan"
	predicateMembership = "membership_at"
)

// membershipSlot files {user, membership_at, x} as {user's membership, located, x}.
func membershipSlot(s *Slot) *Slot {
	if s == nil || s.Predicate != predicateMembership {
		return s
	}
	return &Slot{Subject: s.Subject + "'s membership", Predicate: PredicateLocated, Value: s.Value}
}

// progressiveRe: "User is going to the YMCA", "User is learning Spanish", "User has
// been working from home". Groups: 1 the subject, 2 the participle, 3 its object.
var progressiveRe = rx(subj + ` (?:is|are|has been|have been) (?:now |currently |still |also )?([a-z]+ing) (.+)`)

// progressiveSlot reads a present progressive as the verb's slot ("is going to the YMCA"
// fills what "goes to Planet Fitness" fills), or nil. "is going to buy" is a plan.
func progressiveSlot(t string) *Slot {
	m := progressiveRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	lemma := ingBase(strings.ToLower(m[2]))
	if lemma == "" || noSlotVerbs[lemma] || planVerbs[lemma] && !tripVerbs[lemma] {
		return nil
	}
	if next, _, _ := strings.Cut(strings.TrimPrefix(strings.ToLower(m[3]), "to "), " "); lemma == "go" && strings.HasPrefix(strings.ToLower(m[3]), "to ") && !articles[next] {
		return nil
	}
	return verbSlot(m[1], "", lemma, m[3])
}

// planVerbs said in the progressive tell of a plan, not a state: "User is moving to
// Amsterdam in June", "User is leaving Google".
var planVerbs = set(`move leave start join quit retire switch change fly travel head visit come return relocate`)

// tripVerbs are the plan verbs of a trip: "User is flying to Rome for Easter" is a plan
// all the same, but where to is what a later "instead of flying to Rome" replaces, so the
// trip has a slot. A plan to move house or change jobs has none: its slot is that of the
// state it starts, filled when it is done.
var tripVerbs = set(`fly travel head visit`)

// adverbBeforeIngRe finds an adverb between a copula and a present participle.
var adverbBeforeIngRe = lazyre.New(`(?i)\b(is|are) (?:now|currently|still|also|actually|really) (\w+ing)\b`)

// namedThingRe: "User has a dog named Rex" names User's dog, as "User's dog is called
// Rex" does. Groups: 1 the owner, 2 the thing, 3 its name.
var namedThingRe = rx(`(\S+(?: \S+){0,2}?) (?:has|have|got|adopted) (?:a|an) (?:[a-z]+ )?([a-z]+) (?:named|called) (.+)`)

// namedThingSlot derives the name slot of a thing named as it is had, or nil.
func namedThingSlot(t, lower string) *Slot {
	if !strings.Contains(lower, " named ") && !strings.Contains(lower, " called ") {
		return nil
	}
	m := namedThingRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	return buildSlot(m[1]+"'s "+m[2], PredicateNamed, m[3], false, nil, capitalised)
}

// PredicateNamed is the name of a thing had: "User has a dog named Rex". One may have
// two dogs, so a second one named otherwise replaces nothing; the same name said as
// "User's dog is called Rex" is the same fact (SameState).
const PredicateNamed = "named"

// hasGotRe finds the possessive "has got", which says what "has" says.
var hasGotRe = lazyre.New(`(?i)\b(has|have) got ((?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|some|no|\d+)\b)`)

func buildSlot(subject, pred, raw string, neg bool, stop *lazyre.Regexp, check func(string, string) bool) *Slot {
	v := cutValue(raw, stop)
	if v == "" || (check != nil && !check(v, raw)) {
		return nil
	}
	if neg {
		v = "not " + v
	}
	s := trimSubjectAdverbs(normSubject(subject))
	if s == "" || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
		return nil
	}
	return &Slot{Subject: s, Predicate: pred, Value: v}
}

// preferAsRe: "User prefers pytest as the test runner" names the preferred one of a kind,
// as "User's preferred test runner is pytest" does. Groups: 1 the subject, 2 the value,
// 3 the kind.
var preferAsRe = rx(subj + ` prefers (.+?) as (?:the |an? |their |his |her |user's )?([\w ]{1,30}?)$`)

// PredicateTakenAs is how someone takes a drink: "User drinks User's coffee black" and
// "User takes milk in User's coffee" are two values of one slot, {user's coffee,
// taken_as, black | milk}, so one replaces the other.
const PredicateTakenAs = "taken_as"

var (
	// drinkAsRe: "User drinks User's coffee black". Groups: 1 subject, 2 drink, 3 how.
	drinkAsRe = rx(subj + ` (?:drinks|takes|has|likes|prefers) (?:\S+'s |their |his |her |the )?(coffee|tea|espresso|latte) (black|white|plain|strong|weak|sweet|unsweetened|iced|hot|neat|straight)\b.*`)
	// drinkWithRe: "User takes milk in User's coffee". Groups: 1 subject, 2 what is added, 3 drink.
	drinkWithRe = rx(subj + ` (?:takes|puts|adds|has|uses|likes) ((?:\S+ )?(?:milk|cream|sugar|honey|sweetener|lemon)(?: and (?:\S+ )?(?:milk|cream|sugar|honey|sweetener|lemon))?) (?:in|with) (?:\S+'s |their |his |her |the )?(coffee|tea|espresso|latte)\b.*`)
)

// drinkTakenSlot derives how someone takes a drink, or nil.
func drinkTakenSlot(t, lower string) *Slot {
	if !containsAny(lower, []string{"coffee", "tea", "espresso", "latte"}) {
		return nil
	}
	if m := drinkAsRe.FindStringSubmatch(t); m != nil {
		return buildSlot(m[1]+"'s "+strings.ToLower(m[2]), PredicateTakenAs, m[3], false, nil, nil)
	}
	if m := drinkWithRe.FindStringSubmatch(t); m != nil {
		return buildSlot(m[1]+"'s "+strings.ToLower(m[3]), PredicateTakenAs, m[2], false, nil, nil) // "with" would end the value
	}
	return nil
}

// preferAsSlot reads "prefers X as the Y" as the favourite Y, or nil. It goes before the
// verb rules, which would read "prefers" with all that follows as the value.
func preferAsSlot(t, lower string) *Slot {
	if !strings.Contains(lower, " as ") {
		return nil
	}
	if m := preferAsRe.FindStringSubmatch(t); m != nil {
		return buildSlot(m[1], "favourite_"+favouriteKey(m[3]), m[2], false, nil, nil)
	}
	return nil
}

func favouriteSlot(t, lower string) *Slot {
	if !strings.Contains(lower, "fav") && !strings.Contains(lower, "preferred") && !strings.Contains(lower, "go-to") {
		return nil
	}
	if m := favouriteRe.FindStringSubmatch(t); m != nil {
		return buildSlot(m[1], "favourite_"+favouriteKey(m[2]), m[3], false, nil, nil)
	}
	if m := favouriteInvRe.FindStringSubmatch(t); m != nil {
		return buildSlot(m[2], "favourite_"+favouriteKey(m[3]), m[1], false, nil, nil)
	}
	return nil
}

func favouriteKey(thing string) string {
	k := strings.ToLower(strings.TrimSpace(thing))
	k = strings.ReplaceAll(k, "colour", "color")
	return strings.Join(strings.Fields(k), "_")
}

// cleanFactText trims a fact for slot matching: no trailing punctuation, single spaces,
// straight apostrophes.
func cleanFactText(s string) string {
	s = strings.ReplaceAll(s, "’", "'")
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimRightFunc(s, func(r rune) bool { return r == '.' || r == '!' || r == ' ' })
}

// cutValue keeps the head of a slot value: everything before a clause, date or qualifier.
func cutValue(raw string, stop *lazyre.Regexp) string {
	v := " " + thousandsRe.ReplaceAllString(raw, "$1$2") + " " // "$85,000" is one amount, not a clause break
	if loc := commonStop.FindStringIndex(v); loc != nil {
		v = v[:loc[0]]
	}
	if stop != nil {
		if loc := stop.FindStringIndex(v + " "); loc != nil {
			v = v[:loc[0]]
		}
	}
	return normValue(v)
}

// thousandsRe finds a thousands separator: a comma between a digit and three more.
var thousandsRe = lazyre.New(`(\d),(\d{3})\b`)

// trimSubjectAdverbs drops adverbs a subject took from its verb: "Jess finally no
// longer works at the bank" is about Jess.
func trimSubjectAdverbs(s string) string {
	s = pastVerbAndRe.ReplaceAllString(s, "") // "Ana retrained and is a paramedic": Ana is one
	for {
		i := strings.LastIndexByte(s, ' ')
		if i < 0 || !subjectAdverbs[s[i+1:]] {
			return s
		}
		s = s[:i]
	}
}

// pastVerbAndRe finds a past-tense verb joined to the clause after it, which a subject
// took from its predicate: "User's sister retrained and" is User's sister.
var pastVerbAndRe = lazyre.New(` [a-z]+ed and$`)

var subjectAdverbs = set(`finally recently actually really eventually officially just already probably definitely`)

// badSubjectEnd are words a subject never ends with; a match ending in one took part of the
// predicate for the subject.
var badSubjectEnd = set(`not never longer no does do did is was has have will would can cannot also still now currently`)

var articles = map[string]bool{"a": true, "an": true, "the": true}

// normValue lowercases a value, keeps letters, digits and a few joiners, and drops articles.
func normValue(v string) string {
	v = strings.ToLower(strings.ReplaceAll(v, "’", "'"))
	v = strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("'-&+#/ ", r) {
			return r
		}
		return ' '
	}, v)
	words := strings.Fields(v)
	neg := false
	if len(words) > 0 && words[0] == "not" {
		neg, words = true, words[1:]
	}
	for len(words) > 0 && articles[words[0]] {
		words = words[1:]
	}
	out := strings.Join(words, " ")
	if neg && out != "" {
		return "not " + out
	}
	return out
}

// normSubject lowercases a subject and drops a leading article ("The user" → "user") and
// the "new" or "current" of a thing owned.
func normSubject(s string) string {
	s = newRoleRe.ReplaceAllString(s, "'s ") // "User's new address" is User's address
	w := strings.Fields(strings.ToLower(strings.ReplaceAll(s, "’", "'")))
	if len(w) > 1 && articles[w[0]] {
		w = w[1:]
	}
	return strings.Join(w, " ")
}

// namesOrg reports a value that names an organisation: one to three words, each
// capitalised or a number ("Shopify", "N26", "Goldman Sachs").
func namesOrg(v, raw string) bool {
	w := strings.Fields(strings.TrimSpace(raw))
	if len(w) == 0 || len(w) > 3 || len(strings.Fields(v)) != len(w) {
		return false
	}
	for _, x := range w {
		if !capitalised("", x) && !unicode.IsDigit(rune(x[0])) || clockTimeRe.MatchString(x) || amountRe.MatchString(x) {
			return false // "Standup is at 10am now", "I'm at 72k now": a time or an amount, not an employer
		}
	}
	return true
}

// amountRe is an amount or a count: "72k", "$3,100", "40%", "212".
var amountRe = lazyre.New(`^[$£€]?\d[\d.,]*(?:k|%)?[.,!]?$`)

// clockTimeRe is a time of day: "10am", "9:30", "14:00h".
var clockTimeRe = lazyre.New(`(?i)^\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?[.,!]?$`)

func capitalised(_ string, raw string) bool {
	raw = strings.TrimSpace(raw)
	for _, r := range raw {
		return unicode.IsUpper(r)
	}
	return false
}

// SubjectKey is the normalised form of a slot subject ("The user" → "user"), so
// callers outside the package compare subjects as Contradicts does.
func SubjectKey(s string) string { return normSubject(s) }
