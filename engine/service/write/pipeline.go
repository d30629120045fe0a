package write

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/engine/skill"
	"github.com/memsvc/memsvc/text"
)

// neighbours is how many stored memories each new fact is compared with.
const neighbours = 8

// AddConversation runs the pipeline: keep every substantive turn as an
// episode, distil atomic facts, then per fact decide ADD/UPDATE/SUPERSEDE/
// NONE against the user's stored facts, and write all of it in one
// transaction. NoFactsExtracted is true exactly when nothing new was stored.
func (e *Writer) AddConversation(ctx context.Context, user string, req engine.ConversationRequest) (*engine.ConversationResult, error) {
	if err := e.validateConversation(&req); err != nil {
		return nil, err
	}
	req.Messages = slices.Clone(req.Messages)
	secrets := redactMessages(req.Messages)
	forgotten, err := e.forgetAsked(ctx, user, req)
	if err != nil {
		return nil, err
	}
	before, err := e.readCarried(ctx, user, req)
	if err != nil {
		return nil, err
	}
	reads := ingest.NewReadings() // the rules' reading of each fact's slot is read again on commit
	facts, factTurn, extractor, err := e.extractTurns(ctx, req, before, reads.Slots())
	if err != nil {
		return nil, err
	}
	// Skills (engine/service/skills): each procedure the conversation walks through is
	// one more fact, a procedural memory.
	facts, procs := e.skills.WithProcedures(req, facts)
	for len(factTurn) < len(facts) {
		factTurn = append(factTurn, -1)
	}
	in := intake{req: req, facts: facts, factTurn: factTurn, procs: procs, extractor: extractor,
		episodes: episodeTurns(req.Messages, facts, factTurn), before: before, carry: true, reads: reads}
	all, err := e.commitParts(ctx, user, in)
	if err != nil {
		return nil, err
	}
	res := &engine.ConversationResult{Results: append([]engine.WriteResult{}, forgotten...)}
	filed := false // a fact stored as history is something stored, though nothing new is current
	for _, r := range all {
		filed = filed || r.History
		if r.Event != engine.EventNone {
			res.Results = append(res.Results, r)
		}
	}
	res.NoFactsExtracted = len(res.Results) == 0 && !filed
	markRedacted(res.Results, secrets)
	return res, nil
}

// intake is what one request asks the pipeline to store: its turns, the
// facts distilled from them with the turn each came from (-1: none), which
// turns are kept as episodes, and the taught procedures (the last
// len(procs) facts).
type intake struct {
	req       engine.ConversationRequest
	facts     []extract.Fact
	factTurn  []int
	episodes  []bool // per turn; nil: no episodes (a note stored as written)
	procs     []skill.Procedure
	extractor string
	before    *engine.Message  // the question the previous request ended with (carry.go), or nil
	carry     bool             // a conversation: leave its last question for the next request
	reads     *ingest.Readings // readings shared with the other requests of one call, or nil: the request's own
	// A part of a request written in parts (parts.go): asked is the
	// question of each turn read over the whole request, and notLast leaves
	// the carried question to the last part.
	asked   []*engine.Message
	notLast bool
	// after are the turns past the part that keep an episode: the
	// request's later turns, which the part's own transaction does not
	// plan, still show a turn of the part is history (laterSays).
	after []int
	vecs  vecMemo // the request's vectors by text while it is tried in parts, or nil
}

