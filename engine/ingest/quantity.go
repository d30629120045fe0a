package ingest

import (
	"regexp"
	"slices"

	"github.com/memsvc/memsvc/engine/extract"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// QuantityChanged reports whether fact states a new amount of the same thing
// old counts: the two say the same words except one number before the same
// unit ("User's team has 6 engineers" → "… has 9 engineers now", "runs 5 km
// every morning" → "runs 10 km every morning"). A count holds one value at a
// time whatever its verb, so the new one supersedes. A year is a time, not an
// amount ("visited Paris in 2019" and "in 2023" are both true), and a past
// tense tells of an event, not a state: neither is a quantity here, nor a
// number followed by a verb, which names a thing (namesOne).
func QuantityChanged(old, fact string) bool {
	return amountChanged(quantityWords(old), quantityWords(fact))
}

// amountChanged is QuantityChanged on the two facts' quantityWords.
func amountChanged(a, b []string) bool {
	if len(a) != len(b) {
		a, b = withoutRate(a), withoutRate(b) // "rent is 1800 a month" → "rent is 1950": the period is no part of the change
	}
	if len(a) != len(b) || len(a) < 3 {
		return false
	}
	changed := -1
	for i := range a {
		if sameWord(a[i], b[i]) {
			continue
		}
		if changed >= 0 || !amountPair(a[i], b[i]) {
			return false
		}
		changed = i
	}
	if changed < 1 || changed+1 >= len(a) && !namedByCopula(a[changed-1]) {
		return false // no number changed, or it has no unit after it nor a subject naming what it counts
	}
	if changed+1 >= len(a) {
		return !pastTense(a[:changed])
	}
	if isAmount(a[changed-1]) {
		return false // the day of a date ("on 2025-03-03" → "on 2025-03-04"): another day, not a count
	}
	return !isAmount(a[changed+1]) && !namesOne(a[changed+1]) && !pastTense(a[:changed])
}

// amountPair reports two numbers of which at least one is no year: "rent is 1800"
// → "rent is 1950" changes an amount, "visited in 2019" → "in 2023" a time.
func amountPair(a, b string) bool {
	return isNumber(a) && isNumber(b) && (isAmount(a) || isAmount(b))
}

// isNumber reports a word that is a number, a year or not.
func isNumber(w string) bool {
	_, err := strconv.ParseFloat(w, 64)
	return err == nil
}

// namedByCopula reports the verb that makes its subject what a closing number
// counts: "User's rent is 1950" is an amount of rent, with no unit after it.
func namedByCopula(w string) bool {
	return w == "is" || w == "are"
}

// withoutRate returns words without a closing period an amount is given per ("a
// month", "per year"): a new amount is often said without it.
func withoutRate(w []string) []string {
	if n := len(w); n >= 2 && (w[n-2] == "a" || w[n-2] == "every" || w[n-2] == "each") && periodTerms[w[n-1]] {
		return w[:n-2]
	}
	return w
}

// namesOne reports the word after a number that makes the number a name: a
// verb straight after it ("Invoice 4471 is paid", "Room 12 has a projector")
// leaves no unit to count, so the number tells which one, not how many, and
// "Invoice 4417 is paid" is another invoice, not a new amount.
func namesOne(next string) bool {
	switch next {
	case "is", "are", "was", "were", "has", "have", "had", "will", "can", "does", "did", "got", "gets":
		return true
	}
	return false
}

// leadClauseAmounts are the quantityWords of a fact's first clause, cut at its first
// comma, or nil when it has none. A run-on turn keeps its aside in the fact ("User has
// three dogs now, adopted another"), and the aside's words would keep the count from
// lining up with the stored one ("User has 2 dogs").
func leadClauseAmounts(fact string) []string {
	lead, _, ok := strings.Cut(fact, ", ")
	if !ok {
		return nil
	}
	return quantityWords(lead)
}

// countWithoutQualifier reports a new count, said as current, of what the stored
// fact counts with a qualifier after it that the new one leaves out: "User has 3 cats
// now" against "User has got two cats at home". The stored words up to the new one's
// length must be a count changed, ending with its unit.
func countWithoutQualifier(old, fact []string) bool {
	n := len(fact)
	if n < 3 || len(old) <= n || !countWord(fact[n-2]) || isNumber(fact[n-1]) {
		return false
	}
	return amountChanged(old[:n], fact)
}

// countSaidAgain reports a fact that states the count old states, in the same words
// (after quantityWords), and goes on with more: "User has 2 children, both in school"
// says again what "User has two kids" says, and more.
func countSaidAgain(old, fact []string) bool {
	if len(old) < 3 || len(fact) <= len(old) || !slices.Equal(old, fact[:len(old)]) {
		return false
	}
	return slices.ContainsFunc(old, isAmount)
}

// changeMarkers are words that say a statement is current ("now", "these
// days"); they are no part of what it states.
var changeMarkers = map[string]bool{"now": true, "currently": true, "these": true, "days": true,
	"nowadays": true, "anymore": true, "still": true, "already": true, "again": true, "just": true}

// hedges say an amount is approximate ("about 6 hours"); they are no part of
// what is counted, so "about 6 hours" and "8 hours now" count the same thing.
var hedges = map[string]bool{"about": true, "around": true, "roughly": true, "approximately": true,
	"nearly": true, "almost": true, "approx": true, "usually": true, "typically": true, "normally": true}

// quantityWords are a fact's words without change markers and hedges, number
// words as digits, a count reached said as had (reachedCount), plural units folded to their singular ("kids" → "kid") and
// a unit's common synonym to one word (countNoun).
func quantityWords(s string) []string {
	var out []string
	toks := text.Tokens(s)
	for i := 0; i < len(toks); i++ {
		w := toks[i]
		if reachedCount(toks[i:]) {
			out = append(out, reached) // "is up to 5 microservices" has 5 of them, "is up to 30 laps" swims them
			i += 2
			continue
		}
		if atAmount(toks[i:]) {
			out = append(out, reached) // "is at 4 books a month" reads 4 of them
			i++
			continue
		}
		if ownVerbs[w] && i+1 < len(toks) && countWord(toks[i+1]) {
			w = "has" // "owns 2 bikes" has them: one count, whichever verb of having says it
		}
		if changeMarkers[w] || hedges[w] || w == "got" && len(out) > 0 && (out[len(out)-1] == "has" || out[len(out)-1] == "have") {
			continue // "has got 3 children" has 3 children
		}
		if n, ok := numberWords[w]; ok {
			w = strconv.Itoa(n)
		}
		if n, unit, ok := gluedUnit(w); ok {
			out = append(out, n) // "180cm" is "180 cm": one amount, written with or without the space
			w = unit
		}
		if w == "per" && len(out) > 0 {
			w = "a" // "8 hours per day" is "8 hours a day"
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = strings.TrimSuffix(w, "s")
		}
		out = append(out, countNoun(w))
	}
	return out
}

// reached stands for an amount said as where one is ("is at 4 books a month", "is up
// to 30 laps a session"): it gives no verb of its own, so it is the state whatever verb said the amount before
// (sameWord).
const reached = "is-at"

// ownVerbs say a count is had: "has 1 bike" and "owns 2 bikes" count one thing.
var ownVerbs = map[string]bool{"has": true, "have": true, "own": true, "owns": true}

// atAmount reports words that start with an amount said as where one is ("is at 4
// books a month", "am at 3 miles a day"): the amount one is at now, of the unit that
// follows. A number with no unit after it ("is at 5") or with a clock's or a street's
// word ("at 5 pm", "at 12 Elm Street") tells a time or a place, not an amount.
func atAmount(w []string) bool {
	if len(w) < 4 || w[0] != "is" && w[0] != "are" && w[0] != "am" || w[1] != "at" {
		return false
	}
	return countWord(w[2]) && !isNumber(w[3]) && !placeOrTime[w[3]]
}

// placeOrTime are words after a number that make it a time or an address.
var placeOrTime = map[string]bool{"street": true, "st": true, "road": true, "rd": true, "avenue": true, "ave": true,
	"lane": true, "pm": true, "am": true, "oclock": true}

// countWord reports a number that is no year, in digits or in words.
func countWord(w string) bool {
	_, word := numberWords[w]
	return word || isAmount(w)
}

// reachedCount reports words that start with a count reached ("is up to 5
// microservices", "are down to 8 people"): they say what is had now, as "has 5
// microservices" does.
func reachedCount(w []string) bool {
	if len(w) < 4 || w[0] != "is" && w[0] != "are" || w[1] != "up" && w[1] != "down" || w[2] != "to" {
		return false
	}
	return countWord(w[3])
}

// countNouns are the everyday synonyms of the things people count about
// themselves: "2 kids" and "two children" are one fact.
var countNouns = map[string]string{"kid": "child", "children": "child", "kiddo": "child", "offspring": "child"}

// countNoun folds a counted word onto its one spelling.
func countNoun(w string) string {
	if c, ok := countNouns[w]; ok {
		return c
	}
	return w
}

// sameWord reports two words that are one word, allowing one slip of the keys
// in a long one ("engeneers" for "engineers"): chat is typed in a hurry.
func sameWord(a, b string) bool {
	if a == b {
		return true
	}
	if a == reached || b == reached {
		return reachedAs(a) && reachedAs(b) // "is up to 5 …" and "has 3 …"; "is at 4 books" and "reads 2 books"
	}
	if len(a) < 6 || len(a) != len(b) || a[0] != b[0] {
		return false
	}
	diff := 0
	for i := range a {
		if a[i] != b[i] {
			diff++
		}
	}
	return diff == 1 && !isAmount(a) && !isAmount(b)
}

// reachedAs reports a word that may stand where an amount said as reached stands:
// a verb in the present, not a number nor a past ("read 2 books" in the past is an
// event, not the state "is at 4 books" changes).
func reachedAs(w string) bool {
	return w == reached || !isNumber(w) && !pastTense([]string{w}) && !changeMarkers[w]
}

var numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
	"forty": 40, "fifty": 50, "hundred": 100, "dozen": 12}

