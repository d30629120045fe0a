package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Statements of who one is said in other words than the clause rules read. "User is on
// the infra team" and "User transferred to the growth team" say which team User is on;
// "User grew up in Limerick" and "User's hometown is Kilkenny" say where User is from;
// "User's role is lead analyst" says User's job title; "User is at roche since June"
// says where User works. Each is filed under the slot its plainer form fills, so the one
// replaces the other.

// predicateTeam is the team one is on: one at a time.
const predicateTeam = "team"

var (
	// teamRe: "User is on the infra team", "User joined the growth team", "User
	// transferred to the growth team in May". Groups: 1 the subject, 2 the team.
	teamRe = lazyre.New(`(?i)^(\S+(?:'s \S+)?) (?:is |are |was moved |got moved |has been moved )?(?:now |currently )?` +
		`(?:on|in|part of|joined|transferred to|moved to|switched to|moved over to|transferred over to) (?:the |a )?` +
		`([a-z][\w-]*(?: [a-z][\w-]*)?) team\b`)
	// grewUpRe: "User grew up in Limerick". Groups: 1 the subject, 2 the place.
	grewUpRe = lazyre.New(`^(\S+) (?:grew up|was raised|was born and raised) in ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*)`)
	// atEmployerRe: "User is at roche since June", "User is at monzo now": a bare name
	// after "is at", with "since" or "now" telling it is where one is for a while, not
	// where one happens to be. Groups: 1 the subject, 2 the name.
	// movedIntoHomeRe: "User moved into a two-bed in Peckham". Groups: 1 the subject, 2
	// the home, 3 the place.
	movedIntoHomeRe = lazyre.New(`(?i)^(\S+) (?:just |finally |recently )?moved (?:in)?to (?:a|an|the|our|\S+'s) (?:new )?` +
		`([\w-]+(?: [\w-]+)?) in ([a-z][\w'-]*(?: [a-z][\w'-]*)?)(?: (?:over|during|last|this|in|on|at|since|after|before)\b.*)?$`)
	// droppedAfterRe: "User started learning italian instead, dropped korean": what
	// was given up, named in a clause that closes the statement. Groups: 1 the
	// subject, 2 what was taken up, 3 what was given up.
	droppedAfterRe = lazyre.New(`^(\S+) ([^,]+), (?:dropped|ditched|quit|gave up|stopped) ([a-z][\w-]*(?: [a-z][\w-]*)?)$`)
	atEmployerRe   = lazyre.New(`(?:^|, )(User|[A-Z][a-z]+) (?:is|'s) (?:now )?at ([A-Za-z][\w&-]*(?: [A-Z][\w&-]*)?) (?:since|now\b)`)
)

// notEmployers are the bare words after "at" that name where one is, not who one works
// for: "User is at home now", "User is at uni since September".
var notEmployers = set(`home work school uni university college church lunch dinner breakfast sea war rest peace ease
last least first the a an my his her their our this that it one`)

// selfSlot derives one of these slots from a statement no clause rule read, or nil.
func selfSlot(t string) *Slot {
	if m := teamRe.FindStringSubmatch(t); m != nil && !articles[strings.ToLower(m[2])] {
		return buildSlot(m[1], predicateTeam, m[2]+" team", false, nil, nil)
	}
	if m := grewUpRe.FindStringSubmatch(t); m != nil {
		return buildSlot(m[1], "from", m[2], false, nil, nil)
	}
	if m := movedIntoHomeRe.FindStringSubmatch(t); m != nil && homeNoun(m[2]) {
		return buildSlot(m[1], "lives_in", m[2]+" in "+m[3], false, nil, nil)
	}
	if m := atEmployerRe.FindStringSubmatch(t); m != nil && !notEmployers[strings.ToLower(strings.Fields(m[2])[0])] {
		return buildSlot(m[1], "works_at", m[2], false, nil, nil)
	}
	return nil
}

// homeNoun reports a home moved into: its last word is a home ("flat", "studio"), or
// a size of one ("two-bed").
func homeNoun(s string) bool {
	w := strings.Fields(strings.ToLower(s))
	last := w[len(w)-1]
	return homeNouns[last] || strings.HasSuffix(last, "-bed") || strings.HasSuffix(last, "-bedroom")
}

// droppedAfterSlot reads a statement closed by what it gave up as a switch from that:
// {user, uses, what was taken up, replacing what was given up}.
func droppedAfterSlot(t string) *Slot {
	m := droppedAfterRe.FindStringSubmatch(t)
	if m == nil {
		return nil
	}
	return &Slot{Subject: normSubject(m[1]), Predicate: PredicateUses, Value: m[2], Replaces: m[3]}
}

// jobTitleWords and hometownWords are the owned things that say what one's job title
// is and where one is from.
var (
	jobTitleWords = set(`role title position`)
	hometownWords = set(`hometown`)
)

// ownedAsSelf files "User's role is lead analyst" as {user, job_title, lead analyst}
// and "User's hometown is Kilkenny" as {user, from, kilkenny}, the slots "User is a
// senior analyst" and "User is from Cork" fill. A title must end in a job noun: "User's
// job is stressful" says no title.
func ownedAsSelf(s *Slot) *Slot {
	if s == nil || s.Predicate != PredicateIs && s.Predicate != PredicateIdentity {
		return s
	}
	owner, thing, ok := cutOwner(strings.ToLower(s.Subject))
	if !ok || strings.Contains(owner, " ") {
		return s
	}
	if g := ownedSynonyms[thing]; (g == "job title" || jobTitleWords[thing]) && isJob(s.Value, "") {
		return &Slot{Subject: owner, Predicate: "job_title", Value: s.Value}
	}
	if ownedSynonyms[thing] == "hometown" || hometownWords[thing] {
		return &Slot{Subject: owner, Predicate: "from", Value: s.Value}
	}
	return s
}
