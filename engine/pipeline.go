package engine

import (
	"context"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/engine/skill"
	"github.com/memsvc/memsvc/engine/text"
)

// Message is one conversation turn.
type Message struct {
	Role      string
	Content   string
	Name      string
	ID        string
	CreatedAt time.Time
}

// ConversationRequest asks the engine to distil facts from turns.
type ConversationRequest struct {
	Messages    []Message
	SessionID   string
	Project     string
	Tags        []string
	AgentMemory bool // facts about the agent's own way of working → procedural
	AppName     string
	MemoryType  string         // overrides the extractor's kind when set
	Metadata    map[string]any // copied onto every stored fact
	// SourceKind is the provenance kind of every stored fact; default
	// SourceConversation (Note passes its request's kind through).
	SourceKind string
}

// ConversationResult is what AddConversation did.
type ConversationResult struct {
	Results          []WriteResult `json:"results"`
	NoFactsExtracted bool          `json:"no_facts_extracted"`
}

// Extractor distils turns into atomic facts (engine/extract implements it).
type Extractor = extract.Extractor

// neighbours is how many stored memories each new fact is compared with.
const neighbours = 8

// AddConversation runs the pipeline: skip turns without durable facts,
// distil atomic facts, then per fact decide ADD/UPDATE/SUPERSEDE/NONE against
// the user's stored memories, and write all of it in one transaction.
func (e *Engine) AddConversation(ctx context.Context, user string, req ConversationRequest) (*ConversationResult, error) {
	if err := e.validateConversation(&req); err != nil {
		return nil, err
	}
	facts, extractor, err := e.extractFacts(ctx, req)
	if err != nil {
		return nil, err
	}
	// Skills (skills.go): each procedure the conversation walks through is
	// one more fact, a procedural memory.
	facts, procs := e.withProcedures(req, facts)
	res := &ConversationResult{Results: []WriteResult{}, NoFactsExtracted: true}
	if len(facts) == 0 {
		return res, nil
	}
	all, err := e.commitFacts(ctx, user, req, facts, procs, extractor)
	if err != nil {
		return nil, err
	}
	for _, r := range all {
		if r.Event != EventNone {
			res.Results = append(res.Results, r)
		}
	}
	res.NoFactsExtracted = len(res.Results) == 0
	return res, nil
}

// commitFacts embeds facts, asks the decision model (if any) about them,
// then decides and writes them all in one transaction. The last len(procs)
// facts are taught procedures, which skills learn from. It returns one
// result per fact, NONE included.
func (e *Engine) commitFacts(ctx context.Context, user string, req ConversationRequest, facts []extract.Fact,
	procs []skill.Procedure, extractor string) ([]WriteResult, error) {
	nFacts := len(facts) - len(procs)
	texts := make([]string, len(facts))
	for i, f := range facts {
		texts[i] = f.Text
	}
	vecs, err := e.embedStored(ctx, texts)
	if err != nil {
		return nil, err
	}
	shard, err := e.shards.Shard(ctx, user)
	if err != nil {
		return nil, Internal("load index", err)
	}
	hints := e.modelDecisions(ctx, user, shard, facts[:nFacts], vecs[:nFacts], extractor)
	now := e.now().UTC()
	var results []WriteResult
	err = e.write(ctx, user, func(tx Tx, p *plan) error {
		results = results[:0]
		batch := map[string]*Memory{} // facts of this request, for in-batch dedupe
		for i, f := range facts {
			job := factJob{fact: f, vec: vecs[i], extractor: extractor}
			if i >= nFacts { // a taught procedure: learn it from the memory that keeps it
				job.extractor = ProcedureExtractor
			} else if hints != nil {
				job.hint = hints[i]
			}
			r, err := e.applyFact(ctx, tx, p, shard, user, req, job, now, batch)
			if err != nil {
				return err
			}
			if i >= nFacts {
				p.learn = append(p.learn, learnedProcedure{MemoryID: r.ID, Proc: procs[i-nFacts]})
			}
			results = append(results, r)
		}
		return nil
	})
	return results, err
}

// factJob is one fact to decide and write, with its embedding, the
// extractor that produced it and, when a model decided, its decision.
type factJob struct {
	fact      extract.Fact
	vec       []float32
	extractor string
	hint      *extract.Decision
}

