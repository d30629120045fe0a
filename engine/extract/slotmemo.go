package extract

// SlotMemo remembers SlotOf per text for one request: the rules read a clause's slot to
// decide whether it is a fact about someone, the fact built from it reads it again, and
// the write path reads it once more when it compares the fact with stored memories. A
// long text meets the same texts hundreds of times, and reading the slot again each time
// was a large part of its write time. SlotOf is a pure function of the text, so reading
// through the memo gives the same slot. Not safe for concurrent use: one per request. A
// nil *SlotMemo reads afresh every time.
type SlotMemo struct {
	m map[string]*Slot // nil values too: most texts fill no slot
}

// NewSlotMemo returns an empty memo for one request.
func NewSlotMemo() *SlotMemo { return &SlotMemo{m: map[string]*Slot{}} }

// Of is SlotOf(text), read once. Each call returns a slot of its own, so a caller may
// change it without changing what the memo holds.
func (m *SlotMemo) Of(text string) *Slot {
	if m == nil {
		return SlotOf(text)
	}
	s, ok := m.m[text]
	if !ok {
		s = SlotOf(text)
		m.m[text] = s
	}
	if s == nil {
		return nil
	}
	c := *s
	return &c
}
