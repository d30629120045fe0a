package memories

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/engine/service/history"
	"github.com/memsvc/memsvc/engine/service/kernel"
	"github.com/memsvc/memsvc/engine/service/skills"
	"github.com/memsvc/memsvc/engine/skill"
)

// TrashCollection holds, per undoable deletion, a copy of the memories it
// removed, until the deletion's undo window ends. The delete itself is the
// ordinary one (search, list and every reader stop seeing the memories at
// once); the copy is written in the same transaction, so an undo has
// exactly what was deleted. An expired copy (the full text of what the user
// chose to delete) is dropped by any write of the user (DropExpiredHook),
// by a read of the trash that finds it, and by the engine's periodic sweep
// (service.RunTrashSweep) for a user who writes nothing more; erasing a
// user drops them with the rest.
const TrashCollection = "trash"

// TrashDueCollection holds one record per user with kept copies
// (trashDue), so the check every write makes for expired copies reads one
// small record instead of decoding every copy. An undo leaves it as it is:
// it may then name a time before any copy ends, which costs one scan that
// finds nothing expired and records the true time. Copies are never
// exported, nor is this record.
const TrashDueCollection = "trash_due"

// trashDueID is the id of the user's one due record.
const trashDueID = "next"

// trashDue says when the first of the user's kept copies ends: no copy
// ends before Next.
type trashDue struct {
	Next time.Time `json:"next"`
}

// trashDoc is one deletion's kept copy.
type trashDoc struct {
	Memories []*engine.Memory `json:"memories"`
	// Lost are the image memories deleted with them, which undo cannot
	// bring back: kept only to be named on the Recently deleted page.
	Lost  []*engine.Memory `json:"lost,omitempty"`
	At    time.Time        `json:"at"`
	Until time.Time        `json:"until"`
	// History holds each kept memory's events as they were before the
	// delete scrubbed their texts (history.Record), so an undo gives the
	// memory its history back.
	History map[string]engine.History `json:"history,omitempty"`
	// Skills are the skills that named a kept memory as a source, as they
	// were: the delete drops the source, and the skill with its last one.
	Skills []skill.Skill `json:"skills,omitempty"`
}

// EmbedFunc embeds texts to be stored (kernel.EmbedStored).
type EmbedFunc func(ctx context.Context, texts []string) ([][]float32, error)

// ReplaceFunc settles restored fact old and newer fact m that replaces it
// inside a write, as the write path does when a new fact replaces a stored
// one: the one said later stays current (write.ReplaceRestored).
type ReplaceFunc func(tx engine.Tx, p *kernel.Plan, shard *index.Shard, old, m *engine.Memory, now time.Time) error

