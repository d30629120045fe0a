package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A changed amount is often told by the change, not the new state: "my dose went up
// to 75 mg", "the landlord raised the rent to 1950", "they bumped my lexapro up to
// 30 mg". Read as told, such a turn gives an event that fills no slot, and the old
// amount stays current. changedAmount rewrites it as the state it leaves ("I take
// 75 mg of X", "my rent is 1950"), in the words the state is said in, so the new
// amount replaces the old one as a restated amount does.

const (
	// doseUnit is a unit a dose of a medicine is measured in.
	doseUnit = `\d[\d.,]*\s?(?:mg|mcg|µg|g|ml|iu|units?)\b`
	// changeVerb is a verb of raising or lowering an amount, as done by someone.
	changeVerb = `(?:raised|increased|upped|bumped|hiked|lowered|reduced|cut|dropped|decreased|changed|put)`
	// changedTo is how an amount is said to have changed: "went up to", "was increased to".
	changedTo = `(?:went|has gone|have gone|was|were|got|has been|have been|is|are|just went)\s+(?:up\s+|down\s+|` + changeVerb + `\s+(?:up\s+|down\s+)?)?to`
	// plainAmount is a new amount: a number with at most a unit of money or a rate.
	plainAmount = `\$?\d[\d,.]*k?(?:\s?(?:%|percent|dollars|euros|pounds|bucks|seconds|minutes|hours|days|mb|gb|an hour|a month|a week|a year|per hour|per month|per week|per year))?`
)

var (
	// doseWentRe: "my levothyroxine dose went up to 75 mg". Groups: 1 the owner, 2 the
	// medicine, 3 the dose.
	doseWentRe = lazyre.New(`(?i)^(my|our)\s+([a-z][\w-]*)\s+(?:dose|dosage)\s+` + changedTo + `\s+(` + doseUnit + `)`)
	// doseRaisedRe: "they bumped my lexapro up to 30 mg", "doc increased my sertraline
	// dose to 100 mg". Groups: 1 the words before the verb, 2 the owner, 3 the medicine,
	// 4 the dose.
	doseRaisedRe = lazyre.New(`(?i)^((?:\S+\s+){0,2}?)` + changeVerb + `\s+(my|our)\s+([a-z][\w-]*)(?:\s+(?:dose|dosage))?\s+(?:up\s+|down\s+)?to\s+(` + doseUnit + `)`)
	// onDoseRe: "I'm on 20 mg of lexapro": a dose taken, said as what one is on.
	// Groups: 1 the subject, 2 the dose, 3 the medicine and the rest.
	onDoseRe = lazyre.New(`(?i)^(i|we)(?:'m|'re| am| are)\s+(?:now\s+|currently\s+|still\s+)?on\s+(` + doseUnit + `)\s+of\s+(\S.*)$`)
	// weightReachedRe: "down to 176 lbs after 3 months of running", "now up to 70 kg": a
	// weight reached, said without its verb. Groups: 1 the words before, 2 down or up,
	// 3 the weight and its unit, 4 the rest.
	weightReachedRe = lazyre.New(`(?i)^(?:((?:i'm|i am|i've got|i got|finally|now))\s+)?(down|up)\s+to\s+(\d+(?:\.\d+)?\s?(?:lbs?|kg|kgs|kilos|pounds))\b(.*)$`)
	// weightOfThingRe starts what follows a weight that makes it another thing's: a lift
	// ("on deadlift"), a load or a limit ("of luggage", "per bag", "allowed").
	weightOfThingRe = lazyre.New(`(?i)^\s*(?:on|of|per|for|each|with|allowed|max|maximum|limit)\b`)
	// amountRaisedRe: "landlord raised the rent to 1950 ugh": an amount changed by
	// someone else (what the speaker changed, "we raised the timeout to 45 seconds", is
	// read as a setting). Groups: 1 who changed it, 2 the thing, 3 the new amount.
	// Another's ("her landlord raised the rent") is theirs, not the speaker's; one
	// a public body sets ("the fed raised the interest rate") is everyone's.
	amountRaisedRe = lazyre.New(`(?i)^(?:(?:the|my|our)\s+)?(?:([a-z]+)\s+)?(?:just\s+|finally\s+)?` + changeVerb + `\s+(?:my|our|the)\s+((?:[a-z]+\s+){0,2}[a-z]+)\s+(?:up\s+|down\s+)?to\s+(` + plainAmount + `)(?:[\s,.!]|$)`)
)

// publicBodies set an amount for a whole economy, not for the speaker: "the fed raised
// the interest rate to 5.5%" is news, not the speaker's rate. A local body charges the
// speaker ("the council raised the parking permit to $120" is the speaker's charge).
var publicBodies = set(`fed feds ecb boe opec government govt congress parliament treasury regulator regulators`)

// firstPersonRe finds a clause the speaker is the subject of.
var firstPersonRe = lazyre.New(`(?i)^(?:i|we)\b`)

// smallBareRe is a number of up to three digits without a sign or unit: "my permit is
// 120" would read as an age, so such an amount is left as told.
var smallBareRe = lazyre.New(`^\d{1,3}$`)

// changedAmount returns the state a told change of amount leaves, or clause unchanged.
func changedAmount(clause string) string {
	if m := doseWentRe.FindStringSubmatch(clause); m != nil {
		return speakerPronoun(m[1]) + " take " + m[3] + " of " + m[2]
	}
	if m := doseRaisedRe.FindStringSubmatch(clause); m != nil && !notAsserted(m[1]) {
		return speakerPronoun(m[2]) + " take " + m[4] + " of " + m[3]
	}
	if m := onDoseRe.FindStringSubmatch(clause); m != nil {
		return m[1] + " take " + m[2] + " of " + m[3] // one form for a dose taken, whichever way it is said
	}
	if m := weightReachedRe.FindStringSubmatch(clause); m != nil && weightReached(m) {
		return "I weigh " + m[3]
	}
	if m := amountRaisedRe.FindStringSubmatch(clause); m != nil && !firstPersonRe.MatchString(clause) && !smallBareRe.MatchString(m[3]) &&
		!publicBodies[strings.ToLower(m[1])] {
		return "my " + m[2] + " is " + m[3]
	}
	return clause
}

// notAsserted reports words before a verb of change that deny it or make it a
// supposition: "doc never raised my …", "they haven't bumped my …", "if doc upped my …".
func notAsserted(before string) bool {
	for _, w := range lowerWords(before) {
		if hypoWords[w] || w == "not" || w == "never" || strings.HasSuffix(w, "n't") {
			return true
		}
	}
	return false
}

// weightReached reports a weightReachedRe match that is the speaker's weight. A bare
// "up to 23 kg" is an upper bound, not a weight reached (a bare "down to" is one),
// and a weight followed by what it is of or on ("on deadlift", "allowed") is a lift
// or a limit.
func weightReached(m []string) bool {
	if m[1] == "" && strings.EqualFold(m[2], "up") {
		return false
	}
	return !weightOfThingRe.MatchString(m[4])
}