// commit embeds facts and episodes, asks the decision model (if any) about
// the facts, then decides and writes them all in one transaction. It
// returns one result per fact, NONE included, then one per episode stored.
func (e *Writer) commit(ctx context.Context, user string, in intake) ([]engine.WriteResult, error) {
	nFacts := len(in.facts) - len(in.procs)
	asked := in.asked
	if asked == nil {
		asked = answers(in.req.Messages, in.episodes, in.before)
	}
	vecs, err := e.embedIntake(ctx, in, asked)
	if err != nil {
		return nil, err
	}
	shard, err := e.shards.Shard(ctx, user)
	if err != nil {
		return nil, engine.Internal("load index", err)
	}
	hints := e.modelDecisions(ctx, user, shard, in.facts[:nFacts], vecs[:nFacts], in.extractor)
	now := e.now().UTC()
	var results []engine.WriteResult
	err = e.write(ctx, user, func(tx engine.Tx, p *plan) error {
		memo := newFactMemo(in.reads)
		epIDs, replays, epResults, err := e.planEpisodes(tx, p, shard, user, in, asked, vecs[len(in.facts):], now, memo.readings())
		if err != nil {
			return err
		}
		results = results[:0]
		batch := map[string]*engine.Memory{} // facts of this request, for in-batch dedupe
		for i, f := range in.facts {
			f.ValidFrom = heldFrom(f.ValidFrom, turnStamp(in.req.Messages, in.factTurn[i]), now)
			job := factJob{fact: f, vec: vecs[i], extractor: in.extractor, memo: memo,
				said: turnSaidAt(in.req.Messages, in.factTurn[i], now)}
			if t := in.factTurn[i]; t >= 0 {
				job.episode = epIDs[t]
				id, err := replayedFact(tx, memo, replays[t], f.Text)
				if err == nil && id == "" && epIDs[t] == "" {
					id, err = resentFact(tx, shard, e.cfg.BM25K1, e.cfg.BM25B, f.Text, in.req, in.req.Messages[t])
				}
				if err != nil {
					return err
				}
				if id != "" {
					results = append(results, engine.WriteResult{ID: id, Text: f.Text, Event: engine.EventNone})
					continue
				}
			}
			if i >= nFacts { // a taught procedure: learn it from the memory that keeps it
				job.extractor = engine.ProcedureExtractor
			} else if hints != nil {
				job.hint = hints[i]
			}
			r, err := e.applyFact(ctx, tx, p, shard, user, in.req, job, now, batch)
			if err != nil {
				return err
			}
			if i >= nFacts {
				p.Learn = append(p.Learn, learnedProcedure{MemoryID: r.ID, Proc: in.procs[i-nFacts]})
			}
			results = append(results, r)
		}
		results = append(results, epResults...) // the facts lead: they say what it means
		if in.carry && !in.notLast {
			return e.carryOn(tx, in.req, now)
		}
		return nil
	})
	return results, err
}

// embedIntake embeds what the request stores: its facts, then the episode
// of each turn kept (with the question it answers), in that order.
func (e *Writer) embedIntake(ctx context.Context, in intake, asked []*engine.Message) ([][]float32, error) {
	texts := make([]string, 0, len(in.facts)+len(in.req.Messages))
	for _, f := range in.facts {
		texts = append(texts, f.Text)
	}
	for i, keep := range in.episodes {
		if keep {
			said, _ := episodeOf(in.req.Messages, asked, i)
			texts = append(texts, said)
		}
	}
	if in.vecs != nil {
		return in.vecs.embed(ctx, texts, e.embedStored)
	}
	return e.embedStored(ctx, texts)
}

// planEpisodes plans the request's episodes and returns the episode id of
// each turn ("" when the turn is not one), the stored episode each replayed
// turn repeats (see isReplay), and an ADD result per episode stored. A turn
// that repeats an episode of this request or a stored one is not stored
// again; its facts link to the episode that already says it. reads are the
// request's readings, or nil (read afresh).
func (e *Writer) planEpisodes(tx engine.Tx, p *plan, shard *index.Shard, user string, in intake, asked []*engine.Message,
	vecs [][]float32, now time.Time, reads *ingest.Readings) ([]string, map[int]*engine.Memory, []engine.WriteResult, error) {
	ids := make([]string, len(in.req.Messages))
	replays, stored, undated := map[int]*engine.Memory{}, map[int]*engine.Memory{}, map[int]*engine.Memory{}
	var results []engine.WriteResult
	var planned []*engine.Memory
	plannedSet := ingest.NewEpisodeSet(reads) // planned's texts, in order: a long chat's turns are not each compared with all
	v := 0
	for i, keep := range in.episodes {
		if !keep {
			continue
		}
		vec := vecs[v]
		v++
		r := episodeRequest(in.req, asked, i, now)
		if j := plannedSet.Find(r.Text); j >= 0 {
			ids[i] = planned[j].ID
			continue
		}
		dup, err := e.storedEpisode(tx, shard, r.Text, i == 0, reads)
		if err != nil {
			return nil, nil, nil, err
		}
		if dup != nil {
			ids[i] = dup.ID
			stored[i] = dup
			if isReplay(dup, r, in.req.Messages[i]) {
				replays[i] = dup
			} else if in.carry && undatedReplay(dup, r, in.req.Messages[i]) {
				undated[i] = dup
			}
			continue
		}
		m := e.NewMemory(user, r, now)
		p.Put(m, vec)
		planned = append(planned, m)
		plannedSet.Add(m.Text)
		ids[i] = m.ID
		results = append(results, engine.WriteResult{ID: m.ID, Text: m.Text, Event: engine.EventAdd, Episode: true})
	}
	confirmUndated(undated, replays, now, e.recentReplay(), in.req.SessionID == "")
	laterSays := func(epID string) (bool, error) { return in.laterSays(tx, asked, reads, epID) }
	if err := replayedHistory(tx, ids, stored, replays, laterSays); err != nil {
		return nil, nil, nil, err
	}
	return ids, replays, results, nil
}

