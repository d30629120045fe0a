package extract

import (
	"regexp"
	"strings"
)

// Amounts said as where they have got to: "User is up to 35 km a week now", "User is
// down to 76 kg", "User's company has grown to 55 employees", "User's car passed 95,000
// miles". Such a statement names no verb of its own for the thing counted, so it fills
// the amount slot; Contradicts reads it against any old value that is one amount of the
// same unit of the same subject ("User runs 20 km a week", "User weighs 82 kg").

// PredicateAmount is the predicate of an amount said as where it has got to.
const PredicateAmount = "amount"

// amountReachedRe: subject, then the amount and its unit (one word). "Up to" and "down
// to" need a copula: "User cut down to 32 hours" is a verb's change (amountChangedTo).
var amountReachedRe = rx(subj + ` (?:(?:is|are) (?:now |just |finally )?(?:up|down|back) to|(?:has |have )?(?:just |now |finally )?(?:(?:grown|risen|rose|fallen|fell|dropped|shrunk|shrank|increased|decreased|climbed|gone up|gone down|come down|come up) to|passed|reached|hit|topped)) (\d[\d,.]*(?:k)? [a-z]+)\b.*`)

// amountSlot derives the amount slot of a statement of where an amount has got to, or nil.
func amountSlot(t string) *Slot {
	m := amountReachedRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	return buildSlot(m[1], PredicateAmount, m[2], false, nil, nil)
}

// amountReached reports an amount slot n that gives old's subject a new amount of the
// unit old counts: whatever verb old used, the subject holds one amount of it at a time.
func amountReached(o, n Slot) bool {
	return n.Predicate == PredicateAmount && o.Subject == n.Subject && newAmount(leadingAmount(o.Value), n.Value)
}

// leadingAmountRe is an amount and its unit at the start of a value ("20 km a week").
var leadingAmountRe = regexp.MustCompile(`^\d[\d.]*k? [a-z]+`)

// leadingAmount is the amount and unit a value opens with, or the value as it is.
func leadingAmount(v string) string {
	if m := leadingAmountRe.FindString(v); m != "" {
		return m
	}
	return v
}

// moneyVerbs are the verbs whose value is a sum of money paid or earned over and over
// ("User earns $60,000 a year", "The membership costs $40 a month"): the sum is written
// as a bare number, and one earns, or a thing costs, one sum at a time. "Pay" is not
// one: "User pays 1400" (rent) and "User pays 40" (the gym) are two bills.
var moneyVerbs = set(`earn make cost`)

// newSum reports two bare sums that differ: "60000" and "68000".
func newSum(a, b string) bool {
	return isNumber(a) && isNumber(b) && a != b
}

// priceSetTo reports a sum set anew ("User's gym membership went up to $55 a month")
// for the same subject as an old sum paid ("… costs $40 a month").
func priceSetTo(o, n Slot) bool {
	if !moneyVerbs[o.Predicate] || settingFamily(n.Predicate) != PredicateSetting {
		return false
	}
	w := strings.Fields(n.Value)
	return len(w) > 0 && newSum(o.Value, w[0])
}

// groupOfRe is a group and its size as a value: "team of 5", "class of 30 kids".
var groupOfRe = regexp.MustCompile(`^([a-z]+) of (\d[\d,.]*)((?: [a-z]+)?)$`)

// newGroupSize reports two sizes of one kind of group ("team of 5" → "team of 9"): the
// group's number is its size, which it has one of at a time.
func newGroupSize(a, b string) bool {
	am, bm := groupOfRe.FindStringSubmatch(a), groupOfRe.FindStringSubmatch(b)
	return am != nil && bm != nil && groupNouns[am[1]] && am[1] == bm[1] && am[3] == bm[3] && am[2] != bm[2]
}
