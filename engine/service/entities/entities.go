package entities

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/entity"
)

// Entity storage. Three document collections per user, all written in the
// transaction of the memory write that caused them:
//
//	entity       <entity id>                    the entity record (Entity, without MemoryIDs)
//	entity_name  <normalised name>              the ids of the live entities with that name or alias: the lookup index
//	entity_link  <entity id> 0 <memory id>       one per memory mentioning the entity
//
// The memory → entity direction lives in Memory.Entities, and each record
// counts its links (Mentions), so the write hook only ever reads and writes
// single keys: a Badger iterator in a read-write transaction sorts all of
// the transaction's pending writes, which made scans there cost a batch of
// 100 memories 60 times its time. A merged entity stays in "entity" as an
// alias record (MergedInto set, no names indexed, no links), so an id handed
// out earlier still resolves to its survivor.
const (
	entityCollection     = "entity"
	entityNameCollection = "entity_name"
	entityLinkCollection = "entity_link"
)

// maxEntitiesPerMemory bounds the work one memory write can cause.
const maxEntitiesPerMemory = 50

func pureOf(x *engine.Entity) entity.Entity {
	return entity.Entity{ID: x.ID, Name: x.Name, Type: x.Type, Aliases: x.Aliases}
}

func linkKey(entID, memID string) string { return entID + "\x00" + memID }

func getEntity(tx engine.Tx, id string) (*engine.Entity, error) {
	var x engine.Entity
	if err := tx.GetDoc(entityCollection, id, &x); err != nil {
		return nil, err
	}
	return &x, nil
}

func putEntity(tx engine.Tx, x *engine.Entity) error {
	rec := *x
	rec.MemoryIDs = nil
	return tx.PutDoc(entityCollection, x.ID, &rec)
}

// nameEntry is the lookup index document of one normalised name.
type nameEntry struct {
	IDs []string `json:"ids"`
}

func namedIDs(tx engine.Tx, key string) ([]string, error) {
	var n nameEntry
	err := tx.GetDoc(entityNameCollection, key, &n)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, nil
	}
	return n.IDs, err
}

// indexNames makes every name of a live entity findable by lookup.
func indexNames(tx engine.Tx, x *engine.Entity) error {
	return editNames(tx, x, func(ids []string) []string {
		if slices.Contains(ids, x.ID) {
			return ids
		}
		return append(ids, x.ID)
	})
}

func unindexNames(tx engine.Tx, x *engine.Entity) error {
	return editNames(tx, x, func(ids []string) []string {
		return slices.DeleteFunc(ids, func(id string) bool { return id == x.ID })
	})
}