// isAmount reports a number that is not a year.
func isAmount(w string) bool {
	n, err := strconv.ParseFloat(w, 64)
	if err != nil {
		return false
	}
	return !(len(w) == 4 && n >= 1900 && n <= 2100)
}

// pastTense reports a verb in the past among the words before the number.
func pastTense(words []string) bool {
	for _, w := range words {
		switch {
		case w == "was" || w == "were" || w == "had" || w == "did":
			return true
		case len(w) > 4 && strings.HasSuffix(w, "ed"):
			return true
		}
	}
	return false
}

// amountsOfTwoThings reports two facts that give an amount by one verb, each with a
// qualifier the other lacks: "User saves 200 euros a month for retirement" and "User
// saves 100 euros a month for holidays" count two things, though the slot, cut before
// its purpose, reads one amount changing. Words of a period ("a month"), of a change
// ("now") and of the amounts themselves qualify nothing, so "earns $85,000 a year" and
// "earns $97,000 now after the review" stay one amount (only the new one has more).
func amountsOfTwoThings(old, fact string, oldSlot, slot extract.Slot) bool {
	if !strings.EqualFold(oldSlot.Predicate, slot.Predicate) || byThing[slot.Predicate] || !countOfUnit(oldSlot.Value) || !countOfUnit(slot.Value) {
		return false
	}
	a, b := qualifiers(old, oldSlot.Value), qualifiers(fact, slot.Value)
	return len(onlyIn(a, b)) > 0 && len(onlyIn(b, a)) > 0
}

