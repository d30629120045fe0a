package extract

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// What replaces a thing given up, said in the same sentence: "I quit Duolingo, doing
// italki lessons instead", "sold the Golf, got a used Tesla now". The give-up alone
// ends the facts that name the thing; the replacement is what the user now does or
// has in that thing's place. Its fact carries the replaced thing (Slot.Replaces) and
// goes before the give-up, so that the write reads it while the old fact is still
// current and can tell it in that fact's words ("User drives a used Tesla now";
// ingest.Retold).

// bareInsteadRe is a replacement said without its subject: "doing italki lessons
// instead", "using a paper planner now". Group 1 is the clause.
var bareInsteadRe = lazyre.New(`(?i)^((?:doing|using|taking|trying|learning|going to|going with|driving|riding|playing|on)\s+\S.*?\s+(?:instead|now))[.!]*$`)

// bareInstead returns "I am doing italki lessons instead" for a replacement said without
// its subject, else "".
func bareInstead(clause string) string {
	m := bareInsteadRe.FindStringSubmatch(strings.TrimSpace(clause))
	if m == nil {
		return ""
	}
	return "I am " + strings.ToLower(m[1][:1]) + m[1][1:]
}

// acquiredRe is a fact of what its subject now does or has: "User got a used Tesla now",
// "User is doing italki lessons instead". Groups: 1 the subject, 2 what is done or had.
var acquiredRe = lazyre.New(`^(\S+(?: \S+){0,3}?) (?:(?:has |have |just |then )*(?:got|bought|picked up|switched to|went with|replaced it with|started|took up|signed up for)|is (?:now )?(?:doing|using|taking|trying|driving|riding|on)) (.+?)(?:,? (?:now|instead|these days))*[.!]?$`)

// Acquired splits a fact of what its subject now does or has (acquiredRe) into the
// subject and the thing; ok is false for any other fact.
func Acquired(fact string) (subject, thing string, ok bool) {
	m := acquiredRe.FindStringSubmatch(strings.TrimSpace(fact))
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// beforeAside is a fact without the aside a comma adds after its clause: "User is
// learning Spanish on Duolingo, 200 day streak" holds Duolingo as its means as much as
// "User is learning Spanish on Duolingo" does, so quitting Duolingo ends it.
func beforeAside(fact string) string {
	head, _, _ := strings.Cut(fact, ", ")
	return head
}

// changesInSentence reads the facts of one sentence, from index from of facts on, for a
// change told in two clauses: a replacement after a give-up (replacementsFirst), a move
// and then where one is (movedThenIn, living.go).
func changesInSentence(facts []Fact, from int) []Fact {
	return movedThenIn(replacementsFirst(disposedThenAcquired(facts, from), from), from)
}

// thenAcquiredRe is a give-up and then, after "and", what its subject got in its place,
// the second verb said without its subject: "User sold User's Vespa and bought an e-bike".
// Group 1 is the give-up, 2 the second verb and its object.
var thenAcquiredRe = lazyre.New(`^(.+?),? and (?:then |now |just )?((?:got|bought|picked up|switched to|went with|started|took up|signed up for) \S.*)$`)

// disposedThenAcquired splits, from index from of facts on, a give-up fact that goes on
// with what replaces the thing ("User sold User's Vespa and bought an e-bike") into the
// give-up and the replacement, with the give-up's subject ("User bought an e-bike"), so
// that replacementsFirst reads them as it reads two clauses. The first person is what
// splits such a sentence ("I sold…and bought…"); chat often drops it.
func disposedThenAcquired(facts []Fact, from int) []Fact {
	for i := from; i < len(facts); i++ {
		gone := facts[i].Slot
		if gone == nil || gone.Predicate != PredicateDisposed {
			continue
		}
		m := thenAcquiredRe.FindStringSubmatch(facts[i].Text)
		subject := disposalSubject(facts[i].Text)
		head := SlotOf(m1(m))
		if m == nil || subject == "" || head == nil || head.Predicate != PredicateDisposed {
			continue
		}
		next := facts[i]
		facts[i].Text, facts[i].Slot = m[1], head
		next.Text = subject + " " + m[2]
		next.Slot = SlotOf(next.Text)
		facts = slices.Insert(facts, i+1, next)
		i++
	}
	return facts
}

// m1 is the first group of a match, or "" without one.
func m1(m []string) string {
	if m == nil {
		return ""
	}
	return m[1]
}

// disposalSubject is the subject of a give-up fact as written ("User", "User's sister"),
// or "".
func disposalSubject(fact string) string {
	m := disposalRe.FindStringSubmatch(fact)
	if m == nil {
		return ""
	}
	return m[1]
}

// replacementsFirst reads the facts of one sentence, from index from of facts on: a
// thing given up (a disposal slot) and then what its subject does or has instead
// (Acquired). The replacement's slot names the replaced thing, and it moves before
// the give-up.
func replacementsFirst(facts []Fact, from int) []Fact {
	for i := from; i+1 < len(facts); i++ {
		gone := facts[i].Slot
		if gone == nil || gone.Predicate != PredicateDisposed || gone.Replaces == "" {
			continue
		}
		next := &facts[i+1]
		subject, thing, ok := Acquired(next.Text)
		if !ok || normSubject(subject) != gone.Subject || next.Excerpt != facts[i].Excerpt {
			continue
		}
		s := Slot{Subject: gone.Subject, Predicate: "have", Value: normValue(thing)}
		if next.Slot != nil {
			s = *next.Slot
		}
		s.Replaces = gone.Replaces
		next.Slot = &s
		facts[i], facts[i+1] = facts[i+1], facts[i]
		i++
	}
	return facts
}
