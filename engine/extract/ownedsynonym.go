package extract

// Owned things named in other words. "My workplace is in Shoreditch" corrects "my office
// is in Canary Wharf", and "my family doctor is Dr Khan" replaces "my GP is Dr Hughes":
// a speaker names one thing of theirs by whichever word comes to mind, so the slot of
// "user's workplace" must meet the slot of "user's office". Each group below holds
// words for one single thing a person has; a word in no group names only itself.

// ownedSynonyms maps a word for an owned thing to the first word of its group.
var ownedSynonyms = synonymGroups([][]string{
	{"office", "workplace", "place of work", "work office"},
	{"flat", "apartment", "condo", "home", "place"},
	{"doctor", "gp", "family doctor", "physician", "primary care doctor", "family physician"},
	{"job title", "role", "title", "position", "job"},
	{"manager", "boss", "line manager", "supervisor"},
	{"hometown", "home town"},
	{"phone", "mobile", "mobile phone", "cell", "cell phone", "cellphone", "smartphone"},
	{"car", "vehicle"},
	{"mobile carrier", "carrier", "phone carrier", "mobile provider", "phone provider", "network"},
	{"kids", "children"}, // the whole brood, however named: "the children's school", "my kids go to …"
})

// synonymGroups indexes each word of a group by the group's first word.
func synonymGroups(groups [][]string) map[string]string {
	m := map[string]string{}
	for _, g := range groups {
		for _, w := range g {
			m[w] = g[0]
		}
	}
	return m
}

// sameOwnedThing reports two subjects that name one thing of one owner in other words:
// "user's workplace" and "user's office". Equal subjects are left to the caller.
func sameOwnedThing(a, b string) bool {
	ao, at, aok := cutOwner(a)
	bo, bt, bok := cutOwner(b)
	if !aok || !bok || ao != bo || at == bt {
		return false
	}
	ag, aIn := ownedSynonyms[at]
	bg, bIn := ownedSynonyms[bt]
	return aIn && bIn && ag == bg
}
