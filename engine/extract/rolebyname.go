package extract

import "strings"

// A named person's post is often first said by whose it is ("Marta is our CTO": "Marta
// is User's CTO"), which fills no slot, since "Tom is User's friend" names one friend of
// many; the change is then said by name only ("Marta is the CEO now"). One person holds
// one post at a time, so the new title ends the old one.

// ownersPostRe: "Marta is User's CTO", "Daniel is User's team's lead designer". Groups: 1
// the person, 2 the post.
var ownersPostRe = rx(`([A-Z][\w.-]*(?: [A-Z][\w.-]*){0,2}) is (?:\S+(?:'s|’s)) (.+)`)

// RetitledByName reports whether n, a named person's job title, ends oldFact, that
// person's other post said by whose it is. The caller checks that the title is said as
// a change ("now"): a second post may be held beside the first.
func RetitledByName(oldFact string, n Slot) bool {
	if n.Predicate != "job_title" || strings.HasPrefix(n.Value, "not ") {
		return false
	}
	m := ownersPostRe.FindStringSubmatch(cleanFactText(oldFact))
	if m == nil || normSubject(m[1]) != normSubject(n.Subject) || !isJob(m[2], m[2]) {
		return false
	}
	return normValue(cutValue(m[2], jobStop)) != normValue(n.Value)
}
