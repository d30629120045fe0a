package write

import (
	"time"

	"github.com/memsvc/memsvc/engine"
)

// saidTime is when words a client dates t were said, for a request received
// at now: t, but never after now (a client's clock may run ahead, and a
// turn stamped ahead of the server would otherwise outrank everything said
// after it), and now when the client gave no time.
func saidTime(t, now time.Time) time.Time {
	if t.IsZero() || t.After(now) {
		return now.UTC()
	}
	return t.UTC()
}

// turnSaidAt is when turn t of msgs was said (saidTime); a fact of no one
// turn (t < 0) was said with the request's latest turn.
func turnSaidAt(msgs []engine.Message, t int, now time.Time) time.Time {
	return saidTime(turnStamp(msgs, t), now)
}

// turnStamp is the time the client gave turn t of msgs (zero: none); for a
// fact of no one turn (t < 0), the request's latest.
func turnStamp(msgs []engine.Message, t int) time.Time {
	if t >= 0 && t < len(msgs) {
		return msgs[t].CreatedAt
	}
	var latest time.Time
	for _, m := range msgs {
		if m.CreatedAt.After(latest) {
			latest = m.CreatedAt
		}
	}
	return latest
}

// heldFrom is when a fact of a turn the client stamped at stamp holds
// from, for a request received at now: the fact's own valid_from, except
// that a time after now but not after the stamp came from a client clock
// running ahead (the stamp itself, or "today" read against it) and is now,
// as the turn's said time is (saidTime). A date past the stamp is one the
// words named ("I start there on Monday") and stays.
func heldFrom(from, stamp, now time.Time) time.Time {
	if from.After(now) && !from.After(stamp) {
		return now.UTC()
	}
	return from
}

// stampSaid records on m when its words were said. The source is copied
// first: a request's source may be shared by all the memories it writes.
func stampSaid(m *engine.Memory, said time.Time) {
	s := engine.Source{Kind: engine.SourceAPI}
	if m.Source != nil {
		s = *m.Source
	}
	s.SaidAt = &said
	m.Source = &s
}

// saidLater reports whether a was said after b, when both say when they
// were said.
func (e *Writer) saidLater(tx engine.Tx, p *plan, a, b *engine.Memory) (bool, error) {
	at, aok, err := e.saidAt(tx, p, a)
	if err != nil || !aok {
		return false, err
	}
	bt, bok, err := e.saidAt(tx, p, b)
	return bok && at.After(bt), err
}

// saidAt is when fact m was said, if known: the time recorded on it, or for
// a fact stored before that was recorded, its episode's (its turn's) time.
// Never its valid_from, which may be a date the words named ("since 2019"),
// nor, for a repeated turn, the episode it links to, which holds when the
// words were first said.
func (e *Writer) saidAt(tx engine.Tx, p *plan, m *engine.Memory) (time.Time, bool, error) {
	switch {
	case m.Source == nil:
		return time.Time{}, false, nil
	case m.Source.SaidAt != nil:
		return *m.Source.SaidAt, true, nil
	case m.Source.EpisodeID != "":
		ep, err := e.plannedIfAny(tx, p, m.Source.EpisodeID)
		if err != nil || ep == nil {
			return time.Time{}, false, err
		}
		return ep.ValidFrom, true, nil
	}
	return time.Time{}, false, nil
}
