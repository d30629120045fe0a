package kernel

import (
	"context"
	"slices"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/skill"
	"github.com/memsvc/memsvc/text"
)

// Plan collects the writes of one operation so they commit in one store
// transaction and reach the in-memory index only after that commit.
type Plan struct {
	Puts    []*engine.Memory
	Vectors map[string][]float32
	Terms   map[string][]string // analysed text of each put, for the shard's text index
	Deletes []string
	// Learn holds the procedures the operation taught, each with the memory
	// that keeps it; the skills write hook turns them into skills.
	Learn []Learned
}

// Retired reports whether this plan already closed memory id: a later fact
// of the same request must not decide against it.
func (p *Plan) Retired(id string) bool {
	i := slices.IndexFunc(p.Puts, func(q *engine.Memory) bool { return q.ID == id })
	return i >= 0 && p.Puts[i].State != engine.StateActive
}

// Planned returns the memory id as last planned, or nil.
func (p *Plan) Planned(id string) *engine.Memory {
	if i := slices.IndexFunc(p.Puts, func(q *engine.Memory) bool { return q.ID == id }); i >= 0 {
		return p.Puts[i]
	}
	return nil
}

// Put plans writing m (and its vector, when given). A memory planned twice
// is written once, as last planned.
func (p *Plan) Put(m *engine.Memory, vec []float32) {
	if i := slices.IndexFunc(p.Puts, func(q *engine.Memory) bool { return q.ID == m.ID }); i >= 0 {
		p.Puts[i] = m
	} else {
		p.Puts = append(p.Puts, m)
	}
	if vec != nil {
		if p.Vectors == nil {
			p.Vectors = map[string][]float32{}
		}
		p.Vectors[m.ID] = vec
	}
}

// Write runs decide inside one transaction while holding the user's write
// lock, so the reads decide makes and the writes it plans are consistent;
// then it commits the Plan and updates the user's shard.
func (e *Kernel) Write(ctx context.Context, user string, decide func(engine.Tx, *Plan) error) error {
	if err := engine.ValidateUser(user); err != nil {
		return err
	}
	return e.whileLocked(ctx, user, func(int) error { return e.writeOnce(ctx, user, decide) })
}

// whileLocked holds user's write lock (waiting at most writeLockWait for
// it) while it runs attempt, again while attempt fails only because the
// user's shard was behind another replica's commit (isStale), up to
// maxStaleRetries more times; attempt is given its number, from 0.
func (e *Kernel) whileLocked(ctx context.Context, user string, attempt func(n int) error) error {
	lctx, cancel := context.WithTimeout(ctx, writeLockWait)
	unlock, err := e.LockUser(lctx, user)
	cancel()
	if err != nil {
		return err
	}
	defer unlock()
	for n := 0; ; n++ {
		err := attempt(n)
		if !isStale(err) || n == maxStaleRetries {
			return err
		}
	}
}

// writeOnce is one attempt of Write: it fails with errStaleShard, writing
// nothing, when another replica committed since the shard caught up (the
// next attempt's Shard call catches up again).
func (e *Kernel) writeOnce(ctx context.Context, user string, decide func(engine.Tx, *Plan) error) error {
	shard, err := e.shards.Shard(ctx, user)
	if err != nil {
		return engine.Internal("load index", err)
	}
	var (
		p       Plan
		c       *Change
		version int64
		dropped []string
	)
	err = e.store.Update(ctx, user, func(tx engine.Tx) error {
		p, version = Plan{}, versionOf(tx)
		if err := e.shards.current(tx, user, shard); err != nil {
			return err
		}
		if err := decide(tx, &p); err != nil {
			return err
		}
		var err error
		if c, err = e.runHooks(tx, &p); err != nil {
			return err
		}
		// A changed text's meaning leaves the shard before the new text
		// reaches the store: a search reading the text there never finds
		// the old text's vector here.
		dropped = append(dropped, c.Retexted...)
		for _, id := range c.Retexted {
			shard.DropMeaning(id)
		}
		return applyPlan(tx, &p)
	})
	if err != nil {
		e.needMeanings(user, dropped) // not committed: the store still holds them for the old text
		return err
	}
	e.shards.committed(user, shard, version, func() {
		for _, id := range p.Deletes {
			shard.Remove(id)
		}
		for _, m := range p.Puts {
			shard.Upsert(rowOf(m), p.Vectors[m.ID], p.Terms[m.ID])
		}
	})
	e.meaningsAfterWrite(user, shard, &p)
	return nil
}

// Change is what a write is about to commit, as the write hooks see
// it: the last planned version of each memory whose text is new or changed
// (or that has no entities yet; see needsLinking) with its stored version
// (nil when new), and the stored version of each deleted memory.
type Change struct {
	Changed, Previous []*engine.Memory
	Deleted           []*engine.Memory
	DeletedIDs        map[string]bool
	// Retexted are the ids of stored memories whose text the write
	// changes: their meaning vectors no longer hold (meanings.go).
	Retexted []string
}

