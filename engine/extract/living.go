package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Living arrangements: whom one lives with. "User lives alone" and "User lives with
// User's parents" are two answers to one question, and someone moving in with the user
// ("User's boyfriend moved in with User") or the user moving in with someone makes the
// second. Sharing a home ("User shares a flat with Tom") is living with someone.

// predicateLiveWith is the predicate "User lives with User's parents" fills.
const predicateLiveWith = "live_with"

var (
	// movedInWithUserRe: "User's boyfriend moved in with User". Groups: 1 who moved in,
	// 2 with whom.
	movedInWithUserRe = rx(`(\S+(?:'s \S+)?) (?:has |have |just |recently |finally )*moved in with (User)\b.*`)
	// userMovedInWithRe: "User moved in with User's girlfriend". Groups: 1 the subject, 2 whom.
	userMovedInWithRe = rx(subj + ` (?:has |have |just |recently |finally )*moved in with (.+)`)
)

// livingSlot derives whom a subject lives with from a move-in, or nil.
func livingSlot(t, lower string) *Slot {
	if !strings.Contains(lower, "moved in with") {
		return nil
	}
	if m := movedInWithUserRe.FindStringSubmatch(t); m != nil && !strings.EqualFold(m[1], "user") {
		return buildSlot(m[2], predicateLiveWith, m[1], false, changeStop, nil)
	}
	if m := userMovedInWithRe.FindStringSubmatch(t); m != nil {
		return buildSlot(m[1], predicateLiveWith, m[2], false, changeStop, nil)
	}
	return nil
}

// sharedHome reports a slot of living with someone: "lives with …", or sharing a home.
func sharedHome(s Slot) bool {
	if strings.HasPrefix(s.Value, "not ") {
		return false
	}
	return s.Predicate == predicateLiveWith || s.Predicate == "share" && homeNouns[finalWordOf(s.Value)]
}

// livesAlone reports a slot of living alone.
func livesAlone(s Slot) bool { return s.Predicate == "live" && s.Value == "alone" }

// aloneOrShared reports one subject's living alone and living with someone, either way
// round: each ends the other.
func aloneOrShared(o, n Slot) bool {
	return o.Subject == n.Subject && (livesAlone(o) && sharedHome(n) || sharedHome(o) && livesAlone(n))
}

// finalWordOf is the last word of v, or "".
func finalWordOf(v string) string {
	w := strings.Fields(v)
	if len(w) == 0 {
		return ""
	}
	return w[len(w)-1]
}

// Where one lives: a move told without its place, then where one is now ("we just moved
// again, now in Hamburg since October", "I relocated, we're now based in Leeds") is a move
// there, which "moved to …" already reads as where one lives.

// movedThenNowInRe: a move without its place, and after a comma where one is now. Groups:
// 1 the subject (the speaker, or someone of theirs: "my sister"), 2 the town, 3 the rest.
var movedThenNowInRe = lazyre.New(`^(?i:(i|we|(?:my|our) [a-z]+)(?:'ve| have| has)? (?:just |recently |finally |already |officially )*(?:moved|relocated)(?: house| home| again| back| out| over)*\s*[,;:—–-]+\s*(?:and\s+)?(?:(?:i'm|i am|im|we're|we are|were)\s+)?(?:now|currently)\s+(?:living\s+|based\s+|settled\s+)?in\s+)([A-Z][\w-]*(?: [A-Z][\w-]*)?)(.*)$`)

// movedThenNowIn returns "we moved to Hamburg since October" for a move told so, else "".
func movedThenNowIn(clause string) string {
	m := movedThenNowInRe.FindStringSubmatch(clause)
	if m == nil {
		return ""
	}
	return m[1] + " moved to " + m[2] + dateAfter(m[3]) // "… in Leeds, near my sister": the rest is no part of the move
}

// movedNoPlaceRe is a move fact that says no place: "User moved again", "User's sister
// just moved". Group 1 is the subject.
var movedNoPlaceRe = lazyre.New(`^(\S+(?: \S+){0,3}?) (?:just |finally |recently )*(?:moved|relocated)(?: house| home| again| back| out| over)*[.!]?$`)

// isInPlaceRe is a fact of where its subject is now: "User is in Hamburg now". Groups: 1
// the subject, 2 the town, 3 a time after it.
var isInPlaceRe = lazyre.New(`^(\S+(?: \S+){0,3}?) (?:is|are) (?:now |currently )?(?:living |based |settled )?in ([A-Z][\w-]*(?: [A-Z][\w-]*)?)((?: now| since .+)?)[.!]?$`)

// movedThenIn reads a move told without its place and then, in the same sentence, where
// its subject is ("we moved again, we're in Hamburg now"): being there is living there.
func movedThenIn(facts []Fact, from int) []Fact {
	for i := from; i+1 < len(facts); i++ {
		moved := movedNoPlaceRe.FindStringSubmatch(facts[i].Text)
		next := &facts[i+1]
		in := isInPlaceRe.FindStringSubmatch(next.Text)
		if moved == nil || in == nil || moved[1] != in[1] || next.Excerpt != facts[i].Excerpt {
			continue
		}
		next.Text = in[1] + " lives in " + in[2] + in[3]
		next.Slot = SlotOf(next.Text)
	}
	return facts
}
