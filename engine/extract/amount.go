package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
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
var amountReachedRe = rx(subj + ` (?:(?:is|are) (?:now |just |finally )?(?:back (?:up|down) |up |down |back )to|(?:has |have )?(?:just |now |finally )?(?:(?:grown|risen|rose|fallen|fell|dropped|shrunk|shrank|increased|decreased|climbed|gone up|gone down|come down|come up) to|passed|reached|hit|topped)) (\d[\d,.]*(?:k)? [a-z]+)\b.*`)

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
var leadingAmountRe = lazyre.New(`^\d[\d.]*k? [a-z]+`)

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

// newSum reports two sums that differ, each a bare number ("60000") or one with the
// period it is paid in ("60000 a year"): "60000" and "68000" differ. A sum paid in
// another period ("200 a week" beside "60000 a year") is another income or bill.
func newSum(a, b string) bool {
	as, ap, aok := sumOf(a)
	bs, bp, bok := sumOf(b)
	return aok && bok && as != bs && (ap == "" || bp == "" || ap == bp)
}

// sumPeriodRe is a sum, its currency said as a word, and the period it is paid in:
// "60000 a year", "30 euros per month", "55/month".
var sumPeriodRe = lazyre.New(`^(\d[\d.]*)(?: (?:dollars|euros|pounds|bucks|usd|eur|gbp))?(?:(?: (?:a|an|per|each|every) |/)(hour|day|week|fortnight|month|year))?$`)

// sumOf splits a money value into its sum and period ("" when it gives none); ok is
// false when the value is no sum, or a number of some other unit ("20 gb").
func sumOf(v string) (sum, period string, ok bool) {
	if m := sumPeriodRe.FindStringSubmatch(v); m != nil {
		return m[1], m[2], true
	}
	return "", "", false
}

// sumPeriodAfterRe finds the period a sum is paid in, right after it: "$200 a week
// from tutoring", "€30 per month".
var sumPeriodAfterRe = lazyre.New(`(?i)^\D{0,2}\d[\d,.]*k?(?: (?:dollars|euros|pounds|bucks))? (?:a|an|per|each|every) (hour|day|week|fortnight|month|year)\b`)

// withSumPeriod adds to a money verb's bare sum the period rest pays it in ("60000" of
// "$60,000 a year" → "60000 a year"), so sums of two periods are told apart.
func withSumPeriod(v, rest string) string {
	if _, p, ok := sumOf(v); !ok || p != "" {
		return v
	}
	if m := sumPeriodAfterRe.FindStringSubmatch(rest); m != nil {
		return v + " a " + strings.ToLower(m[1])
	}
	return v
}

// additionalRe finds a sum said to come on top of another: "also earns", "… too",
// "as well", "on the side". It fills no slot of the one sum earned or paid.
var additionalRe = lazyre.New(`(?i)\b(?:also|too|as well|on the side|in addition|on top)\b`)

// priceSetTo reports a sum set anew ("User's gym membership went up to $55 a month")
// for the same subject as an old sum paid ("… costs $40 a month"). A new value of
// another unit ("went up to 20 GB") sets no price.
func priceSetTo(o, n Slot) bool {
	if !moneyVerbs[o.Predicate] || settingFamily(n.Predicate) != PredicateSetting {
		return false
	}
	return newSum(o.Value, n.Value)
}

// groupOfRe is a group and its size as a value: "team of 5", "class of 30 kids".
var groupOfRe = lazyre.New(`^([a-z]+) of (\d[\d,.]*)((?: [a-z]+)?)$`)

// newGroupSize reports two sizes of one kind of group ("team of 5" → "team of 9"): the
// group's number is its size, which it has one of at a time.
func newGroupSize(a, b string) bool {
	am, bm := groupOfRe.FindStringSubmatch(a), groupOfRe.FindStringSubmatch(b)
	return am != nil && bm != nil && groupNouns[am[1]] && am[1] == bm[1] && am[3] == bm[3] && am[2] != bm[2]
}
