package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// An event moved by a plain "they": "they pushed the recital to October". Who moved
// it says nothing the user would recall; the event and its new date do. Said again as
// the event moved ("the recital got pushed to October"), it is the fact the write
// tells as its holder's and lets supersede the date stored before (ingest.Retold).

// movedByThemRe: "they pushed the recital to October", "they've postponed our
// housewarming until May". Groups: 1 the move, 2 the event with its determiner, 3 the
// particle, 4 the new time.
var movedByThemRe = lazyre.New(`(?i)^they(?:'ve| have| had)?(?: just| finally| now)? (moved|pushed|postponed|rescheduled|delayed|bumped|shifted|put off|brought forward|moved up) ((?:the|our|my|his|her|their) [a-z]+(?: [a-z]+)?) ((?:back |out |forward )?(?:to|until|till)) (.+)$`)

// movedWhenRe is a new time an event can be moved to: a month, a day, a season or a
// time counted from now; "to the garage" moves a thing, no event.
var movedWhenRe = lazyre.New(`(?i)^(?:next |later |early |late |mid[- ]|the end of |the \d|\d|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|fall|winter|tomorrow|the weekend|the following|after )`)

// movedByThem says an event a plain "they" moved as the event moved, or returns clause
// unchanged.
func movedByThem(clause string) string {
	m := movedByThemRe.FindStringSubmatch(strings.TrimSpace(clause))
	if m == nil || !movedWhenRe.MatchString(m[4]) {
		return clause
	}
	return m[2] + " got " + strings.ToLower(m[1]) + " " + m[3] + " " + m[4]
}
