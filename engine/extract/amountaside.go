package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// amountAsideRe: "the commute is long though, 50 minutes each way by train". A thing
// judged by size ("long", "far", "expensive") and then measured after a comma: the
// measure is what the judgement says, and alone it is a verbless fragment no rule reads.
// A reply's "Good," before it answers a greeting, not the statement. Chat may drop the
// owner ("rent is pretty high, 1400 euros a month"). Group 1 is the thing, 2 the measure
// and what follows it.
var amountAsideRe = lazyre.New(`(?i)^(?:(?:good|fine|ok|okay|not bad|great|alright|all good)\s*[,!.]\s*)?((?:(?:the|my|our) )?[a-z]+(?: [a-z]+)?) (?:is|are) (?:(?:pretty|really|very|quite|so|super|a bit|kind of|way too|too)\s+)?(?:long|short|far|close|big|small|expensive|steep|pricey|cheap|high|low|brutal|rough|killer)(?:\s+(?:though|tho|too|honestly|lol))?\s*,\s+(?:like\s+|about\s+|around\s+)?(\d[\d.,]*\s*[a-z]+\b.*)$`)

// amountAside rewrites a thing judged and then measured as the thing's measure, or
// returns clause unchanged.
func amountAside(clause string) string {
	m := amountAsideRe.FindStringSubmatch(clause)
	if m == nil || pronounLike[strings.ToLower(strings.Fields(m[1])[0])] {
		return clause // "it is pretty far, 20 minutes": what "it" is was said before
	}
	return m[1] + " is " + m[2]
}

// countedRate reports words that measure a rate, a count with its unit and its period
// ("900 euros a month", "90 dollars each"): after a comma they measure what the clause
// before judged (amountAside), though the unit looks like a verb ("euros" as "uses"), and
// splitting there lost the amount.
func countedRate(w []string) bool {
	return len(w) >= 3 && isNumber(w[0]) && ratePeriodWords[w[2]]
}

// ratePeriodWords open the period of a rate.
var ratePeriodWords = set(`a an per each every`)
