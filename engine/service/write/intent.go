package write

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/intent"
	"github.com/memsvc/memsvc/text"
)

// Forget and Resolve act on the memory a natural-language request names
// ("forget that Alice lives in Paris", "resolved: the Safari login bug").
// The matching rule (steps 2–4) is package intent's (engine/intent/match.go);
// step 1, the candidates, is Search itself, here.

// Forget deletes the memories the request text names, when the match is
// confident (see the matching rule above), and reports them with event
// DELETE. When the match is ambiguous it deletes nothing and reports the
// closest candidates with event NONE; when nothing matches it returns no
// results. A text made only of memory ids deletes exactly those memories.
func (e *Writer) Forget(ctx context.Context, user, request string, opts engine.ForgetOptions) ([]engine.WriteResult, error) {
	request = strings.TrimSpace(request)
	if err := e.validateText("forget", request); err != nil {
		return nil, err
	}
	if ids, ok, err := e.requestIDs(ctx, user, request); err != nil || ok {
		if err != nil {
			return nil, err
		}
		return e.deleteMatched(ctx, user, candidatesOf(ids))
	}
	terms, matches, err := e.intentMatches(ctx, user, request, opts.Project)
	if err != nil {
		return nil, err
	}
	chosen, ambiguous := intent.PickForget(len(terms), intent.FactsOverEpisodes(matches))
	if ambiguous {
		return noneResults(chosen), nil
	}
	chosen, err = e.withEpisodes(ctx, user, chosen)
	if err != nil {
		return nil, err
	}
	return e.deleteMatched(ctx, user, chosen)
}

// Resolve records that the issue text names is resolved: the memory it
// resolves (see the matching rule above) is superseded by a new memory
// "Resolved: <text>" built from req (its Text is replaced), keeping the old
// one with a closed validity window. When no open memory matches
// confidently, the resolution is stored as a new memory (event ADD) and,
// when the match was ambiguous, the closest candidates follow with event
// NONE. req.Project also scopes the match, as ForgetOptions.Project does.
func (e *Writer) Resolve(ctx context.Context, user, request string, req engine.AddRequest) ([]engine.WriteResult, error) {
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
	req.Text = engine.ResolvedPrefix + request
	terms, matches, err := e.intentMatches(ctx, user, request, req.Project)
	if err != nil {
		return nil, err
	}
	target, ambiguous := intent.PickResolve(len(terms), matches)
	if target != nil {
		return e.Supersede(ctx, user, []string{target.ID}, req)
	}
	res, err := e.Add(ctx, user, []engine.AddRequest{req})
	if err != nil {
		return nil, err
	}
	return append(res, noneResults(ambiguous)...), nil
}

// resolveIDs supersedes exactly the memories named by id with one
// resolution that restates them.
func (e *Writer) resolveIDs(ctx context.Context, user string, mems []*engine.Memory, req engine.AddRequest) ([]engine.WriteResult, error) {
	ids := make([]string, len(mems))
	texts := make([]string, len(mems))
	for i, m := range mems {
		ids[i], texts[i] = m.ID, strings.TrimSuffix(strings.TrimSpace(m.Text), ".")
	}
	req.Text = engine.ResolvedPrefix + strings.Join(texts, "; ")
	if len(req.Text) > e.cfg.MaxTextBytes {
		req.Text = req.Text[:e.cfg.MaxTextBytes]
		for !utf8.ValidString(req.Text) {
			req.Text = req.Text[:len(req.Text)-1]
		}
	}
	return e.Supersede(ctx, user, ids, req)
}

// intentMatches runs steps 1 and 2 of the matching rule. Candidates come
// from Search itself, so they are exactly what a search would show.
func (e *Writer) intentMatches(ctx context.Context, user, request, project string) ([]string, []intent.Match, error) {
	terms := text.Unique(text.Analyze(request))
	if len(terms) == 0 {
		return terms, nil, engine.ValidateUser(user) // only stop words: nothing can match confidently
	}
	res, err := e.search(ctx, user, engine.Query{Text: request, TopK: intent.Candidates, Mode: engine.ModeHybrid,
		Project: project, ProjectScope: project != ""})
	if err != nil {
		return nil, nil, err
	}
	mems := make([]*engine.Memory, len(res.Results))
	for i, h := range res.Results {
		mems[i] = h.Memory
	}
	cosine, err := e.cosines(ctx, user, request, mems)
	if err != nil {
		return nil, nil, err
	}
	return terms, intent.Score(terms, candidatesOf(mems), cosine), nil
}

// cosines returns the cosine similarity of request to each of mems (those
// without a vector are absent, i.e. 0).
func (e *Writer) cosines(ctx context.Context, user, request string, mems []*engine.Memory) (map[string]float64, error) {
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
		return nil, engine.Internal("load index", err)
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

// requestIDs reports whether request is only ids of the user's memories
// (separated by spaces or commas), and returns those memories.
func (e *Writer) requestIDs(ctx context.Context, user, request string) ([]*engine.Memory, bool, error) {
	fields := text.Unique(strings.FieldsFunc(request, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }))
	if len(fields) == 0 || len(fields) > e.cfg.MaxBatch {
		return nil, false, nil
	}
	for _, f := range fields {
		if strings.ContainsFunc(f, func(r rune) bool { return !isIDRune(r) }) {
			return nil, false, nil
		}
	}
	if err := engine.ValidateUser(user); err != nil {
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
func (e *Writer) deleteMatched(ctx context.Context, user string, mems []intent.Candidate) ([]engine.WriteResult, error) {
	if len(mems) == 0 {
		return []engine.WriteResult{}, nil
	}
	ids := make([]string, len(mems))
	texts := make(map[string]string, len(mems))
	for i, m := range mems {
		ids[i], texts[m.ID] = m.ID, m.Text
	}
	deleted, _, err := e.del(ctx, user, ids)
	if err != nil {
		return nil, err
	}
	out := make([]engine.WriteResult, 0, len(deleted))
	for _, id := range deleted {
		out = append(out, engine.WriteResult{ID: id, Text: texts[id], Event: engine.EventDelete})
	}
	return out, nil
}

// candidatesOf is what the matching rule reads of memories: id, text and,
// for a fact, its episode.
func candidatesOf(mems []*engine.Memory) []intent.Candidate {
	out := make([]intent.Candidate, len(mems))
	for i, m := range mems {
		out[i] = intent.Candidate{ID: m.ID, Text: m.Text, EpisodeID: m.EpisodeOf()}
	}
	return out
}

// withEpisodes adds to the memories chosen for forgetting the episodes their
// facts were distilled from: a forgotten fact must not live on in the words
// that stated it.
func (e *Writer) withEpisodes(ctx context.Context, user string, chosen []intent.Candidate) ([]intent.Candidate, error) {
	out := slices.Clone(chosen)
	for _, c := range chosen {
		if c.EpisodeID == "" || slices.ContainsFunc(out, func(o intent.Candidate) bool { return o.ID == c.EpisodeID }) {
			continue
		}
		ep, err := e.get(ctx, user, c.EpisodeID)
		switch {
		case engine.ErrorCode(err) == engine.ENotFound:
			continue
		case err != nil:
			return nil, err
		}
		out = append(out, intent.Candidate{ID: ep.ID, Text: ep.Text})
	}
	return out, nil
}

func noneResults(mems []intent.Candidate) []engine.WriteResult {
	out := make([]engine.WriteResult, 0, len(mems))
	for _, m := range mems {
		out = append(out, engine.WriteResult{ID: m.ID, Text: m.Text, Event: engine.EventNone})
	}
	return out
}
