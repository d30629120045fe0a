package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Named people's ages. "I have two kids, Mia (7) and Jonas (4)" says how old each child
// is; kept as one fact, the list holds Mia's 7 after "Mia turned 8" has ended it. So the
// list is split at extraction: "User has two kids" stays, and each named age becomes a
// fact of its own ("User's kid Mia is 7 years old"), the age slot of that person, which
// a later age of the same name supersedes alone.

// listedAgesRe: an owner's count of people, then the list of their names and ages.
// Groups: 1 the count ("User has two kids"), 2 the owner, 3 the plural noun, 4 the list.
var listedAgesRe = lazyre.New(`^((\S+(?: \S+){0,2}?) (?:has|have|has got|have got) (?:two|three|four|five|six|\d) ([a-z]+)), ([A-Z].*?)[.!]*$`)

// listedAgeRe is one named age of such a list: "Mia (7)", "Jonas (age 4)", "Noah (9 months)"
// is no age in years and is left out. Groups: 1 the name, 2 the age.
var listedAgeRe = lazyre.New(`^([A-Z][a-z]+) \((?:age |aged )?(\d{1,2})(?: ?(?:yo|y/o|yrs?|years?(?: old)?))?\)$`)

// listedAges splits "User has two kids, Mia (7) and Jonas (4)" into the count and one
// age fact per name; nil when t is not such a list, or one of its items is not a name
// with its age.
func listedAges(t string) []canonFact {
	m := listedAgesRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	noun := singularPerson(m[3])
	if noun == "" {
		return nil
	}
	items := strings.Split(strings.ReplaceAll(strings.ReplaceAll(m[4], ", and ", ", "), " and ", ", "), ", ")
	out := []canonFact{{m[1], false}}
	for _, item := range items {
		a := listedAgeRe.FindStringSubmatch(strings.TrimSpace(item))
		if a == nil {
			return nil
		}
		out = append(out, canonFact{m[2] + "'s " + noun + " " + a[1] + " is " + a[2] + " years old", false})
	}
	return out
}

// singularPerson is the singular of a plural noun for people ("kids" → "kid",
// "children" → "child"), or "" when the noun names no people.
func singularPerson(plural string) string {
	one := strings.TrimSuffix(plural, "s")
	if plural == "children" {
		one = "child"
	}
	if one == plural || !personNouns[one] {
		return ""
	}
	return one
}

// timeTailRe is a time said after a statement: "Mia turned 8 last week", "… two days ago".
var timeTailRe = lazyre.New(`(?i)[\s,]+(?:(?:last|this|past) (?:week|weekend|month|year|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|today|recently|(?:a|an|one|two|three|four|five|a few|\d+) (?:days?|weeks?|months?|years?) ago|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))[!.]*$`)

// withoutTimeTail is t without the time said after it, which the rules that only ask what
// slot a statement fills do not read: "Mia turned 8 last week" fills Mia's age.
func withoutTimeTail(t string) string {
	return timeTailRe.ReplaceAllString(t, "")
}
