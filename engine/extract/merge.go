package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text"
)

// mergeInto adds f to facts unless it restates one of them: the same text, or the same slot
// ("I moved to Munich…, I live in Munich now"; "I work at Datadog. I work at Datadog on the
// APM team"). Two facts of one request that restate each other would both supersede the same
// stored memory, so they are merged here: the one that says more is kept, with both
// provenances.
func mergeInto(facts []Fact, f Fact) []Fact {
	key := strings.Join(lowerWords(f.Text), " ")
	for i := range facts {
		if strings.Join(lowerWords(facts[i].Text), " ") == key {
			facts[i].MessageIDs = appendUnique(facts[i].MessageIDs, f.MessageIDs...)
			return facts
		}
		if keep, ok := restates(facts[i], f); ok {
			keep.MessageIDs = appendUnique(append([]string(nil), facts[i].MessageIDs...), f.MessageIDs...)
			facts[i] = keep
			return facts
		}
	}
	return append(facts, f)
}

// restates reports whether b restates a, and which of the two to keep: facts with the same
// slot where one's terms include the other's (the fuller one is kept), or the same value of a
// single-valued slot (the first, which usually carries the date, is kept).
func restates(a, b Fact) (Fact, bool) {
	if a.Slot == nil || b.Slot == nil || a.Speaker != b.Speaker {
		return Fact{}, false
	}
	sa, sb := normSlot(*a.Slot), normSlot(*b.Slot)
	if sa.Subject != sb.Subject || sa.Predicate != sb.Predicate || sa.Value != sb.Value {
		return Fact{}, false
	}
	ta, tb := termSet(a.Text), termSet(b.Text)
	switch {
	case subset(tb, ta):
		return a, true // b adds nothing
	case subset(ta, tb):
		return b, true
	case isSingleValued(sa.Predicate):
		return a, true
	}
	return Fact{}, false
}

// termSet returns the index terms of s without the ones that only say "still true now".
func termSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range text.Analyze(s) {
		if !fillerTerms[t] {
			out[t] = true
		}
	}
	return out
}

var fillerTerms = set(`now current currently still anymor too as well`)

// subset reports whether every term of a is in b.
func subset(a, b map[string]bool) bool {
	for t := range a {
		if !b[t] {
			return false
		}
	}
	return true
}