// applyFact decides one fact and adds its writes to the plan.
func (e *Engine) applyFact(ctx context.Context, tx Tx, p *plan, shard *index.Shard, user string,
	req ConversationRequest, job factJob, now time.Time, batch map[string]*Memory) (WriteResult, error) {
	f, vec, extractor := job.fact, job.vec, job.extractor
	if err := e.validateText("fact", f.Text); err != nil {
		return WriteResult{}, err // an extractor's oversized fact fails the whole request, atomically
	}
	cands, err := e.candidates(ctx, tx, shard, f.Text, vec, batch)
	if err != nil {
		return WriteResult{}, err
	}
	d := ingest.Decide(f.Text, f.Slot, cands)
	if job.hint != nil {
		if md, ok := e.fromModel(tx, p, job.hint, d, batch); ok {
			d = md
			if d.Event == EventUpdate {
				f.Text = job.hint.Text // the model's merged text
			}
		}
	}
	switch d.Event {
	case EventNone:
		return WriteResult{ID: d.Target, Text: f.Text, Event: EventNone}, nil
	case EventUpdate:
		old, err := e.planned(tx, p, d.Target)
		if err != nil {
			return WriteResult{}, err
		}
		old.Text, old.UpdatedAt = f.Text, now
		old.Source = mergeSource(old.Source, f, extractor)
		old.Categories = ingest.Categorize(old.Text)
		p.put(old, vec)
		batch[old.ID] = old
		return WriteResult{ID: old.ID, Text: old.Text, Event: EventUpdate}, nil
	}
	m := e.newMemory(user, e.factRequest(req, f, extractor), now)
	r := WriteResult{ID: m.ID, Text: m.Text, Event: EventAdd}
	for _, id := range d.Closes {
		old, err := e.planned(tx, p, id)
		if err != nil {
			return WriteResult{}, err
		}
		if err := supersedeInto(old, m, now); err != nil {
			return WriteResult{}, err
		}
		p.put(old, nil)
		delete(batch, old.ID)
		r.Event, r.Supersedes = EventSupersede, append(r.Supersedes, old.ID)
	}
	p.put(m, vec)
	batch[m.ID] = m
	return r, nil
}

// planned returns the memory as this request has it so far: the planned
// version when an earlier fact of the request touched it, else the stored one.
func (e *Engine) planned(tx Tx, p *plan, id string) (*Memory, error) {
	for i := len(p.puts) - 1; i >= 0; i-- {
		if p.puts[i].ID == id {
			return p.puts[i], nil
		}
	}
	return tx.GetMemory(id)
}

// candidates gathers the stored (and same-request) active memories closest
// to a fact by vector and by BM25.
func (e *Engine) candidates(ctx context.Context, tx Tx, shard *index.Shard, fact string, vec []float32, batch map[string]*Memory) ([]ingest.Candidate, error) {
	active := func(r *index.Row) bool { return r.State == StateActive }
	seen := map[string]bool{}
	var out []ingest.Candidate
	for _, h := range shard.Search(vec, neighbours, active) {
		seen[h.ID] = true
		out = append(out, ingest.Candidate{ID: h.ID, Similarity: h.Score})
	}
	if terms := text.Unique(text.Analyze(fact)); len(terms) > 0 {
		for _, h := range shard.TextSearch(terms, nil, e.cfg.BM25K1, e.cfg.BM25B, active, neighbours) {
			if !seen[h.ID] {
				seen[h.ID] = true
				out = append(out, ingest.Candidate{ID: h.ID})
			}
		}
	}
	for i := range out {
		if m, ok := batch[out[i].ID]; ok {
			out[i].Text = m.Text
			continue
		}
		m, err := tx.GetMemory(out[i].ID)
		if err != nil {
			return nil, err
		}
		out[i].Text = m.Text
	}
	for id, m := range batch { // facts of this request are not in the shard yet
		if !seen[id] && m.State == StateActive {
			out = append(out, ingest.Candidate{ID: id, Text: m.Text})
		}
	}
	return out, nil
}

func (e *Engine) factRequest(req ConversationRequest, f extract.Fact, extractor string) AddRequest {
	kind := f.Kind
	if req.AgentMemory {
		kind = TypeProcedural
	}
	if req.MemoryType != "" {
		kind = req.MemoryType
	}
	if !ValidMemoryType(kind) {
		kind = TypeSemantic
	}
	return AddRequest{Text: f.Text, AppName: req.AppName, MemoryType: kind, Metadata: req.Metadata,
		Tags: req.Tags, Project: req.Project, SessionID: req.SessionID, Timestamp: f.ValidFrom,
		Source: &Source{Kind: sourceKind(req.SourceKind), MessageIDs: f.MessageIDs, Excerpt: f.Excerpt, Extractor: extractor}}
}

func sourceKind(k string) string {
	if k == "" {
		return SourceConversation
	}
	return k
}

func mergeSource(s *Source, f extract.Fact, extractor string) *Source {
	if s == nil {
		s = &Source{Kind: SourceConversation}
	}
	s.MessageIDs = append(s.MessageIDs, f.MessageIDs...)
	if f.Excerpt != "" {
		s.Excerpt = f.Excerpt
	}
	s.Extractor = extractor
	return s
}

func (e *Engine) validateConversation(req *ConversationRequest) error {
	if len(req.Messages) == 0 {
		return Invalid("messages", "must hold at least one message")
	}
	if len(req.Messages) > e.cfg.MaxBatch {
		return Errorf(ETooLarge, "messages: at most %d per request, got %d", e.cfg.MaxBatch, len(req.Messages))
	}
	for i := range req.Messages {
		m := &req.Messages[i]
		m.Role = strings.ToLower(strings.TrimSpace(m.Role))
		switch m.Role {
		case "user", "assistant", "system":
		default:
			return Invalid("messages["+itoa(i)+"].role", "must be user, assistant or system, got %q", m.Role)
		}
		if err := e.validateText("messages["+itoa(i)+"].content", m.Content); err != nil {
			return err
		}
	}
	if err := validateShared(req.Tags, req.Metadata, req.SessionID, req.Project); err != nil {
		return err
	}
	return ValidateMemoryType(req.MemoryType)
}
