package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A party counted with "us" ("just the two of us", "the three of us") is the speaker and
// the people they live or travel with. Read word for word it gave garbage ("The two of
// User"); these patterns read it as what it says.
var (
	// partyAloneRe is the party said on its own, as a clause of its own or before what the
	// household also holds: "it's just the two of us", "just the two of us, and I cook",
	// "just the two of us and a cat". Group 1 is the count, group 2 what follows.
	partyAloneRe = lazyre.New(`(?i)^(?:(?:it's|it is|its|we're|we are|there's|there are)\s+)?(?:just|only)?\s*the\s+(two|three|four|five|six|seven|eight)\s+of\s+us(?:\s+now)?(\s*(?:[,;.!]|and\s+(?:an?|one|two|three)\s).*)?$`)
	// partySubjectRe is the party as a subject ("the three of us are going to Lisbon"),
	// which says what "we" says.
	partySubjectRe = lazyre.New(`(?i)^(?:just\s+|only\s+)?the\s+(?:two|three|four|five|six|seven|eight)\s+of\s+us\s+`)
	// partyForRe is the party as whom something is for: "cooking for just the two of us".
	partyForRe = lazyre.New(`(?i)\bfor\s+(?:just\s+|only\s+)?the\s+(two|three|four|five|six|seven|eight)\s+of\s+us\b`)
)

// withPartyOfUs rewrites a party counted with "us" in a clause: alone, it states the
// household's size ("our household is two people"), and what follows "and a…" is what the
// household also holds ("we have a cat named Pepper"); as a subject it is "we"; after
// "for" it counts people ("for two people").
func withPartyOfUs(s string) string {
	if m := partyAloneRe.FindStringSubmatch(s); m != nil {
		rest := strings.TrimSpace(m[2])
		if after, ok := strings.CutPrefix(strings.ToLower(rest), "and "); ok {
			rest = ", and we have " + rest[len(rest)-len(after):]
		} else if rest != "" {
			rest = " " + rest
		}
		return "our household is " + strings.ToLower(m[1]) + " people" + strings.TrimRight(rest, " ")
	}
	if loc := partySubjectRe.FindStringIndex(s); loc != nil {
		s = "we " + s[loc[1]:]
	}
	return partyForRe.ReplaceAllString(s, "for $1 people")
}
