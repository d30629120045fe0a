package engine

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/text"
)

// Intent operations act on the memory a natural-language request names
// ("forget that Alice lives in Paris", "resolved: the Safari login bug").
// A wrong match destroys or hides a fact the user wanted, so both act only
// on a confident match and otherwise change nothing.
//
// The matching rule, shared by Forget and Resolve:
//
//  1. Candidates are the 20 best matches of a hybrid Search (keyword and
//     vector views fused) for the request among the user's active memories,
//     restricted to the Project scope when one is given (memories without a
//     project stay in scope).
//  2. Each candidate is scored lexically on analysed terms (stop words
//     removed, stemmed): cover is the share of the request's terms the
//     memory contains, back the share of the memory's terms the request
//     contains; and by the cosine similarity of the embeddings, which guards
//     against short texts that share a word but not a meaning.
//  3. Forget keeps candidates with cover ≥ 0.75 (at least 75% of what the
//     request names is in the memory) and cosine ≥ 0.2, then only those at
//     the best cover (a memory that matches every term beats one that misses
//     a term) whose back is within 0.25 of the best back among them (a
//     memory that says just what the request says beats a long one that
//     merely contains it, such as an image description quoting it): these
//     are the margins. One to three such memories are deleted. More than
//     three, or more than one for a one-term request ("forget coffee"), is
//     ambiguous: nothing is deleted and the candidates are reported with
//     event NONE so the caller can name one by id.
//  4. Resolve admits candidates with max(cover, back) ≥ 0.5 (a resolution
//     often restates the issue and adds how it was fixed), at least two
//     shared terms (one when the memory has a single term) and cosine ≥ 0.2;
//     ranks them by cover + back; and needs the first to lead the next by
//     0.2, else the match is ambiguous. The winner is superseded by
//     "Resolved: …".
//     Memories that already start with "Resolved:" are never resolved again.
//
// A request that is only ids of the user's memories ("forget: 01J…",
// "resolved: 01J…", several separated by spaces or commas) acts on exactly
// those memories: the caller saw the ids. Resolve then restates their texts.
const (
	intentCandidates  = 20
	forgetMinCover    = 0.75
	intentMinCosine   = 0.2
	forgetMaxTargets  = 3
	forgetBackMargin  = 0.25
	resolveMinOverlap = 0.5
	resolveMargin     = 0.2
	ambiguousReported = 5
)

// ResolvedPrefix starts the text of every memory Resolve writes.
const ResolvedPrefix = "Resolved: "

// ForgetOptions scope a Forget.
type ForgetOptions struct {
	// Project, when set, limits matching to memories of that project or of
	// none (as Query.ProjectScope does for the MCP Project header).
	Project string
}

// intentMatch is one candidate memory with its match scores.
type intentMatch struct {
	m      *Memory
	cover  float64 // share of the request's terms found in the memory
	back   float64 // share of the memory's terms found in the request
	shared int     // number of shared terms
	terms  int     // number of distinct terms of the memory
	cosine float64
}

// Forget deletes the memories the request text names, when the match is
// confident (see the matching rule above), and reports them with event
// DELETE. When the match is ambiguous it deletes nothing and reports the
// closest candidates with event NONE; when nothing matches it returns no
// results. A text made only of memory ids deletes exactly those memories.
func (e *Engine) Forget(ctx context.Context, user, request string, opts ForgetOptions) ([]WriteResult, error) {
	request = strings.TrimSpace(request)
	if err := e.validateText("forget", request); err != nil {
		return nil, err
	}
	if ids, ok, err := e.requestIDs(ctx, user, request); err != nil || ok {
		if err != nil {
			return nil, err
		}
		return e.deleteMatched(ctx, user, ids)
	}
	terms, matches, err := e.intentMatches(ctx, user, request, opts.Project)
	if err != nil {
		return nil, err
	}
	chosen, ambiguous := pickForget(len(terms), factsOverEpisodes(matches))
	if ambiguous {
		return noneResults(chosen), nil
	}
	chosen, err = e.withEpisodes(ctx, user, chosen)
	if err != nil {
		return nil, err
	}
	return e.deleteMatched(ctx, user, chosen)
}