func editNames(tx engine.Tx, x *engine.Entity, edit func([]string) []string) error {
	done := map[string]bool{}
	for _, n := range x.Names() {
		key := entity.Normalize(n)
		if key == "" || done[key] {
			continue
		}
		done[key] = true
		ids, err := namedIDs(tx, key)
		if err != nil {
			return err
		}
		ids = edit(ids)
		if len(ids) == 0 {
			err = tx.DeleteDoc(entityNameCollection, key)
		} else {
			err = tx.PutDoc(entityNameCollection, key, nameEntry{IDs: ids})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// linkedMemories lists the memories linked to an entity. It scans, so it
// is for reconcile, not for the write hook.
func linkedMemories(tx engine.Tx, entID string) ([]string, error) {
	var out []string
	err := tx.ScanDocs(entityLinkCollection, entID+"\x00", func(id string, _ []byte) error {
		out = append(out, strings.TrimPrefix(id, entID+"\x00"))
		return nil
	})
	return out, err
}

// Link is a write hook (registered in New): it links the entities
// of each changed memory, unlinks deleted memories and drops entities no
// memory mentions any more, in the write's transaction.
func (e *Keeper) Link(tx engine.Tx, _ *plan, c *writeChange) error {
	l := &linker{e: e, tx: tx, now: e.now().UTC(), cache: map[string]*engine.Entity{}, dirty: map[string]bool{}}
	for i, m := range c.Changed {
		if err := l.relink(m, c.Previous[i]); err != nil {
			return err
		}
	}
	for _, old := range c.Deleted {
		if err := l.unlink(old.ID, old.Entities); err != nil {
			return err
		}
	}
	return l.flush()
}

// linker resolves mentions to entities within one write transaction,
// caching the records it reads and writing the changed ones once (flush).
type linker struct {
	e     *Keeper
	tx    engine.Tx
	now   time.Time
	cache map[string]*engine.Entity
	dirty map[string]bool
}

func (l *linker) get(id string) (*engine.Entity, error) {
	if x, ok := l.cache[id]; ok {
		return x, nil
	}
	x, err := getEntity(l.tx, id)
	if err != nil {
		return nil, err
	}
	l.cache[id] = x
	return x, nil
}

// relink replaces m's entity refs with those of its text and brings the
// links and mention counts in step.
func (l *linker) relink(m, old *engine.Memory) error {
	had := map[string]bool{}
	var before []engine.EntityRef
	if old != nil {
		before = old.Entities
	}
	for _, r := range before {
		had[r.ID] = true
	}
	refs, err := l.resolve(m.Text)
	if err != nil {
		return err
	}
	m.Entities = refs
	now := make(map[string]bool, len(refs))
	for _, r := range refs {
		now[r.ID] = true
		if had[r.ID] {
			continue
		}
		if err := l.tx.PutDoc(entityLinkCollection, linkKey(r.ID, m.ID), struct{}{}); err != nil {
			return err
		}
		if err := l.count(r.ID, +1); err != nil {
			return err
		}
	}
	var gone []engine.EntityRef
	for _, r := range before {
		if !now[r.ID] {
			gone = append(gone, r)
		}
	}
	return l.unlink(m.ID, gone)
}

func (l *linker) unlink(memID string, refs []engine.EntityRef) error {
	for _, r := range refs {
		if err := l.tx.DeleteDoc(entityLinkCollection, linkKey(r.ID, memID)); err != nil {
			return err
		}
		if err := l.count(r.ID, -1); err != nil {
			return err
		}
	}
	return nil
}

func (l *linker) count(id string, delta int) error {
	x, err := l.get(id)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil // a ref to an entity already gone: nothing to count
	} else if err != nil {
		return err
	}
	x.Mentions += delta
	l.dirty[id] = true
	return nil
}

// resolve extracts the entities of a text, finding each among the user's
// entities by name or alias, or creating it.
func (l *linker) resolve(text string) ([]engine.EntityRef, error) {
	var refs []engine.EntityRef
	have := map[string]bool{}
	for _, mt := range entity.Distinct(entity.Extract(text)) {
		if len(refs) == maxEntitiesPerMemory {
			break
		}
		x, err := l.lookupOrCreate(mt.Name, mt.Type)
		if err != nil {
			return nil, err
		}
		if x != nil && !have[x.ID] {
			have[x.ID] = true
			refs = append(refs, x.Ref())
		}
	}
	return refs, nil
}

func (l *linker) lookupOrCreate(name, typ string) (*engine.Entity, error) {
	key := entity.Normalize(name)
	if key == "" {
		return nil, nil
	}
	ids, err := namedIDs(l.tx, key)
	if err != nil {
		return nil, err
	}
	var cands []*engine.Entity
	var pure []entity.Entity
	for _, id := range ids {
		x, err := l.get(id)
		if engine.ErrorCode(err) == engine.ENotFound || (err == nil && x.MergedInto != "") {
			continue // a stale index entry; reconcile re-points names to survivors
		} else if err != nil {
			return nil, err
		}
		if x.Type == typ {
			// Every entity indexed under key has a name normalising to key,
			// so this is what entity.Lookup would pick: the first of the
			// same type. Answering here saves its re-normalising (the
			// costliest part of linking).
			return x, nil
		}
		cands, pure = append(cands, x), append(pure, pureOf(x))
	}
	if i := entity.Lookup(pure, name, typ); i >= 0 {
		return cands[i], nil
	}
	if !entity.ValidType(typ) {
		typ = entity.TypeOther
	}
	x := &engine.Entity{ID: l.e.newID(), Name: name, Type: typ, CreatedAt: l.now, UpdatedAt: l.now}
	l.cache[x.ID], l.dirty[x.ID] = x, true
	return x, l.tx.PutDoc(entityNameCollection, key, nameEntry{IDs: append(ids, x.ID)})
}

// flush writes the changed records, dropping the entities (and their alias
// records) that no memory mentions any more, so forgetting a memory
// forgets its entities.
func (l *linker) flush() error {
	ids := make([]string, 0, len(l.dirty))
	for id := range l.dirty {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		x := l.cache[id]
		var err error
		if x.Mentions <= 0 {
			err = dropEntity(l.tx, x)
		} else {
			err = putEntity(l.tx, x)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func dropEntity(tx engine.Tx, x *engine.Entity) error {
	if err := unindexNames(tx, x); err != nil {
		return err
	}
	for _, alias := range x.Merged {
		if err := tx.DeleteDoc(entityCollection, alias); err != nil {
			return err
		}
	}
	return tx.DeleteDoc(entityCollection, x.ID)
}

// Entities lists every entity record of user, alias records included, with
// the memories mentioning each, in id order.
func (e *Keeper) Entities(ctx context.Context, user string) ([]engine.Entity, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	var out []engine.Entity
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		snap, err := loadEntities(tx)
		if err != nil {
			return err
		}
		out = snap.all
		for i := range out {
			out[i].MemoryIDs = snap.mentions[out[i].ID]
		}
		return nil
	})
	return out, err
}

// entitySnapshot is every entity of a user with its links, read in one
// transaction.
type entitySnapshot struct {
	all      []engine.Entity
	byID     map[string]*engine.Entity
	mentions map[string][]string // entity id → memory ids
}

func loadEntities(tx engine.Tx) (*entitySnapshot, error) {
	s := &entitySnapshot{byID: map[string]*engine.Entity{}, mentions: map[string][]string{}}
	err := tx.ScanDocs(entityCollection, "", func(_ string, raw []byte) error {
		var x engine.Entity
		if err := json.Unmarshal(raw, &x); err != nil {
			return engine.Internal("decode entity", err)
		}
		s.all = append(s.all, x)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range s.all {
		s.byID[s.all[i].ID] = &s.all[i]
	}
	err = tx.ScanDocs(entityLinkCollection, "", func(id string, _ []byte) error {
		ent, mem, _ := strings.Cut(id, "\x00")
		s.mentions[ent] = append(s.mentions[ent], mem)
		return nil
	})
	return s, err
}

// suggest proposes duplicate groups among the live entities.
func (s *entitySnapshot) suggest(threshold float64, limit int) []entity.Suggestion {
	var live []entity.Entity
	for i := range s.all {
		if s.all[i].MergedInto == "" {
			live = append(live, pureOf(&s.all[i]))
		}
	}
	return entity.SuggestAbove(live, entity.Context{Mentions: s.mentions}, threshold, limit)
}

// EntitySuggestions proposes at most limit groups of duplicate entities of
// user (scored at entity.DefaultThreshold or above), best first.
func (e *Keeper) EntitySuggestions(ctx context.Context, user string, limit int) ([]engine.EntitySuggestion, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	if limit < 1 {
		return nil, engine.Invalid("limit", "must be at least 1, got %d", limit)
	}
	out := []engine.EntitySuggestion{}
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		snap, err := loadEntities(tx)
		if err != nil {
			return err
		}
		for _, sg := range snap.suggest(entity.DefaultThreshold, limit) {
			out = append(out, snap.wire(sg))
		}
		return nil
	})
	return out, err
}

// wire renders a suggestion with the entities' names and types.
func (s *entitySnapshot) wire(sg entity.Suggestion) engine.EntitySuggestion {
	w := engine.EntitySuggestion{ID: sg.ID, CanonicalID: sg.CanonicalID, Reason: sg.Reason,
		Score: math.Round(sg.Score*1000) / 1000}
	for _, id := range sg.EntityIDs {
		if x, ok := s.byID[id]; ok {
			w.Entities = append(w.Entities, x.Ref())
		}
	}
	return w
}
