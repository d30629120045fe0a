package history

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
)

// Collection holds one document per memory id: the events of that
// memory, oldest first. They live under the user's keys like everything
// else, so erasing a user erases them, and they outlive a delete of the
// memory itself (with the content scrubbed).
const Collection = "history"

// History returns the events of memory id, also after the memory was
// deleted; ENotFound when the user never had such a memory.
func (e *Recorder) History(ctx context.Context, user, id string) (*engine.History, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	if id == "" {
		return nil, engine.Invalid("id", "must not be empty")
	}
	h := engine.History{ID: id}
	err := e.store.View(ctx, user, func(tx engine.Tx) error { return tx.GetDoc(Collection, id, &h) })
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, engine.Errorf(engine.ENotFound, "memory %q not found", id)
	}
	if err != nil {
		return nil, err
	}
	h.ID = id
	return &h, nil
}

// Record is the write hook that appends the events of a write to the
// history of each memory it touches, in the write's own transaction.
func (e *Recorder) Record(tx engine.Tx, p *plan, _ *writeChange) error {
	now := e.now().UTC()
	events, err := historyEvents(tx, p, now)
	if err != nil {
		return err
	}
	for _, id := range slices.Sorted(maps.Keys(events)) {
		var h engine.History
		if err := tx.GetDoc(Collection, id, &h); err != nil && engine.ErrorCode(err) != engine.ENotFound {
			return err
		}
		h.ID = id
		for _, ev := range events[id] {
			if ev.Event == engine.HistoryDelete {
				scrub(h.Events) // a delete keeps the events and their times, never the content
			}
			if relinked(h.Events, ev) {
				continue
			}
			h.Events = append(h.Events, ev)
		}
		if err := tx.PutDoc(Collection, id, &h); err != nil {
			return err
		}
	}
	return nil
}

// historyEvents compares each memory a plan writes with its stored version.
func historyEvents(tx engine.Tx, p *plan, now time.Time) (map[string][]engine.HistoryEvent, error) {
	out := map[string][]engine.HistoryEvent{}
	deleted := map[string]bool{}
	for _, id := range p.Deletes {
		deleted[id] = true
	}
	seen := map[string]bool{}
	for i := len(p.Puts) - 1; i >= 0; i-- {
		m := p.Puts[i]
		if seen[m.ID] || deleted[m.ID] {
			continue
		}
		seen[m.ID] = true
		old, err := kernel.StoredOrNil(tx, m.ID)
		if err != nil {
			return nil, err
		}
		out[m.ID] = memoryEvents(old, m, now)
	}
	for _, id := range p.Deletes {
		old, err := kernel.StoredOrNil(tx, id)
		if err != nil {
			return nil, err
		}
		if old != nil {
			out[id] = []engine.HistoryEvent{{Event: engine.HistoryDelete, At: now}}
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
func memoryEvents(old, m *engine.Memory, now time.Time) []engine.HistoryEvent {
	var evs []engine.HistoryEvent
	var had []string
	switch {
	case old == nil:
		evs = append(evs, engine.HistoryEvent{Event: engine.HistoryAdd, At: now, Text: m.Text})
	default:
		had = old.Supersedes
		if old.Text != m.Text {
			evs = append(evs, engine.HistoryEvent{Event: engine.HistoryUpdate, At: now, Text: m.Text, PreviousText: old.Text})
		}
	}
	for _, s := range m.Supersedes {
		if !slices.Contains(had, s) {
			evs = append(evs, engine.HistoryEvent{Event: engine.HistorySupersede, At: now, OtherID: s})
		}
	}
	if m.SupersededBy != nil && (old == nil || old.SupersededBy == nil || *old.SupersededBy != *m.SupersededBy) {
		evs = append(evs, engine.HistoryEvent{Event: engine.HistorySuperseded, At: now, OtherID: *m.SupersededBy})
	}
	return evs
}

// relinked reports whether ev is a supersede link the history already
// records with the same memory: a link an undone delete put back
// (memories.Undelete), not a new replacement.
func relinked(evs []engine.HistoryEvent, ev engine.HistoryEvent) bool {
	if ev.Event != engine.HistorySupersede && ev.Event != engine.HistorySuperseded {
		return false
	}
	return slices.ContainsFunc(evs, func(e engine.HistoryEvent) bool { return e.Event == ev.Event && e.OtherID == ev.OtherID })
}

func scrub(evs []engine.HistoryEvent) {
	for i := range evs {
		evs[i].Text, evs[i].PreviousText = "", ""
	}
}