// Hook derives records from a write inside its transaction (entity
// links, skills, history). The engine registers them (SetHooks), so the
// transaction core calls no feature by name.
type Hook func(tx engine.Tx, p *Plan, c *Change) error

// runHooks computes the write's change and runs every hook on it.
func (e *Kernel) runHooks(tx engine.Tx, p *Plan) (*Change, error) {
	c, err := changeOf(tx, p)
	if err != nil {
		return nil, err
	}
	for _, h := range e.hooks {
		if err := h(tx, p, c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func changeOf(tx engine.Tx, p *Plan) (*Change, error) {
	c := &Change{DeletedIDs: make(map[string]bool, len(p.Deletes))}
	for _, id := range p.Deletes {
		c.DeletedIDs[id] = true
	}
	seen := map[string]bool{}
	for i := len(p.Puts) - 1; i >= 0; i-- { // the last planned version of a memory is the one stored
		m := p.Puts[i]
		if seen[m.ID] || c.DeletedIDs[m.ID] {
			continue
		}
		seen[m.ID] = true
		old, err := StoredOrNil(tx, m.ID)
		if err != nil {
			return nil, err
		}
		if old != nil && old.Text != m.Text {
			c.Retexted = append(c.Retexted, m.ID)
		}
		if needsLinking(old, m) {
			c.Changed, c.Previous = append(c.Changed, m), append(c.Previous, old)
		}
	}
	for _, id := range p.Deletes {
		old, err := StoredOrNil(tx, id)
		if err != nil {
			return nil, err
		}
		if old != nil {
			c.Deleted = append(c.Deleted, old)
		}
	}
	return c, nil
}

// StoredOrNil reads a memory, nil when it is not stored.
func StoredOrNil(tx engine.Tx, id string) (*engine.Memory, error) {
	m, err := tx.GetMemory(id)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, nil
	}
	return m, err
}

func applyPlan(tx engine.Tx, p *Plan) error {
	for _, id := range p.Deletes {
		if err := tx.DeleteMemory(id); err != nil {
			return err
		}
	}
	p.Terms = make(map[string][]string, len(p.Puts))
	for _, m := range p.Puts {
		terms := text.Analyze(m.Text)
		p.Terms[m.ID] = terms
		if err := tx.PutMemory(m, terms); err != nil {
			return err
		}
		if vec, ok := p.Vectors[m.ID]; ok {
			if err := tx.PutVector(m.ID, vec); err != nil {
				return err
			}
		}
	}
	return nil
}

func rowOf(m *engine.Memory) index.Row {
	return index.Row{ID: m.ID, State: m.State, MemoryType: m.MemoryType, SessionID: m.SessionID,
		Project: m.Project, AppName: m.AppName, Categories: m.Categories, CreatedAt: m.CreatedAt,
		Speaker: text.Speaker(m.Text), ValidFrom: m.ValidFrom, Episode: m.IsEpisode(), Anchor: m.EpisodeOf(),
		Tags: m.Tags, Meta: engine.MetaHashes(m.Metadata), NoMeaning: takesNoMeaning(m)}
}

func (e *Kernel) loadShard(ctx context.Context, user string, s *index.Shard) error {
	s.SetConversationGap(e.cfg.ConversationGap)
	err := e.store.ScanMemories(ctx, user, func(m *engine.Memory, vec []float32) error {
		s.Upsert(rowOf(m), vec, nil)
		return nil
	})
	if err != nil {
		return err
	}
	err = e.store.ScanPostings(ctx, user, func(term, id string, tf, docLen int) error {
		s.LoadPosting(term, id, tf, docLen)
		return nil
	})
	if err != nil {
		return err
	}
	return e.loadMeanings(ctx, user, s)
}

// EmbedQuery embeds search queries (the vector view compares them with stored
// texts), mapping model failures to an unavailable error.
func (e *Kernel) EmbedQuery(ctx context.Context, texts []string) ([][]float32, error) {
	return e.embedAs(ctx, texts, false)
}

// EmbedStored embeds texts to be stored, or compared with stored vectors on
// an absolute scale: an asymmetric embedder (llm.DocumentEmbedder) embeds
// them in its document form.
func (e *Kernel) EmbedStored(ctx context.Context, texts []string) ([][]float32, error) {
	return e.embedAs(ctx, texts, true)
}

func (e *Kernel) embedAs(ctx context.Context, texts []string, stored bool) ([][]float32, error) {
	return engine.EmbedTexts(ctx, e.embed, texts, stored)
}

// needsLinking reports whether a planned memory's entities must be
// (re)extracted: entities follow the text, so a memory whose text did not
// change keeps its links (a supersede, or a reconcile rewriting its refs),
// unless it has none yet (stored before entities existed). Placeholders of
// images being captured are not extracted.
func needsLinking(old, m *engine.Memory) bool {
	if m.State == engine.StatePending || m.State == engine.StateFailed {
		return false
	}
	return old == nil || old.Text != m.Text || len(m.Entities) == 0
}

// Learned is a procedure taught by a request, with the memory that
// holds it (its provenance).
type Learned struct {
	MemoryID string
	Proc     skill.Procedure
}
