package service

import (
	"context"
	"maps"
	"slices"
	"time"

	. "github.com/memsvc/memsvc/engine"
)

// historyCollection holds one document per memory id: the events of that
// memory, oldest first. They live under the user's keys like everything
// else, so erasing a user erases them, and they outlive a delete of the
// memory itself (with the content scrubbed).
const historyCollection = "history"

// History returns the events of memory id, also after the memory was
// deleted; ENotFound when the user never had such a memory.
func (e *Engine) History(ctx context.Context, user, id string) (*History, error) {
	if err := ValidateUser(user); err != nil {
		return nil, err
	}
	if id == "" {
		return nil, Invalid("id", "must not be empty")
	}
	h := History{ID: id}
	err := e.store.View(ctx, user, func(tx Tx) error { return tx.GetDoc(historyCollection, id, &h) })
	if ErrorCode(err) == ENotFound {
		return nil, Errorf(ENotFound, "memory %q not found", id)
	}
	if err != nil {
		return nil, err
	}
	h.ID = id
	return &h, nil
}

// recordHistory is the write hook that appends the events of a write to the
// history of each memory it touches, in the write's own transaction.
func (e *Engine) recordHistory(tx Tx, p *plan, _ *writeChange) error {
	now := e.now().UTC()
	events, err := historyEvents(tx, p, now)
	if err != nil {
		return err
	}
	for _, id := range slices.Sorted(maps.Keys(events)) {
		var h History
		if err := tx.GetDoc(historyCollection, id, &h); err != nil && ErrorCode(err) != ENotFound {
			return err
		}
		h.ID = id
		for _, ev := range events[id] {
			if ev.Event == HistoryDelete {
				scrub(h.Events) // a delete keeps the events and their times, never the content
			}
			h.Events = append(h.Events, ev)
		}
		if err := tx.PutDoc(historyCollection, id, &h); err != nil {
			return err
		}
	}
	return nil
}

// historyEvents compares each memory a plan writes with its stored version.
func historyEvents(tx Tx, p *plan, now time.Time) (map[string][]HistoryEvent, error) {
	out := map[string][]HistoryEvent{}
	deleted := map[string]bool{}
	for _, id := range p.deletes {
		deleted[id] = true
	}
	seen := map[string]bool{}
	for i := len(p.puts) - 1; i >= 0; i-- {
		m := p.puts[i]
		if seen[m.ID] || deleted[m.ID] {
			continue
		}
		seen[m.ID] = true
		old, err := storedOrNil(tx, m.ID)
		if err != nil {
			return nil, err
		}
		out[m.ID] = memoryEvents(old, m, now)
	}
	for _, id := range p.deletes {
		old, err := storedOrNil(tx, id)
		if err != nil {
			return nil, err
		}
		if old != nil {
			out[id] = []HistoryEvent{{Event: HistoryDelete, At: now}}
		}
	}
	for id, evs := range out {
		if len(evs) == 0 {
			delete(out, id)
		}
	}
	return out, nil
}

// memoryEvents are the events that turn old (nil: none) into m.
func memoryEvents(old, m *Memory, now time.Time) []HistoryEvent {
	var evs []HistoryEvent
	var had []string
	switch {
	case old == nil:
		evs = append(evs, HistoryEvent{Event: HistoryAdd, At: now, Text: m.Text})
	default:
		had = old.Supersedes
		if old.Text != m.Text {
			evs = append(evs, HistoryEvent{Event: HistoryUpdate, At: now, Text: m.Text, PreviousText: old.Text})
		}
	}
	for _, s := range m.Supersedes {
		if !slices.Contains(had, s) {
			evs = append(evs, HistoryEvent{Event: HistorySupersede, At: now, OtherID: s})
		}
	}
	if m.SupersededBy != nil && (old == nil || old.SupersededBy == nil || *old.SupersededBy != *m.SupersededBy) {
		evs = append(evs, HistoryEvent{Event: HistorySuperseded, At: now, OtherID: *m.SupersededBy})
	}
	return evs
}

func scrub(evs []HistoryEvent) {
	for i := range evs {
		evs[i].Text, evs[i].PreviousText = "", ""
	}
}
