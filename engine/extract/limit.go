package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A limit someone set for the user: "my dentist says I should drink max 2 sodas a week",
// later "dentist now allows 3 sodas a week". Neither is a statement the templates read (a
// reported "should", a bare role that "allows"), so both are said again as what the
// person allows ("my dentist allows me to drink max 2 sodas a week", "my dentist now allows
// 3 sodas a week"), and that fills one slot per setter and unit: the new limit replaces the
// old one.

// predicateLimit opens the predicate of a limit slot; the unit of its amount ends it
// ("limit_sodas"), so a limit of another measure set by the same person stays.
const predicateLimit = "limit_"

var (
	// limitSaidRe: "my dentist says I should drink max 2 sodas a week". Groups: 1 the setter
	// with its owner, 2 what the user does, 3 the limit and what follows.
	limitSaidRe = lazyre.New(`(?i)^((?:my|our) [a-z]+(?: [a-z]+)?) (?:says|said|thinks|told me|wants me to|recommends)(?: that)?(?: I (?:should|can|may|must|could|shouldn't|should not))? ([a-z]+) ((?:max|maximum|at most|no more than|up to|a maximum of) \d[\d.,]*\s*[a-z]+\b.*)$`)
	// limitAllowsRe: "dentist now allows 3 sodas a week", "my coach lets me do 3 sessions a
	// week": a role that allows an amount. Groups: 1 an owner, 2 the setter, 3 the rest.
	limitAllowsRe = lazyre.New(`^((?:my|our|the) )?([a-z]+(?: [a-z]+)??) ((?:now |still |only )?(?:allows|lets me do|lets me) (?:me )?(?:to [a-z]+ |[a-z]+ )?(?:(?:max|maximum|at most|up to|no more than|a maximum of) )?\d[\d.,]*\s*[a-z]+\b.*)$`)
	// limitSlotRe reads a limit fact: "User's dentist allows User to drink max 2 sodas a
	// week". Groups: 1 the setter, 2 the amount, 3 its unit.
	limitSlotRe = rx(subj + ` (?:now |still |only )?(?:allows|lets)(?: \S+){0,3}? (?:(?:max|maximum|at most|up to|no more than|a maximum of) )?(\d[\d.,]*)\s*([a-z]+)\b.*`)
)

// limitSet says a limit someone set as what they allow, or returns clause unchanged.
func limitSet(clause string) string {
	c := strings.TrimRight(strings.TrimSpace(clause), " .!")
	if m := limitSaidRe.FindStringSubmatch(c); m != nil {
		return m[1] + " allows me to " + m[2] + " " + m[3]
	}
	if m := limitAllowsRe.FindStringSubmatch(c); m != nil && !pronounLike[strings.Fields(m[2])[0]] && !determinerOnly(m[2]) {
		owner := m[1]
		if owner == "" {
			owner = "my " // chat drops the owner of the one who sets the user's limits
		}
		return owner + m[2] + " " + m[3]
	}
	return clause
}

// limitSlot is the slot of a limit fact, or nil.
func limitSlot(t, lower string) *Slot {
	if !strings.Contains(lower, " allows ") && !strings.Contains(lower, " lets ") {
		return nil
	}
	m := limitSlotRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	return &Slot{Subject: normSubject(m[1]), Predicate: predicateLimit + strings.ToLower(m[3]), Value: m[2] + " " + strings.ToLower(m[3])}
}
