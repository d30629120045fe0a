package search

import (
	"math"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// relevanceModel turns a memory's match with a query (index.Match) into the
// chance that it is relevant: a logistic model over measures that mean the
// same for every query (shares of IDF mass, cosine), so its output is
// comparable across queries where fused rank scores are not. Each mode has
// its own coefficients, fitted on the development split (README, "Scores").
type relevanceModel struct {
	bias, queryCover, cosine float64
}

// The fitted models. Text mode has no query vector and vector mode reads no
// terms, so each leaves out what it lacks.
var (
	hybridRelevance = relevanceModel{bias: -3.37, queryCover: 7.1, cosine: 9.33}
	textRelevance   = relevanceModel{bias: -2.77, queryCover: 10.45}
	vectorRelevance = relevanceModel{bias: -2.85, cosine: 17.2}
)

func (m relevanceModel) score(x index.Match) float64 {
	z := m.bias + m.queryCover*x.QueryCover + m.cosine*x.Cosine
	return 1 / (1 + math.Exp(-z))
}

func relevanceFor(mode string) relevanceModel {
	switch mode {
	case engine.ModeText:
		return textRelevance
	case engine.ModeVector:
		return vectorRelevance
	}
	return hybridRelevance
}

// calibrate sets each hit's score to its calibrated relevance and marks
// those that clear the relevance floor. The order is left as ranked.
func (e *Searcher) calibrate(shard *index.Shard, q *engine.Query, qvec []float32, hits []engine.Scored) {
	if len(hits) == 0 {
		return
	}
	var terms [][]string
	if q.Mode != engine.ModeVector {
		for _, t := range text.Unique(text.Analyze(q.Text)) {
			terms = append(terms, append([]string{t}, e.forms0(t)...))
		}
	}
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	model := relevanceFor(q.Mode)
	for i, m := range shard.Matches(terms, qvec, ids) {
		hits[i].Match = m
		hits[i].Score = math.Round(model.score(m)*1e4) / 1e4
		hits[i].Relevant = e.relevant(hits[i].Score)
	}
}

// relevant reports whether a calibrated score clears the floor.
func (e *Searcher) relevant(score float64) bool {
	return e.cfg.RelevanceFloor < 0 || score >= e.cfg.RelevanceFloor
}

// forms0 is stem's other word forms (none without a WordForms).
func (e *Searcher) forms0(stem string) []string {
	if e.forms == nil {
		return nil
	}
	return e.forms.Forms(stem)
}

// withForms adds to the query terms the other forms of the word of each
// one no memory holds ("allergies" also looks for "allergic" when no
// memory says "allergies"). Expanding every term cost recall on the dev
// data (LoCoMo 0.778 → 0.772): where the word itself is there, its
// derivations mostly drift.
func (e *Searcher) withForms(shard *index.Shard, terms []string) []string {
	if e.forms == nil {
		return terms
	}
	out := terms
	for _, t := range terms {
		if !shard.Has(t) {
			out = append(out, e.forms.Forms(t)...)
		}
	}
	return text.Unique(out)
}
