package ingest

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/text"
)

// A "when" of a routine: a weekday, a time on the clock, or a part of the day. Its
// kind is what a move replaces: a run moved "to 6am" leaves its days alone.
const (
	whenDays  = extract.WeekdayPattern + `|weekends?|weekdays?`
	whenClock = `\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}`
	whenParts = `mornings?|afternoons?|evenings?|nights?|lunchtimes?|breakfast|lunch|dinner|bedtime`
	whenAny   = `(?:` + whenDays + `|` + whenClock + `|` + whenParts + `)`
)

var (
	whenRe = regexp.MustCompile(`(?i)\b(?:` + whenDays + `|` + whenParts + `)\b|\b(?:` + whenClock + `)`)
	// movedToRe: "moved User's run to 6am", "rescheduled piano lessons to thursday
	// evenings", "the practice moved to wednesdays", "yoga is on sundays now": a
	// routine, named by its last word, put at another when.
	movedToRe = regexp.MustCompile(`(?i)(?:^|\bUser\s+)(?:had\s+|has\s+)?(?:moved|rescheduled|shifted|pushed|changed|switched)\s+` +
		`(?:the\s+|User's\s+|our\s+)?((?:[\w'-]+\s+){0,2}?[\w-]+)\s+(?:back\s+)?to\s+(?:the\s+)?` + whenAny + `\b`)
	routineMovedRe = regexp.MustCompile(`(?i)^(?:the\s+|User's\s+)?((?:[\w'-]+\s+){0,2}?[\w-]+)\s+` +
		`(?:(?:has\s+|was\s+|got\s+)?(?:moved|rescheduled|shifted)\s+to|is\s+(?:now\s+)?(?:on|at|in\s+the))\s+(?:the\s+)?` + whenAny + `\b`)
	// insteadAtRe: "taking User's vitamins at night instead": the thing before the when.
	insteadAtRe = regexp.MustCompile(`(?i)([\w-]+)\s+(?:at|on|in\s+the)\s+(?:the\s+)?` + whenAny + `\s+instead\b`)
	// passingRe marks a move that is not the routine's: "just this week", "for now".
	passingRe = regexp.MustCompile(`(?i)\b(?:this|next)\s+(?:week|time|once)\b|\b(?:today|tomorrow|tonight|just\s+for|for\s+now|temporarily|for\s+a\s+(?:week|while))\b`)
)

// movedSchedule reports a new fact that moves a routine the stored fact holds to
// another when of a kind the stored one names: "User moved User's run to 6am" ends
// "User goes for a run at 7am every day"; "Yoga is on sundays now" ends "User does
// yoga on Saturdays". The routine is matched by its head word, the when by its kind
// (a day, a clock time, a part of the day), so a new time leaves a stored day alone.
func movedSchedule(oldFact, newFact string) bool {
	if passingRe.MatchString(newFact) || isNegated(oldFact) || isNegated(newFact) {
		return false
	}
	thing, when := movedRoutine(newFact)
	if thing == "" || !termSet(oldFact)[thing] {
		return false
	}
	oldWhens := whensOf(strings.ToLower(oldFact))
	for _, w := range whenList(when) {
		if old, ok := oldWhens[w.kind]; ok && old != w.value {
			return true
		}
	}
	return false
}

// movedRoutine finds the routine a fact moves, as the term of its head word, and the
// text of the when it is moved to; "" when the fact moves none.
func movedRoutine(fact string) (thing, when string) {
	for _, re := range []*regexp.Regexp{movedToRe, routineMovedRe, insteadAtRe} {
		loc := re.FindStringSubmatchIndex(fact)
		if loc == nil {
			continue
		}
		words := strings.Fields(fact[loc[2]:loc[3]])
		terms := text.Analyze(strings.TrimSuffix(words[len(words)-1], "'s"))
		if len(terms) != 1 {
			continue
		}
		return terms[0], strings.ToLower(fact[loc[3]:loc[1]])
	}
	return "", ""
}

// when is one when of a text: its kind and its folded value.
type when struct{ kind, value string }

// whensOf reads the whens of a lower-cased text, the first of each kind.
func whensOf(s string) map[string]string {
	out := map[string]string{}
	for _, w := range whenList(s) {
		if _, ok := out[w.kind]; !ok {
			out[w.kind] = w.value
		}
	}
	return out
}

func whenList(s string) []when {
	var out []when
	for _, m := range whenRe.FindAllString(strings.ToLower(s), -1) {
		out = append(out, readWhen(m))
	}
	return out
}

// readWhen folds one when's spellings: "Tuesdays" and "tuesday" are one day, "8 pm"
// and "8pm" one time, "evenings" and "evening" one part of the day.
func readWhen(m string) when {
	v := strings.NewReplacer(" ", "", ".", "").Replace(m)
	switch {
	case strings.ContainsAny(v, "0123456789"):
		return when{"clock", v}
	case strings.Contains(v, "day") || strings.HasPrefix(v, "weekend"):
		return when{"day", strings.TrimSuffix(v, "s")}
	}
	return when{"part", strings.TrimSuffix(v, "s")}
}