// factJob is one fact to decide and write, with its embedding, the
// extractor that produced it, the episode it was distilled from and, when a
// model decided, its decision.
type factJob struct {
	fact      extract.Fact
	vec       []float32
	extractor string
	episode   string
	hint      *extract.Decision
	memo      *factMemo // shared by the request's facts
	said      time.Time // when its turn was said (said.go)
}

// factMemo is what the facts of one request (one transaction) read once for
// all of them: a long text's hundreds of facts meet the same stored
// neighbours, and loading and reading those again per fact was most of its
// write time. A nil *factMemo reads afresh.
type factMemo struct {
	reads  *ingest.Readings
	stored map[string]string // id → text of stored memories loaded in this transaction
}

// newFactMemo starts a request's memo; reads, when not nil, are readings
// shared with the other requests of the same call.
func newFactMemo(reads *ingest.Readings) *factMemo {
	if reads == nil {
		reads = ingest.NewReadings()
	}
	return &factMemo{reads: reads, stored: map[string]string{}}
}

// storedText is the text of stored memory id, loaded once per transaction:
// the plan's writes reach the store only at commit, so it cannot change
// under the request.
func (m *factMemo) storedText(tx engine.Tx, id string) (string, error) {
	if m != nil {
		if t, ok := m.stored[id]; ok {
			return t, nil
		}
	}
	mem, err := tx.GetMemory(id)
	if err != nil {
		return "", err
	}
	if m != nil {
		m.stored[id] = mem.Text
	}
	return mem.Text, nil
}

// readings are the memo's readings, or nil (read afresh) without a memo.
func (m *factMemo) readings() *ingest.Readings {
	if m == nil {
		return nil
	}
	return m.reads
}

