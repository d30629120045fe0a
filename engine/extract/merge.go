package extract

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// merger gathers the facts of one request, merging each new one into a fact it restates:
// the same text, or the same slot ("I moved to Munich…, I live in Munich now"; "I work at
// Datadog. I work at Datadog on the APM team"). Two facts of one request that restate each
// other would both supersede the same stored memory, so they are merged here: the one that
// says more is kept, with both provenances. The facts are indexed by text and by slot, so a
// request of many facts costs no pairwise comparisons (a 16 KB text of short statements
// compared 800 facts with each other, normalising both every time).
type merger struct {
	facts  []Fact
	byText map[string][]int  // each fact's words, lower-cased and joined → its indexes
	bySlot map[slotKey][]int // each fact's normalised slot and speaker → its indexes
}

// slotKey is what two facts must share to restate one another.
type slotKey struct{ speaker, subject, predicate, value string }

func keyOfSlot(f Fact) (slotKey, bool) {
	if f.Slot == nil {
		return slotKey{}, false
	}
	n := normSlot(*f.Slot)
	return slotKey{f.Speaker, n.Subject, n.Predicate, n.Value}, true
}

func textKey(s string) string { return strings.Join(lowerWords(s), " ") }

// mergeFacts merges facts as merger.add would, one at a time in order.
func mergeFacts(facts []Fact) []Fact {
	var m merger
	m.addAll(facts)
	return m.facts
}

// addAll adds each of facts in order.
func (m *merger) addAll(facts []Fact) {
	for _, f := range facts {
		m.add(f)
	}
}

// add merges f into the first fact, in order, that has its text or that it restates,
// else appends it.
func (m *merger) add(f Fact) {
	if m.byText == nil {
		m.byText, m.bySlot = map[string][]int{}, map[slotKey][]int{}
	}
	key := textKey(f.Text)
	same := first(m.byText[key])
	restated, keep := -1, Fact{}
	if sk, ok := keyOfSlot(f); ok {
		for _, i := range m.bySlot[sk] {
			if same >= 0 && i >= same {
				break
			}
			if k, ok := restates(m.facts[i], f); ok {
				restated, keep = i, k
				break
			}
		}
	}
	switch {
	case restated >= 0:
		keep.MessageIDs = appendUnique(append([]string(nil), m.facts[restated].MessageIDs...), f.MessageIDs...)
		m.replace(restated, keep)
	case same >= 0:
		m.facts[same].MessageIDs = appendUnique(m.facts[same].MessageIDs, f.MessageIDs...)
	default:
		m.facts = append(m.facts, f)
		i := len(m.facts) - 1
		m.byText[key] = append(m.byText[key], i)
		if sk, ok := keyOfSlot(f); ok {
			m.bySlot[sk] = append(m.bySlot[sk], i)
		}
	}
}

// replace puts f in place of fact i; a restating fact has the same slot, but its text may
// differ, so the text index follows it.
func (m *merger) replace(i int, f Fact) {
	old, now := textKey(m.facts[i].Text), textKey(f.Text)
	m.facts[i] = f
	if old == now {
		return
	}
	m.byText[old] = slices.DeleteFunc(m.byText[old], func(j int) bool { return j == i })
	at, _ := slices.BinarySearch(m.byText[now], i)
	m.byText[now] = slices.Insert(m.byText[now], at, i)
}

// first returns the smallest of ascending indexes, or -1.
func first(idx []int) int {
	if len(idx) == 0 {
		return -1
	}
	return idx[0]
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
