package ingest

import (
	"strings"

	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// A restatement is a stored fact said again in other words: the same holder,
// the same amounts, the same negation, and the same words but for one said in
// another form ("speaks fluent Portuguese", "speaks Portuguese fluently"), a
// light verb for the verb it stands for ("drinks oat milk in User's coffee",
// "takes oat milk with coffee"), or the kind of a thing named beside it ("has
// a golden retriever called Biscuit", "User's dog Biscuit is a golden
// retriever"). Filler words say nothing of the fact ("still working remote at
// the fintech"): the decision reads terms without them (withoutFiller). A restatement is a NOOP
// against the stored fact, and a change that ends a stored fact ends its
// restatements too, or a stale copy stays current.

// fillerTerms are the analysed forms of words that mark a fact as still or
// really so without changing what it says: "User is still working remote" is
// "User works remotely", "User still does not eat fish" takes back "User eats
// fish" as "User does not eat fish" does. "Now" is no filler: beside a value
// stemmed like the old one it is all that tells the change ("User's favourite
// movie is Aliens now" after "… is Alien"). Only the decision drops them: a
// turn's episode is compared with its own words.
var fillerTerms = analysedSet(fillers)

// fillers are the words of fillerTerms as written (fillerWords reads a holder by them).
const fillers = "still really actually just"

// withoutFiller returns terms without the filler terms: terms itself when it
// has none, else a copy.
func withoutFiller(terms map[string]bool) map[string]bool {
	has := false
	for t := range fillerTerms {
		has = has || terms[t]
	}
	if !has {
		return terms
	}
	out := make(map[string]bool, len(terms))
	for t := range terms {
		if !fillerTerms[t] {
			out[t] = true
		}
	}
	return out
}

// namingTerms name a thing without saying anything of it: "a parrot named Kiwi"
// is "User's parrot Kiwi".
var namingTerms = analysedSet("called named")

// minRestatedShared is how many terms besides the holder a restatement must
// share with its fact: one shared word and one swapped say too little.
const minRestatedShared = 2

// restated reports whether the new fact (text fact, terms newTerms) says again
// what the stored text old (terms oldTerms) says in other words (see the top
// of this file). A count or an amount is a term, so one changed is no
// restatement.
func (r *Readings) restated(old, fact string, oldTerms, newTerms map[string]bool) bool {
	if saidAlike(old, fact) {
		return true // one canonical statement in two fixed turns (samesaid.go), which reads its own negations
	}
	if r.negated(old) != r.negated(fact) {
		return false
	}
	gone, added := withoutNaming(onlyIn(oldTerms, newTerms)), withoutNaming(onlyIn(newTerms, oldTerms))
	if sharedTerms(oldTerms, newTerms) < minRestatedShared {
		return false
	}
	switch {
	case len(gone) == 1 && len(added) == 1:
		return otherFormOf(gone[0], added[0])
	case len(gone) == 0 && len(added) == 1:
		return kindOfOneOf(added[0], oldTerms)
	}
	return false
}

// otherFormOf reports two terms that say one thing: one word in two forms, or
// a light verb and a verb it stands for, either way round.
func otherFormOf(a, b string) bool {
	return adverbOf(a, b) || adverbOf(b, a) || llm.SameWordFamily(a, b) || llm.LightVerbFor(a, b) || llm.LightVerbFor(b, a)
}

// adverbOf reports an adverb's stem and its adjective's ("quickli", "quick"),
// which the lexicon does not always link.
func adverbOf(adverb, adjective string) bool {
	return len(adjective) >= 4 && adverb == adjective+"li"
}

// kindOfOneOf reports a term that names the kind one of terms is of: "dog" beside
// "retriev" says nothing the breed does not.
func kindOfOneOf(kind string, terms map[string]bool) bool {
	for t := range terms {
		if llm.KindOf(t, kind) {
			return true
		}
	}
	return false
}

// sharedTerms counts the terms of a that b has too, but the holder.
func sharedTerms(a, b map[string]bool) int {
	n := 0
	for t := range a {
		if b[t] && t != "user" {
			n++
		}
	}
	return n
}

// withoutNaming drops the naming terms from a list of terms.
func withoutNaming(terms []string) []string {
	out := terms[:0:0]
	for _, t := range terms {
		if !namingTerms[t] {
			out = append(out, t)
		}
	}
	return out
}

// analysedSet is the set of the analysed forms of words.
func analysedSet(words string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(words) {
		for _, t := range text.Analyze(w) {
			out[t] = true
		}
	}
	return out
}

// restatedCopies returns closes with every other candidate that says what a
// closed one says (restated, either way round, or the same normal form): a
// change ends each copy of the old value, not only the one it matched best.
func (r *Readings) restatedCopies(closes []string, cands []Candidate) []string {
	closed := map[string]bool{}
	for _, id := range closes {
		closed[id] = true
	}
	var ended []Candidate
	for _, c := range cands {
		if closed[c.ID] {
			ended = append(ended, c)
		}
	}
	for _, c := range cands {
		if closed[c.ID] {
			continue
		}
		for _, e := range ended {
			if r.sayAlike(e.Text, c.Text) {
				closed[c.ID] = true
				closes = append(closes, c.ID)
				break
			}
		}
	}
	return closes
}

// sayAlike reports two stored texts that state one fact: the same normal form,
// one restating the other, or one saying all the other says and more of the
// same subject, which Decide deduplicates as well ("the stored fact already says
// more": "User is still working remote at the fintech" against "User works
// remotely for a fintech startup").
func (r *Readings) sayAlike(a, b string) bool {
	if r.normal(a) == r.normal(b) {
		return true
	}
	ta, tb := withoutFiller(r.terms(a)), withoutFiller(r.terms(b))
	if r.restated(a, b, ta, tb) || r.restated(b, a, tb, ta) {
		return true
	}
	return r.negated(a) == r.negated(b) && sharedTerms(ta, tb) >= minRestatedShared &&
		(coverage(ta, tb) == 1 || coverage(tb, ta) == 1) && r.sameSubject(a, b)
}

// sameSubject reports two texts whose slots have one subject; false when either
// has none, since the terms alone cannot tell "User works at a fintech" from
// "User's husband works at a fintech".
func (r *Readings) sameSubject(a, b string) bool {
	sa, sb := r.Slot(a), r.Slot(b)
	return sa != nil && sb != nil && subjectOf(sa) == subjectOf(sb)
}
