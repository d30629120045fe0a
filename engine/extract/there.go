package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// "There" after a move, a home or a job points at the place the sentence or turn
// before named: "My sister lives in Groningen. I moved there in May" is a move to
// Groningen. Only a place written as a name is carried (a capital after "in", "to"
// or "at"), and only into a move, a home or a job: "I visited there" changes nothing
// the user holds, so it is left as said.

// namedPlaceRe finds a place named after its preposition: group 1 the word before
// it, group 2 the preposition, group 3 the name ("in Groningen", "at Deutsche Bank",
// "flew to New York").
var namedPlaceRe = lazyre.New(`(?:\b([\p{L}']+) )?\b(in|to|at) (\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+){0,2})`)

// goesToWords are the words after which "to" names where one goes: "talked to Maria",
// "said goodbye to Lisbon" name a person or a farewell, no place one went.
var goesToWords = set(`moved move moves moving relocated relocate relocating went go goes going gone been ` +
	`flew fly flying drove drive driving travelled traveled travelling traveling trip flight ` +
	`came come coming back headed heading returned return got transferred emigrated commute commuted`)

// thereRe finds a move, a home or a job said with "there": group 1 the verb.
var thereRe = lazyre.New(`(?i)\b(moved|relocated|move|live|lives|living|work|works|working) there\b`)

// thereVerbPrep is the preposition each verb of thereRe takes before a place; a job
// keeps the preposition the place was named with ("in Leeds", "at Acme").
var thereVerbPrep = map[string]string{"moved": "to", "relocated": "to", "move": "to", "live": "in", "lives": "in", "living": "in"}

// placeMention is a place named, with the preposition it was named with.
type placeMention struct{ prep, name string }

// resolveThere rewrites "there" after a move, a home or a job into the place last
// named (*last), then keeps the last place this clause names for the next.
func resolveThere(clause string, last *placeMention) string {
	out := clause
	if last.name != "" {
		if loc := thereRe.FindStringSubmatchIndex(clause); loc != nil {
			verb := clause[loc[2]:loc[3]]
			prep, ok := thereVerbPrep[strings.ToLower(verb)]
			if !ok {
				prep = last.prep // "work there": "work at Acme", "work in Leeds"
				if prep == "to" {
					prep = "in"
				}
			}
			out = clause[:loc[0]] + verb + " " + prep + " " + last.name + clause[loc[1]:]
		}
	}
	if p, ok := lastNamedPlace(clause); ok {
		*last = p
	}
	return out
}

// lastNamedPlace is the last place a text names, skipping months and days, which are
// written with a capital too ("in May", "on Monday"), and people spoken to ("to Maria").
// A place named as someone's ("at Anna's") is found with no name: it hides the ones
// before it.
func lastNamedPlace(s string) (placeMention, bool) {
	ms := namedPlaceRe.FindAllStringSubmatch(s, -1)
	for i := len(ms) - 1; i >= 0; i-- {
		prep, name := strings.ToLower(ms[i][2]), ms[i][3]
		if prep == "to" && !goesToWords[strings.ToLower(ms[i][1])] {
			continue // "talked to Maria": a person spoken to
		}
		if possessiveNameRe.MatchString(name) {
			// "staying at Anna's": the place last named is someone's, which no name
			// carries; "there" after it points at no place named before it either.
			return placeMention{}, true
		}
		if !isCalendarName(name) && !pronounWords[strings.ToLower(name)] {
			return placeMention{prep: prep, name: name}, true
		}
	}
	return placeMention{}, false
}

// possessiveNameRe finds a name said as an owner ("in Anna's flat"): a person's
// thing, not a place by name.
var possessiveNameRe = lazyre.New(`['’]s?$`)

// calendarNameRe matches a month or day name and what follows it.
var calendarNameRe = lazyre.New(`(?i)^(?:` + monthNames + `|monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|easter)\b`)

// isCalendarName reports a capitalised name that is a time, not a place.
func isCalendarName(name string) bool { return calendarNameRe.MatchString(name) }

// pronounWords are capitalised words after a preposition that name no place ("to I").
var pronounWords = set(`i me my our the a an this that`)