// byThing are the predicates whose subject names what is measured ("the API timeout"),
// so words outside the value qualify nothing.
var byThing = map[string]bool{extract.PredicateSetting: true, extract.PredicateSetTo: true, extract.PredicateVersion: true}

// countOfUnit reports a slot value that is a number and its unit ("200 euros", "5
// km"), not a version ("python 3.12") or an address ("12 elm street").
func countOfUnit(v string) bool {
	w := strings.Fields(v)
	return len(w) == 2 && isAmount(w[0]) && !isAmount(w[1]) && !strings.ContainsAny(w[1], "0123456789")
}

// qualifiers are the terms of a fact outside its slot value, without periods, change
// markers and numbers (the amounts, however written: "$85,000").
func qualifiers(fact, value string) map[string]bool {
	out := termSet(fact)
	for t := range termSet(value) {
		delete(out, t)
	}
	for t := range out {
		if periodTerms[t] || changeMarkers[t] || strings.ContainsAny(t, "0123456789") {
			delete(out, t)
		}
	}
	return out
}

// periodTerms are the analysed words of a period an amount is given per.
var periodTerms = termSet("day daily week weekly month monthly year yearly annual annually night hour per each every")

// gluedUnits are the units of measure written onto their number ("180cm", "5km").
var gluedUnits = map[string]bool{"cm": true, "mm": true, "km": true, "m": true, "kg": true, "g": true, "mi": true,
	"ml": true, "l": true, "lb": true, "lbs": true, "ft": true, "kb": true, "mb": true, "gb": true, "tb": true}

// gluedUnitRe splits a number from the letters written onto it.
var gluedUnitRe = regexp.MustCompile(`^(\d+(?:\.\d+)?)([a-z]+)$`)

// gluedUnit splits "180cm" into "180" and "cm" when the letters are a unit of measure.
func gluedUnit(w string) (n, unit string, ok bool) {
	m := gluedUnitRe.FindStringSubmatch(w)
	if m == nil || !gluedUnits[m[2]] {
		return "", "", false
	}
	return m[1], m[2], true
}
