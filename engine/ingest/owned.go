package ingest

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// One named thing owned is said two ways: "User has a Pixel 7" and "User's phone
// is a Pixel 7". The words differ (has / phone is), so neither the slots nor the
// shared terms read one fact, and a restatement would be added beside the first.

var (
	// thingIsRe: "User's phone is a pixel 7". Groups: 1 the owner, 2 what the thing
	// is called, 3 the thing named.
	thingIsRe = regexp.MustCompile(`(?i)^(\S+?)'s ([a-z][\w-]*(?: [a-z][\w-]*)?) (?:is|are) (?:an? |the )?(.+?)[.!]?$`)
	// hasThingRe: "User has a Pixel 7", "User owns a Kindle". Groups: 1 the owner, 2 the thing.
	hasThingRe = regexp.MustCompile(`(?i)^(\S+) (?:has|owns|has got) (?:an? |the )?(.+?)[.!]?$`)
)

// sameOwnedThing reports two facts that name one thing of one owner, the one as had
// and the other as what a thing of theirs is. Only a name counts (a capital or a
// digit: "Pixel 7", "Kindle"): "User's dog is a puppy" and "User has a puppy" may be
// two animals.
func sameOwnedThing(a, b string) bool {
	ownerA, thingA, hadA, okA := ownedThing(a)
	ownerB, thingB, hadB, okB := ownedThing(b)
	return okA && okB && hadA != hadB && strings.EqualFold(ownerA, ownerB) && strings.EqualFold(thingA, thingB) &&
		(namesThing(thingA) || namesThing(thingB))
}

// ownedThing reads the owner and the thing of either form; had says which: two facts
// of one form ("dentist appointment is on …", "dermatologist appointment is on …")
// are two things, whatever they share.
func ownedThing(s string) (owner, thing string, had, ok bool) {
	s = strings.TrimSpace(s)
	if m := thingIsRe.FindStringSubmatch(s); m != nil {
		if slices.ContainsFunc(strings.Fields(strings.ToLower(m[2])), func(w string) bool { return notHeld[w] }) {
			return "", "", false, false // "User's dream car is a Porsche 911": wished for, not had
		}
		return m[1], m[3], false, true
	}
	if m := hasThingRe.FindStringSubmatch(s); m != nil {
		return m[1], m[2], true, true
	}
	return "", "", false, false
}

// notHeld are words that make "X's <thing> is a <name>" no thing the owner has now:
// one wished for, liked, planned, or had before.
var notHeld = map[string]bool{"dream": true, "favorite": true, "favourite": true, "fave": true, "ideal": true,
	"next": true, "future": true, "old": true, "former": true, "previous": true, "ex": true,
	"first": true, "goal": true, "wish": true, "target": true, "planned": true}

// namesThing reports a thing given by its name: a capital or a digit in it.
func namesThing(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) }) >= 0
}
