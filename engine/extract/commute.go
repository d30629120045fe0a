package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// How one gets to work and which shift one works are each one value at a time: "bikes
// to work" ends "drives to work", "switched to day shifts" ends "works night shifts".
// Both are read into a slot of their own, whatever verb says them.
const (
	predicateCommute = "commute"
	predicateShift   = "shift"
)

var (
	// commuteByVerbRe: "User drives to work", "User no longer cycles to the office".
	// Groups: 1 the subject, 2 a negation, 3 the verb.
	commuteByVerbRe = rx(subj + ` (?:(does not|doesn't|no longer|never) )?(?:now |usually |mostly |normally |always |still |currently )?(drives?|bikes?|cycles?|walks?|rides? (?:a |an |\S+'s |his |her |their )?(?:bike|bicycle|motorbike|motorcycle|scooter))(?: \S+ly)? (?:in )?to (?:work|the office)\b.*`)
	// commuteByMeansRe: "User takes the train to work", "User commutes by bus", "User
	// goes to work by tram". Groups: 1 the subject, 2 a negation, 3 the means.
	commuteByMeansRe = rx(subj + ` (?:(does not|doesn't|no longer|never) )?(?:now |usually |mostly |normally |always |still |currently )?(?:takes?|catch(?:es)?|rides?|uses?) (?:the |a )?([a-z]+) (?:in )?to (?:work|the office)\b.*|` +
		subj + ` (?:(does not|doesn't|no longer|never) )?(?:now |usually |mostly |normally |always |still |currently )?(?:commutes?|gets? to work|goes? to (?:work|the office)) by ([a-z]+)\b.*`)
	// commuteGoesByRe: "User goes by bike to work", "User gets to the office by
	// train" said with the means first. Read before commuteByVerbRe, which would
	// take "User goes by" for the subject of "bike … to work". Groups as above.
	commuteGoesByRe = rx(subj + ` (?:(does not|doesn't|no longer|never) )?(?:now |usually |mostly |normally |always |still |currently )?(?:goes?|gets?|travels?|commutes?) by ([a-z]+) (?:\S+ )?(?:in )?to (?:work|the office)\b.*`)
	// shiftRe: "User works night shifts", "User works nights", "User switched to day
	// shifts", "User is on the evening shift". Groups: 1 the subject, 2 the shift.
	shiftRe = rx(subj + ` (?:now |usually |mostly |normally |always |still |currently )?(?:works?(?: on)?|is working|is on|has been on|(?:has |have |just |recently )*(?:switched|moved|changed|went|gone|got moved|was moved|transferred)(?: back)?(?: from .+?)? (?:to|onto)) (?:the |a )?(?:(night|day|evening|morning|graveyard|swing|early|late)s? shifts?|(nights|days|evenings|mornings))\b.*`)
)

// commuteModes names one way of getting somewhere by the words said of it.
var commuteModes = map[string]string{
	"drive": "car", "drives": "car", "car": "car", "bike": "bike", "bikes": "bike", "cycle": "bike",
	"cycles": "bike", "bicycle": "bike", "walk": "foot", "walks": "foot", "foot": "foot",
	"subway": "metro", "metro": "metro", "tube": "metro", "underground": "metro",
}

// commuteSlot derives how a subject gets to work, or nil.
func commuteSlot(t, lower string) *Slot {
	if !strings.Contains(lower, "work") && !strings.Contains(lower, "office") && !strings.Contains(lower, "commut") {
		return nil
	}
	if m := commuteGoesByRe.FindStringSubmatch(t); m != nil {
		return commuteOf(m[1], m[2], strings.ToLower(m[3]))
	}
	if m := commuteByVerbRe.FindStringSubmatch(t); m != nil {
		words := strings.Fields(strings.ToLower(m[3]))
		return commuteOf(m[1], m[2], words[len(words)-1])
	}
	if m := commuteByMeansRe.FindStringSubmatch(t); m != nil {
		if m[1] != "" {
			return commuteOf(m[1], m[2], strings.ToLower(m[3]))
		}
		return commuteOf(m[4], m[5], strings.ToLower(m[6]))
	}
	return nil
}

// notMeans are words after "takes" or "by" that name no way of travelling.
var notMeans = set(`it them time long longer ages hours minutes forever work myself himself herself themselves`)

// commuteOf builds the commute slot of subject, by mode, negated when neg is said.
func commuteOf(subject, neg, mode string) *Slot {
	if notMeans[mode] || determinerOnly(subject) {
		return nil // "The drive to the office is 35 minutes" names the drive, no one who drives
	}
	if canon, ok := commuteModes[mode]; ok {
		mode = canon
	}
	if neg != "" {
		mode = "not " + mode
	}
	return &Slot{Subject: normSubject(subject), Predicate: predicateCommute, Value: mode}
}

// shiftSlot derives the shift a subject works, or nil.
func shiftSlot(t, lower string) *Slot {
	if !containsAny(lower, []string{"shift", "nights", "days", "evenings", "mornings"}) {
		return nil
	}
	m := shiftRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	kind := strings.ToLower(m[2] + m[3])
	kind = strings.TrimSuffix(kind, "s")
	if kind == "graveyard" {
		kind = "night"
	}
	return &Slot{Subject: normSubject(m[1]), Predicate: predicateShift, Value: kind}
}

// additiveRe finds a way or a shift said beside another, not instead of it: "User also
// commutes by bike sometimes" leaves the train User commutes by.
var additiveRe = lazyre.New(`\b(?:also|sometimes|occasionally|too|as well|some days|on some|when|if|either|or)\b`)

// commuteOrShiftSlot is the commute or shift slot of t, or nil.
func commuteOrShiftSlot(t, lower string) *Slot {
	if additiveRe.MatchString(lower) {
		return nil
	}
	if s := commuteSlot(t, lower); s != nil {
		return s
	}
	return shiftSlot(t, lower)
}
