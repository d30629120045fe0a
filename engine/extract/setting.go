package extract

import (
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// Settings and what a thing is. "The API timeout is 30 seconds" states a setting: a
// thing (not a person) with a measured value, one at a time, so "the API timeout is 60
// seconds now" replaces it. "User raised the API timeout to 60 seconds" and "User
// renamed the default branch to main" set a thing to a new value without saying its old
// one: they replace whatever the thing was said to be ("User's default branch is master").
// What a thing plainly is ("User's default branch is master", "User's car is red") may
// hold many values, so only such a change, or its own negation, contradicts it.

// PredicateSetting, PredicateSetTo and PredicateIs are the predicates of these slots.
const (
	PredicateSetting = "setting"
	PredicateSetTo   = "set_to"
	PredicateIs      = "is"
)

var (
	// settingRe: "The API timeout is 30 seconds", "User's pool size is now 20".
	settingRe = rx(subj + ` (?:is|are) (?:now |currently |still |only |just |about |around |roughly |set to |configured to |capped at |limited to |down to |up to )*([$€£]?\d[\d.,]*\s*(?:%|[a-z]+\b)?)(?:\s.*)?`)
	// setToRe: "User raised the API timeout to 60 seconds", "User renamed the default
	// branch from master to main". Group 2 is the thing, 3 the old value, 4 the new one.
	setToRe = rx(subj + ` (?:has |have |just |finally |recently |now )*(?:set|sets|raised|increased|bumped|bumped up|upped|lowered|reduced|decreased|cut|changed|updated|renamed|extended|shortened|doubled|halved|capped|limited|reset|tuned|tweaked) (.+?) (?:from (.+?) )?to (.+)`)
	// changedToRe: "User's rent went up to 1400 euros", "The staging URL changed to …": a
	// thing that changed by itself. Group 2 is the old value, 3 the new one.
	changedToRe = rx(subj + ` (?:has |have )?(?:went up|went down|gone up|gone down|rose|risen|fell|dropped|increased|decreased|changed|jumped|grew|climbed|doubled|halved|(?:got |was |has been )?(?:moved|shifted|pushed|pushed back|bumped)) (?:from (.+?) )?to (.+)`)
	// copulaRe: "User's default branch is master", "The car is not red".
	copulaRe = rx(subj + ` (?:is|are) (?:now |still |currently |actually )?(not |no longer )?(.+)`)
	// settingWords are the cheap test for the set-to verbs.
	settingWords = []string{"set", "raise", "increase", "bump", "upped", "lower", "reduce", "decrease", "cut", "change",
		"update", "rename", "extend", "shorten", "double", "halve", "capped", "limited", "tune", "tweak"}
	// notCopulaValue are first words of what follows "is" that make no value of a thing:
	// degrees, articles of a description, participles of a process, prepositions.
	notCopulaValue = set(`very so too really quite pretty rather a an the not no more less most least being getting
going still also always never just only about like in on at to for with from by of over under into onto that
this these those what which who how why when where there here it its their his her my our your`)
	// setValueStop ends a set-to value before a reason, a date or a second clause.
	setValueStop = lazyre.New(`(?i)(?: because | since | so | and | but | after | last | this | ago | for | in | on |,)`)
)

// settingSlot derives the slot of a setting or of a change to one, or nil.
func settingSlot(t, lower string) *Slot {
	if containsAny(lower, settingWords) && strings.Contains(lower, " to ") {
		if m := setToRe.FindStringSubmatch(t); m != nil {
			return setToSlot(m[1], m[2], m[3], m[4])
		}
	}
	if strings.Contains(lower, " to ") {
		if m := changedToRe.FindStringSubmatch(t); m != nil && thingSubject(m[1]) {
			return changedSlot(m[1], m[2], m[3])
		}
	}
	if containsAny(lower, needDigit) && (strings.Contains(lower, " is ") || strings.Contains(lower, " are ")) {
		if m := settingRe.FindStringSubmatch(t); m != nil && !dateLike(m[2]) {
			capped := cappedRe.MatchString(t)
			if !thingSubject(m[1]) && !measuredThing(m[1]) && !(capped && pluralThing(m[1])) && !groupSize(m[1], m[2]) {
				return nil
			}
			if capped {
				m[1] += " cap" // "Retries are capped at 30 seconds" sets the retry cap
			}
			return buildSlot(m[1], PredicateSetting, m[2], false, nil, nil)
		}
	}
	return nil
}

// measuredThing reports a bare noun phrase in chat's lower case whose head names a
// measure ("batch size is 64", "pool limit is 20"): a thing's setting. Other phrases of
// lower-case words may be a name written as chat writes it ("anna smith is 34"), and a
// sentence's capital is what tells a bare thing (bareThing); a name ends in no measure.
func measuredThing(s string) bool {
	w := strings.Fields(s)
	if len(w) < 2 || len(w) > 3 || pronounLike[w[0]] || articles[w[0]] {
		return false
	}
	for _, x := range w {
		if !unicode.IsLower(rune(x[0])) || x == "and" || x == "or" || strings.HasSuffix(x, "'s") {
			return false
		}
	}
	head := w[len(w)-1]
	return settingWordNames[head] != "" || llm.KindOf(text.Stem(head), measureKind)
}

// measureKind is the stem of the WordNet kind every measure is of: size, length, price,
// temperature, duration, limit.
const measureKind = "magnitud"

// boundRuleRe: "Keep functions under 50 lines", "limit PRs to 400 lines": a rule that
// bounds a kind of thing. Group 1 is the thing, 2 the bound with its unit.
var boundRuleRe = rx(`(?:please |always )?(?:keep|limit|cap) (?:all |each |every |the |our |your )?([a-z][\w-]*(?: [a-z][\w-]*)?) (?:under|below|to|within|at most|no (?:more|longer) than|less than|shorter than) (\d[\d,]* [a-z]+)(?: (?:long|max|maximum|each|at most|or less|or fewer|or shorter))?`)

// boundRuleSlot files a rule bounding a kind of thing as the setting of its limit, the
// slot "The function limit is 80 lines" fills, so a limit said anew replaces the rule.
func boundRuleSlot(t string) *Slot {
	m := boundRuleRe.FindStringSubmatch(strings.TrimRight(t, " .!"))
	if m == nil || pronounLike[strings.ToLower(strings.Fields(m[1])[0])] {
		return nil
	}
	return &Slot{Subject: strings.ToLower(m[1]) + " limit", Predicate: PredicateSetting, Value: strings.ToLower(m[2])}
}

// setToSlot is the slot of subject setting thing (from old) to value.
func setToSlot(subject, thing, old, value string) *Slot {
	v := cutValue(value, setValueStop)
	if !valueLike(v, value) || dateLike(v) && !amountMarked(value) || strings.Contains(thing, " to ") || thing == "down" || thing == "up" || thing == "back" {
		return nil
	}
	s := normSubject(subject)
	if w := strings.Fields(thing); len(w) > 1 && strings.HasSuffix(w[0], "'s") && w[0] != "its" {
		// "The landlord raised User's rent": the thing's own owner holds it, not who set it.
		s = normSubject(strings.TrimSuffix(w[0], "'s"))
	}
	o := normValue(ownerless(thing))
	if s == "" || o == "" || len(strings.Fields(o)) > 4 || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
		return nil
	}
	out := &Slot{Subject: strings.TrimSuffix(s, "'s") + "'s " + o, Predicate: PredicateSetTo, Value: v}
	if old != "" {
		out.Replaces = cutValue(old, setValueStop)
	}
	return out
}