// applyFact decides one fact and adds its writes to the plan.
func (e *Writer) applyFact(ctx context.Context, tx engine.Tx, p *plan, shard *index.Shard, user string,
	req engine.ConversationRequest, job factJob, now time.Time, batch map[string]*engine.Memory) (engine.WriteResult, error) {
	f, vec, extractor := job.fact, job.vec, job.extractor
	f.Text = engine.DropControls(f.Text) // a model may write one; the turns it read had none
	if err := e.validateText("fact", f.Text); err != nil {
		return engine.WriteResult{}, err // an extractor's oversized fact fails the whole request, atomically
	}
	cands, err := e.candidates(ctx, tx, p, shard, f.Text, vec, batch, job.memo)
	if err != nil {
		return engine.WriteResult{}, err
	}
	d := decideFact(f, cands, job.memo.readings())
	cf, cvec, cd, retold, err := e.retoldFact(ctx, tx, p, f, cands) // with a model's decision too: it saw the fact untold
	if err != nil {
		return engine.WriteResult{}, err
	}
	if retold {
		f, vec, d, job.hint = cf, cvec, cd, nil
	}
	if job.hint == nil && !retold {
		cf, cvec, cd, ok, err := e.correctedFact(ctx, f, cands)
		if err == nil && !ok {
			cf, cvec, cd, ok, err = e.accumulatedFact(ctx, f, cands)
		}
		if err == nil && !ok {
			cf, cvec, cd, ok, err = e.onlyKeptFact(ctx, tx, p, shard, f, cands, batch, job.memo) // "its only peanuts actually"
		}
		if err != nil {
			return engine.WriteResult{}, err
		}
		if ok {
			f, vec, d = cf, cvec, cd
		} else if f.About != "" || f.Of != "" || ingest.ValueCorrection(f.Text) || ingest.OnlyCorrection(f.Text) || meantNameRe.MatchString(strings.TrimSpace(f.Text)) ||
			ingest.Confirms(f.Text, cands) {
			// "User meant 4 spaces" (or "*Jackson") that corrects nothing stored says nothing by itself,
			// nor does "he's a paramedic, not a nurse" of someone nothing is stored of: "User meant
			// paramedic, not nurse" would be the user's, nor "the plan is a hobby, not a job" of a
			// thing nothing stored names, nor "User meant Wednesdays, not Fridays" said to a wrong
			// restatement of a stored Wednesdays. The turn's episode keeps what was said.
			return engine.WriteResult{Text: f.Text, Event: engine.EventNone}, nil
		}
	}
	if job.hint != nil {
		if md, ok := e.fromModel(tx, p, job.hint, d, batch); ok {
			d = md
			if d.Event == engine.EventUpdate {
				f.Text = job.hint.Text // the model's merged text
			}
		}
	}
	if f.Pending && d.Event == engine.EventSupersede {
		d = ingest.Decision{Event: engine.EventAdd} // "I'm 40 next month": 39 still holds until then
	}
	switch d.Event {
	case engine.EventNone:
		return engine.WriteResult{ID: d.Target, Text: f.Text, Event: engine.EventNone}, e.linkRestated(tx, p, job.episode, d.Target)
	case engine.EventUpdate:
		old, err := e.planned(tx, p, d.Target)
		if err != nil {
			return engine.WriteResult{}, err
		}
		old.Text, old.UpdatedAt = f.Text, now
		old.Source = mergeSource(old.Source, f, extractor)
		if old.Source.SaidAt == nil || job.said.After(*old.Source.SaidAt) {
			stampSaid(old, job.said) // it now says what was said last
		}
		old.Categories = ingest.Categorize(old.Text)
		p.Put(old, vec)
		batch[old.ID] = old
		return engine.WriteResult{ID: old.ID, Text: old.Text, Event: engine.EventUpdate}, nil
	}
	m := e.NewMemory(user, e.factRequest(req, f, extractor), now)
	m.Source.EpisodeID = job.episode
	stampSaid(m, job.said)
	r := engine.WriteResult{ID: m.ID, Text: m.Text, Event: engine.EventAdd}
	for _, id := range d.Closes {
		old, err := e.planned(tx, p, id)
		if err != nil {
			return engine.WriteResult{}, err
		}
		if old.State != engine.StateActive {
			continue // an earlier fact of this request already replaced it
		}
		if later, err := e.saidLater(tx, p, old, m); err != nil {
			return engine.WriteResult{}, err
		} else if later {
			// old was said after m (a turn that arrived late, or lost a race
			// to another replica): old stays current and m goes to history.
			if err := e.outdatedBy(tx, p, shard, m, old, now); err != nil {
				return engine.WriteResult{}, err
			}
			if r.Event == engine.EventAdd { // m is history, not current: old still holds
				r = engine.WriteResult{ID: old.ID, Text: m.Text, Event: engine.EventNone, History: true}
			}
			continue
		}
		if err := supersedeInto(old, m, now); err != nil {
			return engine.WriteResult{}, err
		}
		p.Put(old, nil)
		delete(batch, old.ID)
		if err := e.retireEpisodeOf(tx, p, shard, old, m, now); err != nil {
			return engine.WriteResult{}, err
		}
		r.Event, r.Supersedes = engine.EventSupersede, append(r.Supersedes, old.ID)
	}
	if vec, err = e.successorOf(ctx, tx, p, m, vec); err != nil {
		return engine.WriteResult{}, err
	}
	r.Text = m.Text
	p.Put(m, vec)
	batch[m.ID] = m
	return r, e.linkToEpisode(tx, p, m)
}

