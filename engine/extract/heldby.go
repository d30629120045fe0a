package extract

// HeldBy reports whether an amount of stored's holder may be moved by a delta said of
// holder: the same subject ("user"), or a thing, not a person, of that subject ("user's
// team" for "User hired 3 more engineers"). What a person of the user's has is theirs:
// "User's sister has 3 cats" is not moved by "User adopted two more cats". A group the
// subject belongs to counts as theirs: "User's team has 8 engineers" is moved by "User
// hired 3 more engineers".
func HeldBy(stored, holder string) bool {
	if stored == holder {
		return true
	}
	owner, thing, ok := cutOwner(stored)
	return ok && owner == holder && (!namesPerson(thing) || groupsNouns[thing])
}

// groupsNouns are the groups one belongs to, which personNouns lists among people.
var groupsNouns = set(`team family household company department group class lab`)
