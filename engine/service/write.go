package service

import (
	"context"
	"fmt"
	"slices"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// plan collects the writes of one operation so they commit in one store
// transaction and reach the in-memory index only after that commit.
type plan struct {
	puts    []*engine.Memory
	vectors map[string][]float32
	terms   map[string][]string // analysed text of each put, for the shard's text index
	deletes []string
	// learn holds the procedures the operation taught, each with the memory
	// that keeps it; the learnSkills write hook turns them into skills.
	learn []learnedProcedure
}

// retired reports whether this plan already closed memory id: a later fact
// of the same request must not decide against it.
func (p *plan) retired(id string) bool {
	i := slices.IndexFunc(p.puts, func(q *engine.Memory) bool { return q.ID == id })
	return i >= 0 && p.puts[i].State != engine.StateActive
}

// put plans writing m (and its vector, when given). A memory planned twice
// is written once, as last planned.
func (p *plan) put(m *engine.Memory, vec []float32) {
	if i := slices.IndexFunc(p.puts, func(q *engine.Memory) bool { return q.ID == m.ID }); i >= 0 {
		p.puts[i] = m
	} else {
		p.puts = append(p.puts, m)
	}
	if vec != nil {
		if p.vectors == nil {
			p.vectors = map[string][]float32{}
		}
		p.vectors[m.ID] = vec
	}
}

// write runs decide inside one transaction while holding the user's write
// lock, so the reads decide makes and the writes it plans are consistent;
// then it commits the plan and updates the user's shard.
func (e *Engine) write(ctx context.Context, user string, decide func(engine.Tx, *plan) error) error {
	if err := engine.ValidateUser(user); err != nil {
		return err
	}
	shard, err := e.shards.Shard(ctx, user)
	if err != nil {
		return engine.Internal("load index", err)
	}
	mu := e.userLock(user)
	mu.Lock()
	defer mu.Unlock()
	var p plan
	err = e.store.Update(ctx, user, func(tx engine.Tx) error {
		p = plan{}
		if err := decide(tx, &p); err != nil {
			return err
		}
		if err := e.runHooks(tx, &p); err != nil {
			return err
		}
		return applyPlan(tx, &p)
	})
	if err != nil {
		return err
	}
	for _, id := range p.deletes {
		shard.Remove(id)
	}
	for _, m := range p.puts {
		shard.Upsert(rowOf(m), p.vectors[m.ID], p.terms[m.ID])
	}
	return nil
}

// writeChange is what a write is about to commit, as the write hooks see
// it: the last planned version of each memory whose text is new or changed
// (or that has no entities yet; see needsLinking) with its stored version
// (nil when new), and the stored version of each deleted memory.
type writeChange struct {
	changed, previous []*engine.Memory
	deleted           []*engine.Memory
	deletedIDs        map[string]bool
}

// writeHook derives records from a write inside its transaction (entity
// links, skills). Hooks are registered in New, so the transaction core
// calls no feature by name.
type writeHook func(tx engine.Tx, p *plan, c *writeChange) error

// runHooks computes the write's change and runs every hook on it.
func (e *Engine) runHooks(tx engine.Tx, p *plan) error {
	c, err := changeOf(tx, p)
	if err != nil {
		return err
	}
	for _, h := range e.hooks {
		if err := h(tx, p, c); err != nil {
			return err
		}
	}
	return nil
}

func changeOf(tx engine.Tx, p *plan) (*writeChange, error) {
	c := &writeChange{deletedIDs: make(map[string]bool, len(p.deletes))}
	for _, id := range p.deletes {
		c.deletedIDs[id] = true
	}
	seen := map[string]bool{}
	for i := len(p.puts) - 1; i >= 0; i-- { // the last planned version of a memory is the one stored
		m := p.puts[i]
		if seen[m.ID] || c.deletedIDs[m.ID] {
			continue
		}
		seen[m.ID] = true
		old, err := storedOrNil(tx, m.ID)
		if err != nil {
			return nil, err
		}
		if needsLinking(old, m) {
			c.changed, c.previous = append(c.changed, m), append(c.previous, old)
		}
	}
	for _, id := range p.deletes {
		old, err := storedOrNil(tx, id)
		if err != nil {
			return nil, err
		}
		if old != nil {
			c.deleted = append(c.deleted, old)
		}
	}
	return c, nil
}

// storedOrNil reads a memory, nil when it is not stored.
func storedOrNil(tx engine.Tx, id string) (*engine.Memory, error) {
	m, err := tx.GetMemory(id)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, nil
	}
	return m, err
}

func applyPlan(tx engine.Tx, p *plan) error {
	for _, id := range p.deletes {
		if err := tx.DeleteMemory(id); err != nil {
			return err
		}
	}
	p.terms = make(map[string][]string, len(p.puts))
	for _, m := range p.puts {
		terms := text.Analyze(m.Text)
		p.terms[m.ID] = terms
		if err := tx.PutMemory(m, terms); err != nil {
			return err
		}
		if vec, ok := p.vectors[m.ID]; ok {
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
		Speaker: text.Speaker(m.Text), ValidFrom: m.ValidFrom, Episode: m.IsEpisode(), Anchor: m.EpisodeOf()}
}

func (e *Engine) loadShard(ctx context.Context, user string, s *index.Shard) error {
	s.SetConversationGap(e.cfg.ConversationGap)
	err := e.store.ScanMemories(ctx, user, func(m *engine.Memory, vec []float32) error {
		s.Upsert(rowOf(m), vec, nil)
		return nil
	})
	if err != nil {
		return err
	}
	return e.store.ScanPostings(ctx, user, func(term, id string, tf, docLen int) error {
		s.LoadPosting(term, id, tf, docLen)
		return nil
	})
}

// embedQuery embeds search queries (the vector view compares them with stored
// texts), mapping model failures to an unavailable error.
func (e *Engine) embedQuery(ctx context.Context, texts []string) ([][]float32, error) {
	return e.embedAs(ctx, texts, false)
}

// embedStored embeds texts to be stored, or compared with stored vectors on
// an absolute scale: an asymmetric embedder (llm.DocumentEmbedder) embeds
// them in its document form.
func (e *Engine) embedStored(ctx context.Context, texts []string) ([][]float32, error) {
	return e.embedAs(ctx, texts, true)
}

func (e *Engine) embedAs(ctx context.Context, texts []string, stored bool) ([][]float32, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	embed := e.embed.Embed
	if d, ok := e.embed.(interface {
		EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
	}); ok && stored {
		embed = d.EmbedDocuments
	}
	vecs, err := embed(ctx, texts)
	if err != nil {
		return nil, &engine.Error{Code: engine.EUnavailable, Message: "embedding model failed", Err: err}
	}
	if len(vecs) != len(texts) {
		return nil, engine.Internal("embed", fmt.Errorf("got %d vectors for %d texts", len(vecs), len(texts)))
	}
	for i, v := range vecs {
		if len(v) != e.embed.Dim() {
			return nil, engine.Internal("embed", fmt.Errorf("vector %d has dimension %d, want %d", i, len(v), e.embed.Dim()))
		}
	}
	return vecs, nil
}