// outdatedBy stores m, a fact said before the stored fact newer that it
// contradicts, as history: the order facts were said in decides which is
// current, not the order they arrived in, so racing writers (or a late
// turn) end where writing them in order would. m takes its place in the
// chain of values newer closed (insertIntoChain).
func (e *Writer) outdatedBy(tx engine.Tx, p *plan, shard *index.Shard, m, newer *engine.Memory, now time.Time) error {
	if m.State != engine.StateActive {
		return nil // another newer candidate already closed it
	}
	closeWindow(m, newer, now)
	succ, err := e.insertIntoChain(tx, p, m, newer)
	if err != nil {
		return err
	}
	return e.retireEpisodeOf(tx, p, shard, m, succ, now)
}

// insertIntoChain places m, just closed by newer, between the two values of
// newer's history it was said between: the values newer superseded,
// followed back transitively. The latest one holding from before m (pred)
// now ends where m begins and is superseded by m; m ends where the earliest
// one holding from after it (succ, else newer) begins and is superseded by
// it. Else two values of one thing would both hold over part of the time,
// and the chain would not read in the order the values held. It returns m's
// successor.
func (e *Writer) insertIntoChain(tx engine.Tx, p *plan, m, newer *engine.Memory) (*engine.Memory, error) {
	history, err := e.chainBefore(tx, p, m, newer)
	if err != nil {
		return nil, err
	}
	succ := newer
	var pred *engine.Memory
	for _, h := range history {
		if h.ValidFrom.After(m.ValidFrom) {
			if h.ValidFrom.Before(succ.ValidFrom) {
				succ = h
			}
		} else if h.ValidFrom.Before(m.ValidFrom) && (pred == nil || h.ValidFrom.After(pred.ValidFrom)) {
			pred = h
		}
	}
	if succ != newer {
		validTo, by := succ.ValidFrom, succ.ID
		m.ValidTo, m.SupersededBy = &validTo, &by
	}
	addSupersedes(succ, m.ID)
	p.Put(succ, nil)
	if pred == nil || pred.ValidTo != nil && !m.ValidFrom.Before(*pred.ValidTo) {
		return succ, nil // nothing held when m began, or it had ended by then
	}
	if later, err := e.saidLater(tx, p, pred, m); err != nil || later {
		return succ, err
	}
	return succ, e.relinkPredecessor(tx, p, pred, m)
}

// chainBefore is the history of newer: the values it superseded, and theirs
// in turn, as far back as m's start (a value holding from before m ends
// the walk: what it superseded held earlier still). m itself is left out.
func (e *Writer) chainBefore(tx engine.Tx, p *plan, m, newer *engine.Memory) ([]*engine.Memory, error) {
	seen := map[string]bool{newer.ID: true, m.ID: true}
	queue := slices.Clone(newer.Supersedes)
	var out []*engine.Memory
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if seen[id] {
			continue
		}
		seen[id] = true
		h, err := e.plannedIfAny(tx, p, id)
		if err != nil {
			return nil, err
		}
		if h == nil || h.IsEpisode() {
			continue
		}
		out = append(out, h)
		if h.ValidFrom.After(m.ValidFrom) {
			queue = append(queue, h.Supersedes...)
		}
	}
	return out, nil
}

// relinkPredecessor makes pred, which held when m began, end there and be
// superseded by m instead of by the value that closed it before; that value
// no longer lists it, and pred's episode, retired in that value's favour,
// now points at m.
func (e *Writer) relinkPredecessor(tx engine.Tx, p *plan, pred, m *engine.Memory) error {
	was := ""
	if pred.SupersededBy != nil {
		was = *pred.SupersededBy
	}
	validTo, by := m.ValidFrom, m.ID
	pred.ValidTo, pred.SupersededBy = &validTo, &by
	addSupersedes(m, pred.ID)
	p.Put(pred, nil)
	if was == "" || was == m.ID {
		return nil
	}
	old, err := e.plannedIfAny(tx, p, was)
	if err != nil {
		return err
	}
	if old != nil && slices.Contains(old.Supersedes, pred.ID) {
		old.Supersedes = slices.DeleteFunc(old.Supersedes, func(s string) bool { return s == pred.ID })
		p.Put(old, nil)
	}
	if pred.Source == nil || pred.Source.EpisodeID == "" {
		return nil
	}
	ep, err := e.plannedIfAny(tx, p, pred.Source.EpisodeID)
	if err != nil || ep == nil || ep.SupersededBy == nil || *ep.SupersededBy != was {
		return err
	}
	ep.SupersededBy = &by
	p.Put(ep, nil)
	return nil
}

