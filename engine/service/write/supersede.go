package write

import (
	"context"
	"slices"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/redact"
)

// Supersede stores req as a new memory that replaces the active memories
// oldIDs: each old memory keeps its text but has its validity window closed
// (valid_to = the new fact's valid_from, expired_at = now), superseded_by
// set and state superseded. Nothing is deleted. One transaction.
func (e *Writer) Supersede(ctx context.Context, user string, oldIDs []string, req engine.AddRequest) ([]engine.WriteResult, error) {
	if len(oldIDs) == 0 {
		return nil, engine.Invalid("supersedes", "must name at least one memory")
	}
	var secrets int
	req.Text, secrets = redact.Text(req.Text) // "resolved: …" texts are written text too
	if err := e.validateAdds([]engine.AddRequest{req}); err != nil {
		return nil, err
	}
	vecs, err := e.embedStored(ctx, []string{req.Text})
	if err != nil {
		return nil, err
	}
	now := e.now().UTC()
	var results []engine.WriteResult
	err = e.write(ctx, user, func(tx engine.Tx, p *plan) error {
		req.Timestamp = saidTime(req.Timestamp, now) // stamped ahead: said, and so holding, no later than now (as Add)
		m := e.NewMemory(user, req, now)
		stampSaid(m, req.Timestamp)
		results = []engine.WriteResult{{ID: m.ID, Text: m.Text, Event: engine.EventSupersede}}
		for _, id := range oldIDs {
			old, err := tx.GetMemory(id)
			if err != nil {
				return err
			}
			if err := supersedeInto(old, m, now); err != nil {
				return err
			}
			p.Put(old, nil)
		}
		results[0].Supersedes = m.Supersedes
		p.Put(m, vecs[0])
		return nil
	})
	markRedacted(results, secrets)
	return results, err
}

// supersedeInto closes old's validity window in favour of m and records the
// link both ways. It refuses to supersede a memory that is not active, so a
// fact is never closed twice.
func supersedeInto(old, m *engine.Memory, now time.Time) error {
	if old.State != engine.StateActive {
		return engine.Errorf(engine.EConflict, "memory %q is %s and cannot be superseded", old.ID, old.State)
	}
	closeWindow(old, m, now)
	if !slices.Contains(m.Supersedes, old.ID) {
		m.Supersedes = append(m.Supersedes, old.ID)
	}
	return nil
}

// ReplaceRestored settles old, a fact the dashboard's undo restored, and m,
// a current fact written since the delete that replaces it, as applyFact
// settles a new fact that replaces a stored one: the one said later stays
// current. Usually that is m: old's window closes, both name each other,
// and the episode that stated old (with the replies that echoed it)
// retires. When old was said after m (m's words were older, only written
// later), m is the one that becomes history, placed in old's chain as a
// late turn is (outdatedBy) (memories.Undelete).
func (e *Writer) ReplaceRestored(tx engine.Tx, p *plan, shard *index.Shard, old, m *engine.Memory, now time.Time) error {
	if later, err := e.saidLater(tx, p, old, m); err != nil {
		return err
	} else if later {
		if err := e.outdatedBy(tx, p, shard, m, old, now); err != nil {
			return err
		}
		p.Put(m, nil)
		return nil
	}
	if err := supersedeInto(old, m, now); err != nil {
		return err
	}
	p.Put(old, nil) // the vectors stay as planned or stored
	p.Put(m, nil)
	if m.Source == nil {
		return nil // a memory stored verbatim: no episode to compare with
	}
	return e.retireEpisodeOf(tx, p, shard, old, m, now)
}

// closeWindow marks old superseded by m: its validity window ends where m's
// begins (never before its own start), memsvc stops believing it now, and
// it points at m.
func closeWindow(old, m *engine.Memory, now time.Time) {
	validTo := m.ValidFrom
	if validTo.Before(old.ValidFrom) {
		validTo = old.ValidFrom
	}
	newID := m.ID
	old.State = engine.StateSuperseded
	old.ValidTo, old.ExpiredAt, old.SupersededBy, old.UpdatedAt = &validTo, &now, &newID, now
}
