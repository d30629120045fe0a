package extract

import "github.com/memsvc/memsvc/text/lazyre"

// A relation named in passing. "User's new manager Raj keeps booking 8am calls" is about
// what Raj does, but it also says who User's manager is: the slot "User's manager is
// Helen" fills, so the one replaces the other. Only relations a person has one of at a
// time are read so (a friend or a colleague named in passing is one of many).

// oneAtATimeRelations are the people one has one of at a time.
var oneAtATimeRelations = `manager|boss|line manager|supervisor|team lead|landlord|landlady|dentist|doctor|gp|therapist|` +
	`personal trainer|accountant|lawyer|advisor|adviser|mentor|tutor|coach`

// relationInPassingRe: "User's new manager Raj keeps …". Groups: 1 the owner, 2 the
// relation, 3 the name (a title may open it: "Dr Moreno"), 4 what is said of them.
// The name must be capitalised and end at a word boundary before more words, so
// "User's manager is …" (a statement of the relation itself) never matches.
var relationInPassingRe = lazyre.New(`^(\S+)'s (?:new |current )?(` + oneAtATimeRelations +
	`),? ((?:(?:Dr|Mr|Mrs|Ms|Miss)\.? )?[A-Z][\w-]*(?: [A-Z][\w-]*)?),? ([a-z].+)$`)

// relationInPassingSlot derives {owner's relation, identity, name} from a fact that
// names the relation in passing, or nil.
func relationInPassingSlot(t string) *Slot {
	m := relationInPassingRe.FindStringSubmatch(t)
	if m == nil || startsWithVerbIs(m[4]) {
		return nil
	}
	return buildSlot(m[1]+"'s "+m[2], PredicateIdentity, m[3], false, nil, nil)
}

// startsWithVerbIs reports a rest that starts with a form of "be": "User's manager Raj
// is …" is left to the clause rules, which read the whole statement.
func startsWithVerbIs(rest string) bool {
	for _, w := range []string{"is ", "was ", "are ", "were "} {
		if len(rest) >= len(w) && rest[:len(w)] == w {
			return true
		}
	}
	return false
}