// changedSlot is the slot of a thing that changed (from old) to value by itself.
func changedSlot(thing, old, value string) *Slot {
	v := cutValue(value, setValueStop)
	if !valueLike(v, value) || dateLike(v) && !amountMarked(value) {
		return nil
	}
	out := buildSlot(thing, PredicateSetTo, v, false, nil, nil)
	if out != nil && old != "" {
		out.Replaces = cutValue(old, setValueStop)
	}
	return out
}

// valueLike reports a new value that names a value, not a purpose ("to include the
// tests"): a number, a name or identifier, or one word.
func valueLike(v, raw string) bool {
	if v == "" || len(strings.Fields(v)) > 4 {
		return false
	}
	return containsAny(v, needDigit) || len(strings.Fields(v)) == 1 || capitalised("", raw) || techToken(raw)
}

// dateLike reports a number that is a date or a time of day: no setting.
func dateLike(v string) bool {
	first, unit, _ := strings.Cut(v, " ")
	return strings.ContainsAny(v, "-/:") || yearRe.MatchString(first) && !measureNouns[strings.ToLower(unit)] // "1900 pounds" is a sum
}

// amountMarkedRe finds a value written as an amount, with a currency sign or a
// thousands separator: "$2,050" and "2,050" are sums, though "2050" alone reads as a year.
var amountMarkedRe = lazyre.New(`^\s*(?:[$€£]\s*\d|\d{1,3},\d{3}\b)`)

// amountMarked reports a raw value written as an amount (amountMarkedRe).
func amountMarked(raw string) bool { return amountMarkedRe.MatchString(raw) }

// yearRe is a year a value may start with ("2019"); "20 MB" is no year.
var yearRe = lazyre.New(`^(?:19|20)\d\d$`)

// copulaSlot derives what a thing is ("User's default branch is master"), or nil.
func copulaSlot(t string) *Slot {
	m := copulaRe.FindStringSubmatch(t)
	if m == nil || !thingSubject(m[1]) {
		return nil
	}
	first := strings.ToLower(strings.Fields(m[3])[0])
	if notCopulaValue[first] || isParticiple(first) || strings.HasSuffix(first, "ing") {
		return nil // "is very slow", "is deployed…", "is running": no value of the thing
	}
	v := cutValue(m[3], stateStop)
	if v == "" || len(strings.Fields(v)) > 3 {
		return nil
	}
	pred := PredicateIs
	if m[2] == "" && newOwnedRe.MatchString(m[1]) {
		pred = PredicateSetTo // "User's new email is …": set anew, it replaces the old one
	}
	return buildSlot(m[1], pred, v, m[2] != "", nil, nil)
}

