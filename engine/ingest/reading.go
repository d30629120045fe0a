package ingest

import (
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/text"
)

// Readings remembers what a decision reads of a text (its slot, terms,
// amounts and normal form), so that the facts of one request, compared with
// the same stored memories and with each other, read each text once: a long
// text's hundreds of facts each met the same neighbours and batch mates, and
// reading them again per fact was most of its write time. The readings are
// pure functions of the text, so a decision with or without them is the
// same. Not safe for concurrent use: one per request. A nil *Readings reads
// afresh every time.
type Readings struct {
	m     map[string]*reading
	slots *extract.SlotMemo // shared with the request's extraction (Slots)
}

// reading is what was read of one text; each part is read when first asked.
type reading struct {
	normal                            string
	slot                              *extract.Slot
	terms                             map[string]bool // never nil once read
	amounts                           []string
	negated                           bool
	normalRead, slotRead, amountsRead bool
	negatedRead                       bool
}

// NewReadings returns an empty memo for one request's decisions.
func NewReadings() *Readings {
	return &Readings{m: map[string]*reading{}, slots: extract.NewSlotMemo()}
}

// Slots is the memo of slots these readings read through, for the extraction
// of the same request (extract.Request.Slots), so that a fact's slot read by
// the rules is not read again when the fact meets stored memories. Nil for a
// nil *Readings, which reads afresh.
func (r *Readings) Slots() *extract.SlotMemo {
	if r == nil {
		return nil
	}
	return r.slots
}

func (r *Readings) of(s string) *reading {
	if r == nil {
		return &reading{}
	}
	x, ok := r.m[s]
	if !ok {
		x = &reading{}
		r.m[s] = x
	}
	return x
}

// Slot is extract.SlotOf(s), read once. Callers must not change the slot.
func (r *Readings) Slot(s string) *extract.Slot {
	x := r.of(s)
	if !x.slotRead {
		x.slot, x.slotRead = r.Slots().Of(s), true
	}
	return x.slot
}

// terms is termSet(s), read once; callers must not change the set.
func (r *Readings) terms(s string) map[string]bool {
	x := r.of(s)
	if x.terms == nil {
		x.terms = termSet(s)
	}
	return x.terms
}

// amounts is quantityWords(s), read once; callers must not change it.
func (r *Readings) amounts(s string) []string {
	x := r.of(s)
	if !x.amountsRead {
		x.amounts, x.amountsRead = quantityWords(s), true
	}
	return x.amounts
}

// normal is normalizeFact(s), read once.
func (r *Readings) normal(s string) string {
	x := r.of(s)
	if !x.normalRead {
		x.normal, x.normalRead = normalizeFact(s), true
	}
	return x.normal
}

// negated is isNegated(s), read once.
func (r *Readings) negated(s string) bool {
	x := r.of(s)
	if !x.negatedRead {
		x.negated, x.negatedRead = isNegated(s), true
	}
	return x.negated
}

// SameEpisode is SameEpisode(a, b) with each text read once: a long turn's
// episode is compared with the stored episodes closest to it, which the
// call's earlier texts wrote, and reading those again per comparison was a
// large part of a long text's write time.
func (r *Readings) SameEpisode(a, b string) bool {
	if text.Speaker(a) != text.Speaker(b) {
		return false
	}
	return r.normal(a) == r.normal(b) || sameTerms(r.terms(a), r.terms(b))
}
