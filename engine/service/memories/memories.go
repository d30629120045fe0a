// Package memories reads and deletes a user's memories one by one: Get,
// List (filtered and paged on the loaded shard) and Delete, and Load, the
// read by id that search and the write side share; and the dashboard's
// undoable delete (trash.go).
package memories

import (
	"context"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/service/kernel"
	"github.com/memsvc/memsvc/text"
)

// Memories answers Get, List and Delete. It is safe for concurrent use.
type Memories struct {
	store  engine.Store
	shards *kernel.ReplicaShards
	write  func(ctx context.Context, user string, decide func(engine.Tx, *kernel.Plan) error) error
}

// New returns the memory reads over store and k's shards; Delete writes
// through k.
func New(store engine.Store, k *kernel.Kernel) *Memories {
	return &Memories{store: store, shards: k.Shards(), write: k.Write}
}

// Get returns one memory of user.
func (e *Memories) Get(ctx context.Context, user, id string) (*engine.Memory, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	var m *engine.Memory
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		var err error
		m, err = tx.GetMemory(id)
		return err
	})
	return m, err
}

// List returns user's memories newest first, filtered and paged.
func (e *Memories) List(ctx context.Context, user string, f engine.ListFilter) (*engine.Page, error) {
	shard, err := e.listShard(ctx, user, f.Validate)
	if err != nil {
		return nil, err
	}
	var textHits map[string]bool
	if q := strings.TrimSpace(f.SearchQuery); q != "" {
		textHits = shard.MatchAll(text.Unique(text.AnalyzeQuery(q)))
	}
	total, ids := shard.Filter(func(r *index.Row) bool {
		return ListKeeps(r, &f) && (textHits == nil || textHits[r.ID])
	}, (f.Page-1)*f.Size, f.Size)
	page := &engine.Page{Items: []*engine.Memory{}, Total: total, Page: f.Page, Size: f.Size, Pages: (total + f.Size - 1) / f.Size}
	if len(ids) == 0 {
		return page, nil
	}
	page.Items, err = e.Load(ctx, user, ids)
	confirmContent(page, f.Content)
	return page, err
}

// confirmContent drops from page the memories the index rows' metadata
// hashes kept but the records do not carry (two entries' hashes collide,
// ListKeeps), so no false match is shown. Only the page is read, so the
// total of a page with no such memory stays the rows' count.
func confirmContent(page *engine.Page, c engine.ContentFilter) {
	if c.Empty() {
		return
	}
	kept := page.Items[:0]
	for _, m := range page.Items {
		if c.Keeps(m) {
			kept = append(kept, m)
		}
	}
	page.Total -= len(page.Items) - len(kept)
	page.Pages = (page.Total + page.Size - 1) / page.Size
	page.Items = kept
}

// ListKeeps reports whether row r passes f (List, and the dashboard's Timeline).
func ListKeeps(r *index.Row, f *engine.ListFilter) bool {
	switch {
	case f.State != "" && r.State != f.State:
		return false
	case f.State == "" && !f.IncludeSuperseded && r.State == engine.StateSuperseded:
		return false
	case f.MemoryType != "" && r.MemoryType != f.MemoryType,
		f.AppName != "" && !engine.SameName(r.AppName, f.AppName),
		f.SessionID != "" && !engine.SameName(r.SessionID, f.SessionID),
		f.Project != "" && !engine.SameName(r.Project, f.Project) && !(f.ProjectScope && r.Project == ""):
		return false
	case !f.Content.Empty() && !f.Content.KeepsLabels(r.Tags, r.Meta):
		return false
	case len(f.Categories) > 0 && !slices.ContainsFunc(f.Categories, func(c string) bool {
		return slices.ContainsFunc(r.Categories, func(rc string) bool { return engine.SameName(rc, c) })
	}):
		return false
	}
	return true
}

// Load reads memories by id in the given order, skipping ids that vanished.
func (e *Memories) Load(ctx context.Context, user string, ids []string) ([]*engine.Memory, error) {
	out := make([]*engine.Memory, 0, len(ids))
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		for _, id := range ids {
			m, err := tx.GetMemory(id)
			if engine.ErrorCode(err) == engine.ENotFound {
				continue
			}
			if err != nil {
				return err
			}
			out = append(out, m)
		}
		return nil
	})
	return out, err
}