// factsOverEpisodes drops an episode from the matches when one of its facts
// matched too: they are one finding, not two candidates that make a forget
// ambiguous. withEpisodes brings the episode back once the fact is chosen.
func factsOverEpisodes(matches []intentMatch) []intentMatch {
	hasFact := map[string]bool{}
	for _, c := range matches {
		if c.m.Source != nil && c.m.Source.EpisodeID != "" {
			hasFact[c.m.Source.EpisodeID] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(matches), func(c intentMatch) bool { return hasFact[c.m.ID] })
}

// withEpisodes adds to the memories chosen for forgetting the episodes their
// facts were distilled from: a forgotten fact must not live on in the words
// that stated it.
func (e *Engine) withEpisodes(ctx context.Context, user string, mems []*Memory) ([]*Memory, error) {
	out := slices.Clone(mems)
	for _, m := range mems {
		if m.Source == nil || m.Source.EpisodeID == "" ||
			slices.ContainsFunc(out, func(o *Memory) bool { return o.ID == m.Source.EpisodeID }) {
			continue
		}
		ep, err := e.Get(ctx, user, m.Source.EpisodeID)
		switch {
		case ErrorCode(err) == ENotFound:
			continue
		case err != nil:
			return nil, err
		}
		out = append(out, ep)
	}
	return out, nil
}

// pickForget applies step 3 of the matching rule. It returns the memories
// to delete, or (ambiguous) the candidates to report instead.
func pickForget(nTerms int, matches []intentMatch) ([]*Memory, bool) {
	var keep []intentMatch
	for _, c := range matches {
		if c.cover >= forgetMinCover && c.cosine >= intentMinCosine {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return nil, false
	}
	slices.SortStableFunc(keep, func(a, b intentMatch) int {
		switch {
		case a.cover != b.cover:
			return cmpDesc(a.cover, b.cover)
		case a.back != b.back:
			return cmpDesc(a.back, b.back)
		default:
			return cmpDesc(a.cosine, b.cosine)
		}
	})
	best := keep[0]
	var out []*Memory
	for _, c := range keep {
		if c.cover == best.cover && c.back >= best.back-forgetBackMargin {
			out = append(out, c.m)
		}
	}
	if len(out) > forgetMaxTargets || (nTerms == 1 && len(out) > 1) {
		return out[:min(len(out), ambiguousReported)], true
	}
	return out, false
}

// Resolve records that the issue text names is resolved: the memory it
// resolves (see the matching rule above) is superseded by a new memory
// "Resolved: <text>" built from req (its Text is replaced), keeping the old
// one with a closed validity window. When no open memory matches
// confidently, the resolution is stored as a new memory (event ADD) and,
// when the match was ambiguous, the closest candidates follow with event
// NONE. req.Project also scopes the match, as ForgetOptions.Project does.
func (e *Engine) Resolve(ctx context.Context, user, request string, req AddRequest) ([]WriteResult, error) {
	request = strings.TrimSpace(request)
	if err := e.validateText("resolve", request); err != nil {
		return nil, err
	}
	if mems, ok, err := e.requestIDs(ctx, user, request); err != nil || ok {
		if err != nil {
			return nil, err
		}
		return e.resolveIDs(ctx, user, mems, req)
	}
	req.Text = ResolvedPrefix + request
	terms, matches, err := e.intentMatches(ctx, user, request, req.Project)
	if err != nil {
		return nil, err
	}
	target, ambiguous := pickResolve(len(terms), matches)
	if target != nil {
		return e.Supersede(ctx, user, []string{target.ID}, req)
	}
	res, err := e.Add(ctx, user, []AddRequest{req})
	if err != nil {
		return nil, err
	}
	return append(res, noneResults(ambiguous)...), nil
}

// resolveIDs supersedes exactly the memories named by id with one
// resolution that restates them.
func (e *Engine) resolveIDs(ctx context.Context, user string, mems []*Memory, req AddRequest) ([]WriteResult, error) {
	ids := make([]string, len(mems))
	texts := make([]string, len(mems))
	for i, m := range mems {
		ids[i], texts[i] = m.ID, strings.TrimSuffix(strings.TrimSpace(m.Text), ".")
	}
	req.Text = ResolvedPrefix + strings.Join(texts, "; ")
	if len(req.Text) > e.cfg.MaxTextBytes {
		req.Text = req.Text[:e.cfg.MaxTextBytes]
		for !utf8.ValidString(req.Text) {
			req.Text = req.Text[:len(req.Text)-1]
		}
	}
	return e.Supersede(ctx, user, ids, req)
}

// pickResolve applies step 4 of the matching rule: the memory to supersede,
// or nil and the candidates that made the match ambiguous.
func pickResolve(nTerms int, matches []intentMatch) (*Memory, []*Memory) {
	rank := func(c intentMatch) float64 { return c.cover + c.back }
	var keep []intentMatch
	for _, c := range matches {
		if strings.HasPrefix(strings.ToLower(c.m.Text), strings.ToLower(strings.TrimSpace(ResolvedPrefix))) {
			continue
		}
		minShared := max(min(2, c.terms, nTerms), 1)
		if max(c.cover, c.back) >= resolveMinOverlap && c.shared >= minShared && c.cosine >= intentMinCosine {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return nil, nil
	}
	slices.SortStableFunc(keep, func(a, b intentMatch) int {
		if rank(a) != rank(b) {
			return cmpDesc(rank(a), rank(b))
		}
		return cmpDesc(a.cosine, b.cosine)
	})
	if len(keep) > 1 && rank(keep[0])-rank(keep[1]) < resolveMargin {
		var out []*Memory
		for _, c := range keep[:min(len(keep), ambiguousReported)] {
			out = append(out, c.m)
		}
		return nil, out
	}
	return keep[0].m, nil
}

// intentMatches runs steps 1 and 2 of the matching rule. Candidates come
// from Search itself, so they are exactly what a search would show.
func (e *Engine) intentMatches(ctx context.Context, user, request, project string) ([]string, []intentMatch, error) {
	terms := text.Unique(text.Analyze(request))
	if len(terms) == 0 {
		return terms, nil, ValidateUser(user) // only stop words: nothing can match confidently
	}
	res, err := e.Search(ctx, user, Query{Text: request, TopK: intentCandidates, Mode: ModeHybrid,
		Project: project, ProjectScope: project != ""})
	if err != nil {
		return nil, nil, err
	}
	mems := make([]*Memory, len(res.Results))
	for i, h := range res.Results {
		mems[i] = h.Memory
	}
	cosine, err := e.cosines(ctx, user, request, mems)
	if err != nil {
		return nil, nil, err
	}
	return terms, scoreMatches(terms, mems, cosine), nil
}

// cosines returns the cosine similarity of request to each of mems (those
// without a vector are absent, i.e. 0).
func (e *Engine) cosines(ctx context.Context, user, request string, mems []*Memory) (map[string]float64, error) {
	out := make(map[string]float64, len(mems))
	if len(mems) == 0 {
		return out, nil
	}
	vecs, err := e.embedStored(ctx, []string{request}) // compared with stored vectors on an absolute scale
	if err != nil {
		return nil, err
	}
	shard, err := e.shards.Shard(ctx, user)
	if err != nil {
		return nil, Internal("load index", err)
	}
	want := make(map[string]bool, len(mems))
	for _, m := range mems {
		want[m.ID] = true
	}
	for _, h := range shard.Search(vecs[0], len(mems), func(r *index.Row) bool { return want[r.ID] }) {
		out[h.ID] = h.Score
	}
	return out, nil
}

// scoreMatches computes the lexical scores of each memory against terms.
func scoreMatches(terms []string, mems []*Memory, cosine map[string]float64) []intentMatch {
	want := make(map[string]bool, len(terms))
	for _, t := range terms {
		want[t] = true
	}
	out := make([]intentMatch, 0, len(mems))
	for _, m := range mems {
		mt := text.Unique(text.Analyze(m.Text))
		shared := 0
		for _, t := range mt {
			if want[t] {
				shared++
			}
		}
		c := intentMatch{m: m, shared: shared, terms: len(mt), cosine: cosine[m.ID], cover: float64(shared) / float64(len(terms))}
		if len(mt) > 0 {
			c.back = float64(shared) / float64(len(mt))
		}
		out = append(out, c)
	}
	return out
}

// requestIDs reports whether request is only ids of the user's memories
// (separated by spaces or commas), and returns those memories.
func (e *Engine) requestIDs(ctx context.Context, user, request string) ([]*Memory, bool, error) {
	fields := text.Unique(strings.FieldsFunc(request, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }))
	if len(fields) == 0 || len(fields) > e.cfg.MaxBatch {
		return nil, false, nil
	}
	for _, f := range fields {
		if strings.ContainsFunc(f, func(r rune) bool { return !isIDRune(r) }) {
			return nil, false, nil
		}
	}
	if err := ValidateUser(user); err != nil {
		return nil, false, err
	}
	mems, err := e.load(ctx, user, fields)
	if err != nil || len(mems) != len(fields) {
		return nil, false, err
	}
	return mems, true, nil
}

// isIDRune accepts the characters of memsvc ids (ULIDs, or test ids with
// dashes and underscores).
func isIDRune(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r == '-' || r == '_'
}

// deleteMatched deletes mems and reports those actually deleted (a
// concurrent request may have removed some already).
func (e *Engine) deleteMatched(ctx context.Context, user string, mems []*Memory) ([]WriteResult, error) {
	if len(mems) == 0 {
		return []WriteResult{}, nil
	}
	ids := make([]string, len(mems))
	texts := make(map[string]string, len(mems))
	for i, m := range mems {
		ids[i], texts[m.ID] = m.ID, m.Text
	}
	deleted, _, err := e.Delete(ctx, user, ids)
	if err != nil {
		return nil, err
	}
	out := make([]WriteResult, 0, len(deleted))
	for _, id := range deleted {
		out = append(out, WriteResult{ID: id, Text: texts[id], Event: EventDelete})
	}
	return out, nil
}

func noneResults(mems []*Memory) []WriteResult {
	out := make([]WriteResult, 0, len(mems))
	for _, m := range mems {
		out = append(out, WriteResult{ID: m.ID, Text: m.Text, Event: EventNone})
	}
	return out
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// VerbatimExtractor names, in provenance, a fact stored as the caller wrote it.
const VerbatimExtractor = "verbatim"

// Note stores one deliberate memory, such as an MCP add_memories text item.
// It runs the extraction pipeline on the text as one user turn; when the
// extractor finds no fact in the text (the built-in rules only recognise
// common personal statements), the text itself becomes the one fact, so a
// memory the caller chose to keep is never silently dropped. Every fact
// still goes through Decide against the stored memories: a duplicate is
// reported with event NONE and the id of the memory that already holds it,
// a refinement is an UPDATE, a contradiction a SUPERSEDE. One transaction.
func (e *Engine) Note(ctx context.Context, user string, req AddRequest) ([]WriteResult, error) {
	if err := e.validateAdds([]AddRequest{req}); err != nil {
		return nil, err
	}
	creq := ConversationRequest{Messages: []Message{{Role: "user", Content: req.Text, CreatedAt: req.Timestamp}},
		SessionID: req.SessionID, Project: req.Project, Tags: req.Tags, AppName: req.AppName,
		MemoryType: req.MemoryType, Metadata: req.Metadata}
	if err := e.validateConversation(&creq); err != nil {
		return nil, err
	}
	xreq := creq
	xreq.Messages = withTurnIDs(creq.Messages)
	facts, extractor, err := e.extractFacts(ctx, xreq)
	if err != nil {
		return nil, err
	}
	if len(facts) == 0 {
		// Nothing distilled: the note is stored as written, which already
		// keeps the words, so no episode is needed beside it.
		facts, extractor = []extract.Fact{e.verbatimFact(req)}, VerbatimExtractor
		return e.commit(ctx, user, ingest{req: creq, facts: facts, factTurn: []int{-1}, extractor: extractor})
	}
	// Facts distilled: the note is also kept as said, so a part the
	// extractor missed is not lost.
	factTurn := linkFacts(creq.Messages, facts)
	return e.commit(ctx, user, ingest{req: creq, facts: facts, factTurn: factTurn, extractor: extractor,
		episodes: []bool{true}})
}

// verbatimFact turns a note into a fact as written.
func (e *Engine) verbatimFact(req AddRequest) extract.Fact {
	t := strings.TrimSpace(req.Text)
	f := extract.Fact{Text: t, Excerpt: t, ValidFrom: req.Timestamp, Kind: req.MemoryType, Slot: extract.SlotOf(t)}
	if f.ValidFrom.IsZero() {
		f.ValidFrom = e.now().UTC()
	}
	if f.Kind == "" {
		f.Kind = TypeSemantic
	}
	if r := []rune(t); len(r) > 200 {
		f.Excerpt = string(r[:200])
	}
	return f
}
