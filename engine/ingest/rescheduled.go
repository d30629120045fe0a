package ingest

import (
	"regexp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// An event moved to another day. "The wedding got moved to September" says the
// wedding's new date; stored is whose wedding it is and when it was to be ("User's
// sister Lena is getting married in June 2027", or "… Lena's wedding is in June"). The
// move supersedes that fact and says whose event moved, as the stored fact did.

// movedEventRe is a fact of an event moved: "The wedding got moved to September",
// "User's cousin's graduation was pushed back to July". Groups: 1 the holder (may be
// empty), 2 the event, 3 the move and the rest.
var movedEventRe = regexp.MustCompile(`^(?:(?:The|the) |(.+?)'s )([a-z]+(?: [a-z]+)??) ((?:got |was |has been |had to be |is being |is |have been |were )?(?:moved|pushed|pushed back|pushed out|postponed|rescheduled|delayed|bumped|brought forward|moved up|put off|shifted)\s+(?:\S+\s+){0,3}?(?:to|until|till)\s+\S.*)$`)

// datedRe finds a day or month a stored fact puts an event on.
var datedRe = regexp.MustCompile(`(?i)\b(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{4}-\d{2}-\d{2}|(?:19|20)\d{2})\b`)

// eventVerbStems are the verbs that state an event whose noun has another root: one
// "gets married" at a wedding. Events that share their root with the verb
// ("graduation", "graduating") need no entry.
var eventVerbStems = map[string][]string{"wed": {"marri", "marry"}}

// rescheduledRetold tells a moved event as its holder's, superseding the stored fact
// that dated it.
func rescheduledRetold(fact string, cands []Candidate) (text, target string, ok bool) {
	m := movedEventRe.FindStringSubmatch(strings.TrimSpace(fact))
	if m == nil || strings.EqualFold(m[2], "user") {
		return "", "", false
	}
	holder, event, move := m[1], m[2], m[3]
	for _, c := range cands {
		if !datedRe.MatchString(c.Text) || movedEventRe.MatchString(c.Text) && !strings.Contains(c.Text, "'s "+event) {
			continue
		}
		who, ok := eventHolder(c.Text, event)
		if !ok || holder != "" && !strings.EqualFold(who, holder) && !strings.HasPrefix(strings.ToLower(who), strings.ToLower(holder)+" ") {
			continue
		}
		return who + "'s " + event + " " + move, c.ID, true
	}
	return "", "", false
}

// eventHolder is whose event a stored fact dates: the owner of the event named
// ("User's cousin's graduation is in May" → "User's cousin"), or the subject of the
// verb that states it ("User's sister Lena is getting married in June" → "User's
// sister Lena"); ok is false when the fact does not state the event.
func eventHolder(stored, event string) (string, bool) {
	if i := strings.Index(stored, "'s "+event); i > 0 {
		return withoutLeadIn(stored[:i]), true
	}
	words := strings.Fields(event)
	stem := text.Stem(strings.ToLower(words[len(words)-1]))
	subject, verbs, found := cutSubject(stored)
	if !found {
		return "", false
	}
	for _, w := range strings.Fields(strings.ToLower(verbs)) {
		s := text.Stem(strings.Trim(w, ".,!?"))
		if s == stem || llm.SameWordFamily(s, stem) || slices.Contains(eventVerbStems[stem], s) {
			return subject, true
		}
	}
	return "", false
}

// subjectEndRe finds the verb that ends a fact's subject.
var subjectEndRe = regexp.MustCompile(` (?:is|are|was|were|will|has|have|had|gets|got) `)

// cutSubject splits a fact at the verb after its subject. A lead-in before a comma is
// no part of the subject ("Quick one, User's sister Lena is getting married").
func cutSubject(fact string) (subject, rest string, ok bool) {
	loc := subjectEndRe.FindStringIndex(fact)
	if loc == nil {
		return "", "", false
	}
	return withoutLeadIn(fact[:loc[0]]), fact[loc[0]+1:], true
}

// withoutLeadIn is a subject without what a comma ends before it.
func withoutLeadIn(subject string) string {
	if i := strings.LastIndex(subject, ", "); i >= 0 {
		return subject[i+2:]
	}
	return subject
}

// EventWords are the words that state the event a moved-event fact names ("The
// wedding got moved to September": "wedding", "married", "marry"), for finding the
// stored fact that dated it though it said the event with its verb; "" for any other
// fact.
func EventWords(fact string) string {
	m := movedEventRe.FindStringSubmatch(strings.TrimSpace(fact))
	if m == nil {
		return ""
	}
	words := strings.Fields(m[2])
	last := strings.ToLower(words[len(words)-1])
	return strings.Join(append([]string{m[2]}, eventVerbStems[text.Stem(last)]...), " ")
}