// newOwnedRe finds a thing owned said as new: "User's new email".
var newOwnedRe = lazyre.New(`(?i)'s new \S`)

// setsAnew reports a set-to slot n that replaces what old said its thing was: a setting,
// an earlier set-to, what it is, or who fills it, of a related subject.
func setsAnew(o, n Slot) bool {
	if n.Predicate != PredicateSetTo || !subjectsRelated(o.Subject, n.Subject) || o.Value == n.Value {
		return false
	}
	switch o.Predicate {
	case PredicateSetting, PredicateSetTo, PredicateIs, PredicateIdentity, PredicateVersion, PredicateLocated:
		return !strings.HasPrefix(o.Value, "not ")
	case "name": // "User changed User's name to Bob"
		return n.Subject == o.Subject+"'s name"
	}
	return false
}

// cappedRe finds a setting said as a bound on its thing: "Retries are capped at 30 seconds".
var cappedRe = lazyre.New(`(?i) (?:is|are) (?:now |currently )?(?:capped at|limited to) `)

// pluralThing reports a one-word subject that names things, not a person: a plural
// ("Retries are capped at…", "Uploads are limited to…").
func pluralThing(s string) bool {
	w := strings.ToLower(s)
	return !strings.Contains(w, " ") && len(w) > 3 && strings.HasSuffix(w, "s") && !personNouns[w] && w != "user"
}

// settingWordNames names the words a setting goes by: the bound of a thing is its cap,
// limit or maximum, and retries are bounded by their backoff, so "The backoff cap" and
// "Retries are capped at" name one setting.
var settingWordNames = text.WordIndex(map[string]string{
	"cap":     `cap caps capped limit limits limited max maximum ceiling`,
	"retry":   `retry retries retrying backoff back-off`,
	"timeout": `timeout timeouts time-out`,
})

// sameSetting reports two setting subjects that name one setting in other words: each
// word mapped to its name, the two sets of names equal ("retries cap", "backoff cap").
func sameSetting(a, b string) bool {
	if otherOwners(a, b) {
		return false
	}
	na, nb := settingNames(a), settingNames(b)
	return len(na) == len(nb) && coversNames(na, nb)
}

// A change of a setting often names it shorter than it was stored: "halved the batch
// size to 32" changes "The training batch size is 64", whose one word more told which
// batch size, and the user changing it names no other.

// narrowsSetting reports a changed setting's subject (changed) that names the stored
// one (stored) less one word of it.
func narrowsSetting(stored, changed string) bool {
	if otherOwners(stored, changed) {
		return false
	}
	ns, nc := settingNames(stored), settingNames(changed)
	return len(nc) > 1 && len(ns) == len(nc)+1 && coversNames(nc, ns)
}

// otherOwners reports two subjects owned by two owners one of which is a public body:
// "fed's interest rate" is everyone's, not "user's interest rate".
func otherOwners(a, b string) bool {
	ao, _, aok := cutOwner(a)
	bo, _, bok := cutOwner(b)
	return aok && bok && ao != bo && (publicBodies[ao] || publicBodies[bo])
}

// settingNames are the names of a setting subject's words, its owner left out.
func settingNames(s string) map[string]bool {
	if _, thing, ok := cutOwner(s); ok {
		s = thing
	}
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		if n := settingWordNames[w]; n != "" {
			w = n
		} else if len(w) > 3 {
			w = strings.TrimSuffix(w, "s") // "uploads cap", "upload limit"
		}
		out[w] = true
	}
	return out
}

// coversNames reports every name of some in all.
func coversNames(some, all map[string]bool) bool {
	for w := range some {
		if !all[w] {
			return false
		}
	}
	return true
}

// valueUnit is the kind of measure a setting's value is in: a duration, or the word
// after the number ("10 MB" → "mb"), or "" for a bare count. A retry limit of 5 and a
// backoff cap of 2 minutes are two settings, however alike their names.
func valueUnit(v string) string {
	w := strings.Fields(strings.ToLower(v))
	if len(w) < 2 {
		return ""
	}
	u := strings.TrimSuffix(w[1], "s")
	switch u {
	case "m", "ms", "millisecond", "second", "sec", "min", "minute", "hour", "hr", "h", "day", "week":
		return "duration"
	}
	return u
}

// settingFamily files a set-to slot under the setting it changes, so "User raised the
// API timeout to 60 seconds" and a later "The API timeout is 90 seconds" compare.
func settingFamily(p string) string {
	if p == PredicateSetTo {
		return PredicateSetting
	}
	return p
}

// groupNouns name groups of people, which have a size: "User's team is 12 people".
var groupNouns = set(`team family class company staff crew band group department org squad household`)

// groupSize reports a group's head count: a subject whose head names a group of people,
// and a value that counts them. The count is one value at a time, like a setting's.
func groupSize(subject, value string) bool {
	w := strings.Fields(strings.ToLower(subject))
	return len(w) > 1 && groupNouns[w[len(w)-1]] && unicode.IsDigit([]rune(value)[0])
}