// addSupersedes records in m's list that it superseded id, once.
func addSupersedes(m *engine.Memory, id string) {
	if !slices.Contains(m.Supersedes, id) {
		m.Supersedes = append(m.Supersedes, id)
	}
}

// successorOf restates m, a fact of leaving one thing for another ("User left Stripe
// for Intercom"), as what holds now when it ended exactly one stored fact of what was
// left ("User works at Stripe" → "User works at Intercom"): the ended fact keeps the old
// value in history, and a search for where the user works finds the new one. A fact
// naming its holder bare takes the holder as the ended fact named it (KeepHolder). It
// returns m's vector, embedded anew when the text changed.
func (e *Writer) successorOf(ctx context.Context, tx engine.Tx, p *plan, m *engine.Memory, vec []float32) ([]float32, error) {
	if len(m.Supersedes) != 1 {
		return vec, nil
	}
	old, err := e.planned(tx, p, m.Supersedes[0])
	if err != nil {
		return nil, err
	}
	text, ok := extract.Successor(old.Text, m.Text)
	kind := old.MemoryType // a state, as the old one was
	if !ok {
		// "Ana lives in Lisbon" ending "User's sister Ana lives in Porto" keeps the relation.
		text, ok = extract.KeepHolder(old.Text, m.Text)
		kind = m.MemoryType
	}
	if !ok {
		return vec, nil
	}
	vecs, err := e.embedStored(ctx, []string{text})
	if err != nil {
		return nil, err
	}
	m.Text, m.Categories, m.MemoryType = text, ingest.Categorize(text), kind
	return vecs[0], nil
}

// decideFact is the built-in decision for fact f: one given as a correction or an
// update ("Correction: the API listens on port 8081") replaces as one said "now" does.
func decideFact(f extract.Fact, cands []ingest.Candidate, reads *ingest.Readings) ingest.Decision {
	if f.Current {
		return reads.DecideUpdate(f.Text, f.Slot, cands)
	}
	return reads.Decide(f.Text, f.Slot, cands)
}

// retireEpisodeOf hides the episode that stated old, now superseded by m,
// unless m was distilled from that same episode, the agent's reply of the
// same exchange (retireReply) and the assistant's acknowledgements of it
// (retireEchoes).
func (e *Writer) retireEpisodeOf(tx engine.Tx, p *plan, shard *index.Shard, old, m *engine.Memory, now time.Time) error {
	id := ""
	if old.Source != nil {
		id = old.Source.EpisodeID
	}
	if id != "" && id == m.Source.EpisodeID {
		return nil
	}
	said := old // a fact kept as said has no episode: its replies follow it
	if id != "" {
		ep, err := e.plannedIfAny(tx, p, id)
		if err != nil {
			return err
		}
		if ep != nil { // else the episode was deleted: nothing left to hide
			retireEpisode(ep, m, now)
			p.Put(ep, nil)
			said = ep
		}
	}
	if err := e.retireReply(tx, p, shard, said, m, now); err != nil {
		return err
	}
	return e.retireEchoes(tx, p, shard, said, old, m, now)
}

// linkToEpisode records fact m in its episode's list of facts.
func (e *Writer) linkToEpisode(tx engine.Tx, p *plan, m *engine.Memory) error {
	if m.Source.EpisodeID == "" {
		return nil
	}
	ep, err := e.plannedIfAny(tx, p, m.Source.EpisodeID)
	if err != nil {
		return err
	}
	if ep == nil {
		m.Source.EpisodeID = ""
		return nil
	}
	addFact(p, ep, m.ID)
	return nil
}

