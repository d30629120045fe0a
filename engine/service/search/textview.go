package search

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
	"github.com/memsvc/memsvc/text"
)

// textView ranks the user's memories by BM25, with pseudo-relevance
// feedback: the terms that characterise the first pass's best hits are
// added to the query with a small weight, so memories that say the same
// thing in other words are found too. Scoring runs on the shard's in-memory
// mirror of the store's inverted index.
func (e *Searcher) textView(ctx context.Context, rd *reads, shard *index.Shard, q *engine.Query, terms []string, general map[string]float64) ([]recall.Ranked, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	ranked := shard.TextSearch(terms, general, e.cfg.BM25K1, e.cfg.BM25B, keepsFor(q), e.depth(q))
	if e.cfg.FeedbackDocs <= 0 || len(ranked) == 0 {
		return ranked, nil
	}
	weights, err := e.feedbackTerms(ctx, rd, ranked, terms)
	if err != nil || len(weights) == 0 {
		return ranked, err
	}
	expanded := append([]string(nil), terms...)
	for t := range weights {
		expanded = append(expanded, t)
	}
	for _, t := range terms {
		weights[t] = 1
		if w, ok := general[t]; ok {
			weights[t] = w
		}
	}
	return shard.TextSearch(expanded, weights, e.cfg.BM25K1, e.cfg.BM25B, keepsFor(q), e.depth(q)), nil
}

// passageView ranks the user's memories by BM25 over passages, each turn
// read with the turns around it (index.PassageSearch), so an answer is
// found through the question that set its topic. No feedback terms: the
// passages are broad already, and expanding them drifted (measured).
func (e *Searcher) passageView(shard *index.Shard, q *engine.Query, terms []string, general map[string]float64) []recall.Ranked {
	return shard.PassageSearch(terms, general, e.cfg.Passage, e.cfg.BM25K1, e.cfg.BM25B, keepsFor(q), e.depth(q))
}

// feedbackTerms picks expansion terms from the top first-pass hits: each
// term's weight is its relative frequency in a hit times the hit's share of
// the top scores (RM3's relevance model), scaled to FeedbackWeight in all.
func (e *Searcher) feedbackTerms(ctx context.Context, rd *reads, ranked []recall.Ranked, query []string) (map[string]float64, error) {
	top := ranked[:min(e.cfg.FeedbackDocs, len(ranked))]
	ids := make([]string, len(top))
	var total float64
	for i, r := range top {
		ids[i], total = r.ID, total+r.Score
	}
	mems, err := rd.Load(ctx, ids)
	if err != nil {
		return nil, err
	}
	score := map[string]float64{}
	for _, r := range top {
		score[r.ID] = r.Score
	}
	inQuery := map[string]bool{}
	for _, t := range query {
		inQuery[t] = true
	}
	model := map[string]float64{}
	for _, m := range mems {
		doc := text.Analyze(m.Text)
		for _, t := range doc {
			if !inQuery[t] {
				model[t] += (score[m.ID] / total) / float64(len(doc))
			}
		}
	}
	best := recall.Top(model, e.cfg.FeedbackTerms)
	var sum float64
	for _, c := range best {
		sum += c.Score
	}
	out := make(map[string]float64, len(best))
	for _, c := range best {
		out[c.ID] = e.cfg.FeedbackWeight * c.Score / sum * float64(len(query))
	}
	return out, nil
}

// depth is how many candidates each ranked view contributes to fusion.
// Deeper views lose (recall@10 LoCoMo / REALTALK from 0.7941 / 0.6771):
// 70 gives 0.7944 / 0.6677, 100 0.7909 / 0.6635. Also measured here: a
// view of BM25 over the members and narrower kinds the lexicon gives for
// a query word that memories hold (engine.WordForms: "dog" → greyhound),
// fused at 0.2 / 0.5 / 1: 0.7946 / 0.6771, 0.7946 / 0.6771, 0.7944 /
// 0.6759; most of the dev misses it was meant for ask for a broad kind the
// lexicon lists no members of.
func (e *Searcher) depth(q *engine.Query) int { return max(q.TopK*e.cfg.CandidateFactor, 50) }