// Delete removes memories and every trace of them, in one transaction.
func (e *Memories) Delete(ctx context.Context, user string, ids []string) (deleted, notFound []string, err error) {
	if len(ids) == 0 {
		return nil, nil, engine.Invalid("memory_ids", "must list at least one id")
	}
	err = e.write(ctx, user, func(tx engine.Tx, p *kernel.Plan) error {
		deleted, notFound, err = planDelete(tx, p, ids)
		return err
	})
	return deleted, notFound, err
}

// planDelete plans removing ids (each once) and unlinking what stays
// true of their episodes and facts; Delete and DeleteKeeping share it.
func planDelete(tx engine.Tx, p *kernel.Plan, ids []string) (deleted, notFound []string, err error) {
	deleted, notFound = []string{}, []string{}
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		m, err := tx.GetMemory(id)
		if engine.ErrorCode(err) == engine.ENotFound {
			notFound = append(notFound, id)
			continue
		} else if err != nil {
			return nil, nil, err
		}
		p.Deletes = append(p.Deletes, id)
		deleted = append(deleted, id)
		if err := unlink(tx, p, m, seen); err != nil {
			return nil, nil, err
		}
	}
	// A memory unlinked earlier in the request may be deleted later in
	// it (forget removes a fact and then its episode): never rewrite it.
	p.Puts = slices.DeleteFunc(p.Puts, func(m *engine.Memory) bool { return slices.Contains(p.Deletes, m.ID) })
	return deleted, notFound, nil
}

// unlink keeps the fact↔episode links of what stays true when m is
// deleted: an episode's facts stand alone (no episode id naming nothing),
// and a fact leaves its episode's list. Memories this request deletes too
// (gone, in seen so far or later in the plan) are skipped.
func unlink(tx engine.Tx, p *kernel.Plan, m *engine.Memory, gone map[string]bool) error {
	if err := unlinkPredecessors(tx, p, m, gone); err != nil {
		return err
	}
	if ep := m.EpisodeOf(); ep != "" {
		return relink(tx, p, ep, gone, func(e *engine.Memory) bool {
			n := len(e.Facts)
			e.Facts = slices.DeleteFunc(e.Facts, func(id string) bool { return id == m.ID })
			return len(e.Facts) != n
		})
	}
	for _, id := range m.Facts {
		if err := relink(tx, p, id, gone, func(f *engine.Memory) bool {
			if f.Source == nil || f.Source.EpisodeID != m.ID {
				return false
			}
			f.Source.EpisodeID = ""
			return true
		}); err != nil {
			return err
		}
	}
	return nil
}

// unlinkPredecessors clears the SupersededBy of the values m replaced:
// they stay history (their windows closed when m was said; a delete does
// not make an old value true again), but no longer name a memory that is
// gone. m's successor keeps m in its Supersedes: that records what it
// replaced, as its history does.
func unlinkPredecessors(tx engine.Tx, p *kernel.Plan, m *engine.Memory, gone map[string]bool) error {
	for _, id := range m.Supersedes {
		err := relink(tx, p, id, gone, func(old *engine.Memory) bool {
			if old.SupersededBy == nil || *old.SupersededBy != m.ID {
				return false
			}
			old.SupersededBy = nil
			return true
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// relink applies change to memory id (as last planned in p, else as
// stored) and plans it when change reports an edit.
func relink(tx engine.Tx, p *kernel.Plan, id string, gone map[string]bool, change func(*engine.Memory) bool) error {
	if gone[id] || slices.Contains(p.Deletes, id) {
		return nil
	}
	m := p.Planned(id)
	if m == nil {
		stored, err := tx.GetMemory(id)
		if engine.ErrorCode(err) == engine.ENotFound {
			return nil
		} else if err != nil {
			return err
		}
		m = stored
	}
	if change(m) {
		p.Put(m, nil) // the vector stays as stored
	}
	return nil
}

// listShard checks user and a listing's filter (validate), then returns
// the user's index shard, the one both List and Timeline walk.
func (e *Memories) listShard(ctx context.Context, user string, validate func() error) (*index.Shard, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	if err := validate(); err != nil {
		return nil, err
	}
	shard, err := e.shards.Shard(ctx, user)
	if err != nil {
		return nil, engine.Internal("load index", err)
	}
	return shard, nil
}