// linkRestated records in episode's list of facts the stored fact target its
// turn said again (a NOOP): the turn says what target says, so once a change
// retires target the turn reads as stale as target's own turn does
// (search's stale-turn rule reads the list). target keeps its own episode as
// its source: it was first said there.
func (e *Writer) linkRestated(tx engine.Tx, p *plan, episode, target string) error {
	if episode == "" || target == "" || episode == target {
		return nil
	}
	fact, err := e.plannedIfAny(tx, p, target)
	if err != nil || fact == nil || fact.IsEpisode() || fact.EpisodeOf() == episode {
		return err
	}
	ep, err := e.plannedIfAny(tx, p, episode)
	if err != nil || ep == nil {
		return err
	}
	addFact(p, ep, target)
	return nil
}

// addFact puts fact id on episode ep's list of facts, once.
func addFact(p *plan, ep *engine.Memory, id string) {
	if !slices.Contains(ep.Facts, id) {
		ep.Facts = append(ep.Facts, id)
		p.Put(ep, nil)
	}
}

// planned returns the memory as this request has it so far: the planned
// version when an earlier fact of the request touched it, else the stored one.
func (e *Writer) planned(tx engine.Tx, p *plan, id string) (*engine.Memory, error) {
	for i := len(p.Puts) - 1; i >= 0; i-- {
		if p.Puts[i].ID == id {
			return p.Puts[i], nil
		}
	}
	return tx.GetMemory(id)
}

// plannedIfAny is planned, or nil for a memory deleted meanwhile.
func (e *Writer) plannedIfAny(tx engine.Tx, p *plan, id string) (*engine.Memory, error) {
	m, err := e.planned(tx, p, id)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, nil
	}
	return m, err
}

// candidates gathers the stored (and same-request) active memories closest
// to a fact by vector and by BM25, and for a use of a listed tool those
// naming another tool of its kind (extract.KindMates), which a switch may
// end though they share no word with it.
func (e *Writer) candidates(ctx context.Context, tx engine.Tx, p *plan, shard *index.Shard, fact string, vec []float32,
	batch map[string]*engine.Memory, memo *factMemo) ([]ingest.Candidate, error) {
	active := func(r *index.Row) bool { return r.State == engine.StateActive && !r.Episode && !p.Retired(r.ID) }
	seen := map[string]bool{}
	var out []ingest.Candidate
	for _, h := range shard.Search(vec, neighbours, active) {
		seen[h.ID] = true
		out = append(out, ingest.Candidate{ID: h.ID, Similarity: h.Score})
	}
	byText := func(terms []string) {
		if len(terms) == 0 {
			return
		}
		for _, h := range shard.TextSearch(terms, nil, e.cfg.BM25K1, e.cfg.BM25B, active, neighbours) {
			if !seen[h.ID] {
				seen[h.ID] = true
				out = append(out, ingest.Candidate{ID: h.ID})
			}
		}
	}
	byText(text.Unique(text.Analyze(fact)))
	byText(text.Unique(text.Analyze(ingest.EventWords(fact)))) // "The wedding got moved…" finds "…is getting married in June"
	if s := memo.readings().Slot(fact); s != nil {
		byText(text.Unique(text.Analyze(strings.Join(extract.KindMates(*s), " "))))
	}
	for i := range out {
		if m, ok := batch[out[i].ID]; ok {
			out[i].Text = m.Text
			continue
		}
		t, err := memo.storedText(tx, out[i].ID)
		if err != nil {
			return nil, err
		}
		out[i].Text = t
	}
	return append(out, batchCandidates(p, batch, seen, vec)...), nil
}

// batchNeighbours is how many facts of its own request each new fact is
// compared with at most. Requests of up to this many facts compare every
// pair; past it, the most similar ones, as stored memories are chosen
// (neighbours): comparing every pair made a long message of thousands of
// facts take minutes.
const batchNeighbours = 32

// batchCandidates are the facts of this request a new fact with vector vec
// is compared with: they are not in the shard yet. Their similarity stays
// unknown (0) to the decision, as it always was.
func batchCandidates(p *plan, batch map[string]*engine.Memory, seen map[string]bool, vec []float32) []ingest.Candidate {
	var out []ingest.Candidate
	for id, m := range batch {
		if !seen[id] && m.State == engine.StateActive {
			out = append(out, ingest.Candidate{ID: id, Text: m.Text})
		}
	}
	if len(out) <= batchNeighbours {
		return out
	}
	best := index.NewTopK(batchNeighbours)
	for _, c := range out {
		best.Offer(index.Hit{ID: c.ID, Score: dot(vec, p.Vectors[c.ID])})
	}
	kept := out[:0]
	for _, h := range best.Sorted() {
		kept = append(kept, ingest.Candidate{ID: h.ID, Text: batch[h.ID].Text})
	}
	return kept
}