// DeleteKeeping deletes ids as Delete does and keeps a copy of the deleted
// memories under undo until until. Image memories are deleted but not
// kept (their files go with their last reference): they are listed Lost,
// and named in the copy for the Recently deleted page.
func (e *Memories) DeleteKeeping(ctx context.Context, user string, ids []string, undo string, now, until time.Time) (*engine.Deletion, error) {
	if len(ids) == 0 {
		return nil, engine.Invalid("memory_ids", "must list at least one id")
	}
	var d engine.Deletion
	err := e.write(ctx, user, func(tx engine.Tx, p *kernel.Plan) error {
		d = engine.Deletion{}
		var err error
		if d.Deleted, d.NotFound, err = planDelete(tx, p, ids); err != nil {
			return err
		}
		doc := trashDoc{At: now, Until: until}
		for _, id := range d.Deleted {
			m, err := tx.GetMemory(id) // still stored: the plan is applied after decide
			if err != nil {
				return err
			}
			if m.Source != nil && m.Source.Kind == engine.SourceImage {
				d.Lost = append(d.Lost, id)
				doc.Lost = append(doc.Lost, m)
				continue
			}
			doc.Memories = append(doc.Memories, m)
			if err := keepHistory(tx, &doc, id); err != nil {
				return err
			}
		}
		if len(doc.Memories) > 0 {
			d.Undo, d.Until = undo, until
		} else if len(doc.Lost) == 0 {
			return nil
		}
		if err := keepSkills(tx, &doc); err != nil {
			return err
		}
		if err := tx.PutDoc(TrashCollection, undo, doc); err != nil { // lost images alone: listed, with nothing to undo
			return err
		}
		return noteDue(tx, until)
	})
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// DropExpiredHook is the write hook that drops the user's expired copies
// in every write's transaction, so an expired copy does not outlive the
// user's next write of any kind.
func DropExpiredHook(now func() time.Time) kernel.Hook {
	return func(tx engine.Tx, _ *kernel.Plan, _ *kernel.Change) error { return dropExpired(tx, now()) }
}

// DropExpired drops user's expired copies in a write of their own: the
// periodic sweep's step, and a read's that met one.
func (e *Memories) DropExpired(ctx context.Context, user string, now time.Time) error {
	return e.write(ctx, user, func(tx engine.Tx, _ *kernel.Plan) error { return dropExpired(tx, now) })
}

// keepHistory copies memory id's history into doc before the delete's
// write hook scrubs it.
func keepHistory(tx engine.Tx, doc *trashDoc, id string) error {
	var h engine.History
	if err := tx.GetDoc(history.Collection, id, &h); engine.ErrorCode(err) == engine.ENotFound {
		return nil
	} else if err != nil {
		return err
	}
	if doc.History == nil {
		doc.History = map[string]engine.History{}
	}
	doc.History[id] = h
	return nil
}

// restoreHistory gives restored memory id its kept events back, texts and
// all, followed by what was recorded since (the DELETE). The restore itself
// is then recorded by the write's history hook as an ADD with the text:
// the history events have no restore of their own, and an ADD after a
// DELETE is what happened (the memory is there again, as it was).
func restoreHistory(tx engine.Tx, doc *trashDoc, id string) error {
	kept, ok := doc.History[id]
	if !ok {
		return nil
	}
	var live engine.History
	if err := tx.GetDoc(history.Collection, id, &live); err != nil && engine.ErrorCode(err) != engine.ENotFound {
		return err
	}
	events := slices.Clone(kept.Events)
	if len(live.Events) > len(kept.Events) {
		events = append(events, live.Events[len(kept.Events):]...)
	}
	return tx.PutDoc(history.Collection, id, &engine.History{ID: id, Events: events})
}

// keepSkills copies into doc every skill that names a kept memory as a
// source, before the delete's skills hook drops that source.
func keepSkills(tx engine.Tx, doc *trashDoc) error {
	kept := map[string]bool{}
	for _, m := range doc.Memories {
		kept[m.ID] = true
	}
	return tx.ScanDocs(skills.Collection, "", func(_ string, raw []byte) error {
		var s skill.Skill
		if err := json.Unmarshal(raw, &s); err != nil {
			return engine.Internal("decode skill", err)
		}
		if slices.ContainsFunc(s.SourceMemoryIDs, func(id string) bool { return kept[id] }) {
			doc.Skills = append(doc.Skills, s)
		}
		return nil
	})
}

// restoreSkills gives each kept skill its restored sources back: a skill
// still stored gets them again, one the delete forgot (its last source
// gone) comes back as it was, naming the sources that exist now.
func restoreSkills(tx engine.Tx, doc *trashDoc, restored []string) error {
	for _, kept := range doc.Skills {
		var s skill.Skill
		err := tx.GetDoc(skills.Collection, kept.ID, &s)
		switch {
		case engine.ErrorCode(err) == engine.ENotFound:
			s = kept
			s.SourceMemoryIDs = nil
		case err != nil:
			return err
		}
		changed := false
		for _, id := range kept.SourceMemoryIDs {
			if slices.Contains(s.SourceMemoryIDs, id) {
				continue
			}
			if back, err := sourceExists(tx, id, restored); err != nil {
				return err
			} else if back {
				s.SourceMemoryIDs, changed = append(s.SourceMemoryIDs, id), true
			}
		}
		if changed {
			if err := tx.PutDoc(skills.Collection, s.ID, &s); err != nil {
				return err
			}
		}
	}
	return nil
}

// sourceExists reports whether memory id is restored by this undo or
// still stored.
func sourceExists(tx engine.Tx, id string, restored []string) (bool, error) {
	if slices.Contains(restored, id) {
		return true, nil
	}
	m, err := kernel.StoredOrNil(tx, id)
	return m != nil, err
}

// dropExpiredOnRead is DropExpired for a read that met an expired copy:
// a store opened read-only cannot drop it, and the read still answers
// (it never shows an expired copy).
func (e *Memories) dropExpiredOnRead(ctx context.Context, user string, now time.Time) error {
	if err := e.DropExpired(ctx, user, now); err != nil && engine.ErrorCode(err) != engine.EUnavailable {
		return err
	}
	return nil
}

// dropExpired removes the kept copies whose undo window has ended. The
// user's due record says when the first one ends, so a write with nothing
// expired (every write runs this) reads that one small record, not the
// copies, however many the user keeps.
func dropExpired(tx engine.Tx, now time.Time) error {
	var due trashDue
	err := tx.GetDoc(TrashDueCollection, trashDueID, &due)
	switch {
	case err == nil && now.Before(due.Next):
		return nil
	case err != nil && engine.ErrorCode(err) != engine.ENotFound:
		return err
	}
	return sweepExpired(tx, now, err == nil)
}

// sweepExpired drops every expired copy and records when the first of the
// rest ends; none left, the record goes (had says there is one).
func sweepExpired(tx engine.Tx, now time.Time, had bool) error {
	var expired []string
	var next time.Time
	err := tx.ScanDocs(TrashCollection, "", func(id string, raw []byte) error {
		var doc trashDoc
		if err := json.Unmarshal(raw, &doc); err != nil || !now.Before(doc.Until) {
			expired = append(expired, id) // an unreadable copy can never be restored either
		} else if next.IsZero() || doc.Until.Before(next) {
			next = doc.Until
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range expired {
		if err := tx.DeleteDoc(TrashCollection, id); err != nil {
			return err
		}
	}
	switch {
	case !next.IsZero():
		return tx.PutDoc(TrashDueCollection, trashDueID, &trashDue{Next: next})
	case had:
		return tx.DeleteDoc(TrashDueCollection, trashDueID)
	}
	return nil
}

// noteDue records in a write that keeps a copy until until that a copy
// ends then, if no other ends sooner. A user without a due record has it
// written by this write's own dropExpired (its hook runs after), from all
// the copies: a store kept before the record existed gets it that way.
func noteDue(tx engine.Tx, until time.Time) error {
	var due trashDue
	if err := tx.GetDoc(TrashDueCollection, trashDueID, &due); engine.ErrorCode(err) == engine.ENotFound {
		return nil
	} else if err != nil {
		return err
	}
	if !until.Before(due.Next) {
		return nil
	}
	return tx.PutDoc(TrashDueCollection, trashDueID, &trashDue{Next: until})
}

// errNothingToUndo answers an undo whose copy is gone: undone already, or
// its window ended.
func errNothingToUndo(undo string) error {
	return engine.Errorf(engine.ENotFound, "nothing to undo for %q: it was undone already or its %s window has passed",
		undo, engine.UndoWindow)
}

// Undelete restores the memories deletion undo kept, embedding their texts
// again (as a fresh write would), and relinks facts and episodes that are
// still there. A memory whose id is stored again is left as it is.
func (e *Memories) Undelete(ctx context.Context, user, undo string, now time.Time, embed EmbedFunc, replace ReplaceFunc) ([]string, error) {
	if err := engine.ValidateID("undo", undo); err != nil {
		return nil, err
	}
	doc, err := e.readTrash(ctx, user, undo, now)
	if err != nil {
		return nil, err
	}
	if len(doc.Memories) == 0 { // only lost images: nothing to bring back
		return nil, errNothingToUndo(undo)
	}
	texts := make([]string, len(doc.Memories))
	for i, m := range doc.Memories {
		texts[i] = m.Text
	}
	vecs, err := embed(ctx, texts)
	if err != nil {
		return nil, err
	}
	vecOf := map[string][]float32{}
	for i, m := range doc.Memories {
		vecOf[m.ID] = vecs[i]
	}
	var restored []string
	err = e.write(ctx, user, func(tx engine.Tx, p *kernel.Plan) error {
		restored = []string{}
		if err := tx.GetDoc(TrashCollection, undo, &trashDoc{}); engine.ErrorCode(err) == engine.ENotFound {
			return errNothingToUndo(undo) // undone by another request meanwhile
		} else if err != nil {
			return err
		}
		for i, m := range doc.Memories {
			if stored, err := kernel.StoredOrNil(tx, m.ID); err != nil {
				return err
			} else if stored == nil {
				p.Put(m.Clone(), vecs[i])
				restored = append(restored, m.ID)
			}
		}
		for _, id := range restored {
			if err := restoreHistory(tx, doc, id); err != nil {
				return err
			}
			if err := relinkRestored(tx, p, p.Planned(id)); err != nil {
				return err
			}
			if err := relinkSuperseded(tx, p, p.Planned(id)); err != nil {
				return err
			}
		}
		if err := e.supersedeRestored(ctx, tx, p, user, restored, vecOf, doc.At, now, replace); err != nil {
			return err
		}
		if err := restoreSkills(tx, doc, restored); err != nil {
			return err
		}
		return tx.DeleteDoc(TrashCollection, undo)
	})
	return restored, err
}

// readTrash reads a deletion's copy that is still within its window.
func (e *Memories) readTrash(ctx context.Context, user, undo string, now time.Time) (*trashDoc, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	var doc trashDoc
	err := e.store.View(ctx, user, func(tx engine.Tx) error { return tx.GetDoc(TrashCollection, undo, &doc) })
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, errNothingToUndo(undo)
	}
	if err == nil && !now.Before(doc.Until) {
		if err := e.dropExpiredOnRead(ctx, user, now); err != nil {
			return nil, err
		}
		return nil, errNothingToUndo(undo)
	}
	return &doc, err
}

// relinkRestored mends the fact↔episode links unlink cut when m was
// deleted: a fact goes back on its episode's list, an episode's facts
// name it again; a link to a memory deleted since is dropped, as unlink
// would have dropped it.
func relinkRestored(tx engine.Tx, p *kernel.Plan, m *engine.Memory) error {
	if ep := m.EpisodeOf(); ep != "" {
		found := false
		err := relink(tx, p, ep, nil, func(e *engine.Memory) bool {
			found = true
			if slices.Contains(e.Facts, m.ID) {
				return false
			}
			e.Facts = append(e.Facts, m.ID)
			return true
		})
		if err != nil {
			return err
		}
		if !found {
			m.Source.EpisodeID = ""
		}
		return nil
	}
	var kept []string // a new slice: m.Facts may be the kept copy's
	for _, id := range m.Facts {
		found := false
		err := relink(tx, p, id, nil, func(f *engine.Memory) bool {
			found = true
			if f.Source == nil || f.Source.EpisodeID != "" {
				return false
			}
			f.Source.EpisodeID = m.ID
			return true
		})
		if err != nil {
			return err
		}
		if found {
			kept = append(kept, id)
		}
	}
	m.Facts = kept
	return nil
}

// relinkSuperseded mends the supersede links unlinkPredecessors cut when
// m was deleted: a value m replaced, still stored and still naming no
// successor, names m again. A successor of m deleted since is forgotten,
// as the delete of that successor would have made m forget it.
func relinkSuperseded(tx engine.Tx, p *kernel.Plan, m *engine.Memory) error {
	for _, id := range m.Supersedes {
		err := relink(tx, p, id, nil, func(old *engine.Memory) bool {
			if old.SupersededBy != nil || old.State != engine.StateSuperseded {
				return false
			}
			by := m.ID
			old.SupersededBy = &by
			return true
		})
		if err != nil {
			return err
		}
	}
	if m.SupersededBy == nil {
		return nil
	}
	if next, err := kernel.StoredOrNil(tx, *m.SupersededBy); err != nil {
		return err
	} else if next == nil && p.Planned(*m.SupersededBy) == nil {
		m.SupersededBy = nil
	}
	return nil
}

// supersedeRestored runs the write path's own decision (ingest.Decide, as
// a new fact meets a stored one) for each restored current fact against
// the current facts written since the delete, most similar first, and
// settles each pair it finds replacing (replace) as the write path does:
// the one said later stays current. So an undo never leaves two current
// values where a write would have left one ("lives in A" deleted, "moved
// to B" stored as a plain add, the delete undone), and a restored fact
// said after the newer one stays current, the newer going to history.
// Once the restored fact is history, it has met its successor.
func (e *Memories) supersedeRestored(ctx context.Context, tx engine.Tx, p *kernel.Plan, user string,
	restored []string, vecOf map[string][]float32, since, now time.Time, replace ReplaceFunc) error {
	shard, err := e.shards.Shard(ctx, user)
	if err != nil {
		return engine.Internal("load index", err)
	}
	newer := func(r *index.Row) bool {
		return r.State == engine.StateActive && !r.Episode && !r.CreatedAt.Before(since) &&
			!slices.Contains(restored, r.ID) && !p.Retired(r.ID)
	}
	for _, id := range restored {
		m := p.Planned(id)
		if m.State != engine.StateActive || m.IsEpisode() {
			continue
		}
		for _, h := range shard.Search(vecOf[id], shard.Len(), newer) {
			if err := settleIfReplaced(tx, p, shard, m, h, now, replace); err != nil {
				return err
			}
			if m.State != engine.StateActive {
				break
			}
		}
	}
	return nil
}

// settleIfReplaced decides newer fact hit against restored m and, when it
// replaces m, settles which of the two stays current (replace).
func settleIfReplaced(tx engine.Tx, p *kernel.Plan, shard *index.Shard, m *engine.Memory, hit index.Hit, now time.Time,
	replace ReplaceFunc) error {
	n := p.Planned(hit.ID)
	if n == nil {
		var err error
		if n, err = kernel.StoredOrNil(tx, hit.ID); err != nil || n == nil {
			return err
		}
	}
	if n.State != engine.StateActive {
		return nil // history already, by an earlier restored fact of this undo
	}
	d := ingest.Decide(n.Text, nil, []ingest.Candidate{{ID: m.ID, Text: m.Text, Similarity: hit.Score}})
	if !slices.Contains(d.Closes, m.ID) {
		return nil
	}
	return replace(tx, p, shard, m, n, now)
}

// RecentDeletions lists the kept copies still within their window,
// newest first.
func (e *Memories) RecentDeletions(ctx context.Context, user string, now time.Time) ([]engine.RecentDeletion, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	out := []engine.RecentDeletion{}
	expired := false
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		return tx.ScanDocs(TrashCollection, "", func(id string, raw []byte) error {
			var doc trashDoc
			if json.Unmarshal(raw, &doc) == nil && now.Before(doc.Until) {
				out = append(out, engine.RecentDeletion{Undo: id, At: doc.At, Until: doc.Until, Memories: doc.Memories, Lost: doc.Lost})
			} else {
				expired = true
			}
			return nil
		})
	})
	if err == nil && expired {
		err = e.dropExpiredOnRead(ctx, user, now)
	}
	slices.SortStableFunc(out, func(a, b engine.RecentDeletion) int { return b.At.Compare(a.At) })
	return out, err
}