// dot is the dot product of two vectors; a missing one scores 0.
func dot(a, b []float32) float64 {
	var s float64
	for i := range min(len(a), len(b)) {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func (e *Writer) factRequest(req engine.ConversationRequest, f extract.Fact, extractor string) engine.AddRequest {
	kind := f.Kind
	if req.AgentMemory {
		kind = engine.TypeProcedural
	}
	if req.MemoryType != "" {
		kind = req.MemoryType
	}
	if !engine.ValidMemoryType(kind) {
		kind = engine.TypeSemantic
	}
	return engine.AddRequest{Text: f.Text, AppName: req.AppName, MemoryType: kind, Metadata: req.Metadata,
		Tags: req.Tags, Project: req.Project, SessionID: req.SessionID, Timestamp: f.ValidFrom, ValidTo: f.ValidTo,
		Source: &engine.Source{Kind: sourceKind(req.SourceKind), MessageIDs: f.MessageIDs, Excerpt: f.Excerpt, Extractor: extractor}}
}

func sourceKind(k string) string {
	if k == "" {
		return engine.SourceConversation
	}
	return k
}

func mergeSource(s *engine.Source, f extract.Fact, extractor string) *engine.Source {
	if s == nil {
		s = &engine.Source{Kind: engine.SourceConversation}
	}
	s.MessageIDs = append(s.MessageIDs, f.MessageIDs...)
	if f.Excerpt != "" {
		s.Excerpt = f.Excerpt
	}
	s.Extractor = extractor
	return s
}

// uniqueMessageIDs refuses two messages of one request under one id: a
// fact's provenance (source.message_ids) names the turn it came from, and
// with two turns behind one id it would name either, or both.
func uniqueMessageIDs(msgs []engine.Message) error {
	seen := make(map[string]int, len(msgs))
	for i, m := range msgs {
		if m.ID == "" {
			continue
		}
		if j, dup := seen[m.ID]; dup {
			return engine.Invalid("messages["+strconv.Itoa(i)+"].id", "%q is also the id of messages[%d]: each message needs its own id", m.ID, j)
		}
		seen[m.ID] = i
	}
	return nil
}

func (e *Writer) validateConversation(req *engine.ConversationRequest) error {
	if len(req.Messages) == 0 {
		return engine.Invalid("messages", "must hold at least one message")
	}
	if len(req.Messages) > e.cfg.MaxBatch {
		return engine.Errorf(engine.ETooLarge, "messages: at most %d per request, got %d", e.cfg.MaxBatch, len(req.Messages))
	}
	for i := range req.Messages {
		m := &req.Messages[i]
		m.Role = strings.ToLower(strings.TrimSpace(m.Role))
		switch m.Role {
		case "user", "assistant", "system":
		default:
			return engine.Invalid("messages["+strconv.Itoa(i)+"].role", "must be user, assistant or system, got %q", m.Role)
		}
		field := "messages[" + strconv.Itoa(i) + "]."
		// A speaker's name starts the text of its turn's episode ("Ann:
		// …"), and an id is provenance: both are names, the content a text.
		for _, err := range []error{e.validateText(field+"content", m.Content), engine.ValidateName(field+"name", m.Name),
			engine.ValidateName(field+"id", m.ID), engine.ValidateSaidAt(field+"created_at", m.CreatedAt, e.now()),
			engine.RefuseSecret(field+"name", m.Name), engine.RefuseSecret(field+"id", m.ID)} {
			if err != nil {
				return err
			}
		}
	}
	if err := uniqueMessageIDs(req.Messages); err != nil {
		return err
	}
	if err := engine.ValidateShared(req.Tags, req.Metadata, req.SessionID, req.Project); err != nil {
		return err
	}
	if err := engine.ValidateAppName("app_name", req.AppName); err != nil {
		return err
	}
	return engine.ValidateMemoryType(req.MemoryType)
}
