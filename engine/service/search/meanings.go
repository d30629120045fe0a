package search

import (
	"cmp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// meanings is what the word vectors tell of a stem (llm.WordForms gives
// them; a WordForms without them leaves the text views and the relevance
// score as they were).
type meanings interface {
	// AddMeaning adds weight × the stem's unit word vector to dst
	// (meaningDims long) and reports whether the stem has one.
	AddMeaning(dst []float32, stem string, weight float32) bool
	// MeaningRank is the stem's place in the vectors' frequency order.
	MeaningRank(stem string) (int, bool)
	// Similarity is the cosine of two stems' word vectors (nearInHits).
	Similarity(a, b string) (float32, bool)
	// Nominal reports whether the stem can be a noun (nearInHits).
	Nominal(stem string) bool
}

// meaningDims is the length of a word vector (llm.MeaningDims).
const meaningDims = 100

// Near meanings for absent query words: a query word that no memory holds
// is looked for by the store's own stems whose word vectors are closest to
// it (at least meaningNear, the meaningsPerTerm closest), added to both
// BM25 views at absentMeaningWeight × cosine × their general weight, as
// the word family and kind members of an absent word are (withForms). A
// word the user paraphrased ("espresso" asked as "coffee") then scores.
//
// Off (weight 0): on the dev data it lifts REALTALK and lowers LoCoMo.
// Recall@10 raw / no session ids / rerank / conversation / conversation +
// rerank, against LoCoMo 0.7941 / 0.7941 / 0.7968 / 0.7904 / 0.7963 and
// REALTALK 0.6771 / 0.6775 / 0.6798 / 0.6806 / 0.6814: weight 0.5, cosine
// 0.5, 5 stems give LoCoMo 0.7911 / 0.7911 / 0.7944 / 0.7914 / 0.7957 and
// REALTALK 0.6912 / 0.6916 / 0.6939 / 0.6927 / 0.6900, with REALTALK's
// TPR 0.897 → 0.882 (see README, Tried and not adopted, for the grid).
const (
	absentMeaningWeight = 0.0
	meaningNear         = 0.5
	meaningsPerTerm     = 5
	// meaningMinRank keeps the commonest words out on both sides: their
	// vectors sit near every other function word ("may" → "might", "not").
	meaningMinRank = 1000
)

// withMeanings adds to terms, and to their weights, the store's stems near
// in meaning to the query's absent words (see absentMeaningWeight); names
// are not expanded. terms and general are returned as they are when
// weight is 0 or less or the searcher has no word vectors.
func (e *Searcher) withMeanings(shard *index.Shard, query string, terms []string, general map[string]float64, weight float64) ([]string, map[string]float64) {
	m, ok := e.forms.(meanings)
	if weight <= 0 || !ok {
		return terms, general
	}
	var absent []string
	named := nameTerms(query)
	for _, t := range text.Unique(text.AnalyzeQuery(query)) {
		if !named[t] && !shard.Has(t) {
			absent = append(absent, t)
		}
	}
	near := nearStems(m, shard, absent, terms)
	if len(near) == 0 {
		return terms, general
	}
	added := make([]string, 0, len(near))
	for t := range near {
		added = append(added, t)
	}
	slices.Sort(added)
	out := make(map[string]float64, len(general)+len(added))
	for t, w := range general {
		out[t] = w
	}
	g := e.generalWeights(shard, added)
	for _, t := range added {
		w, ok := g[t]
		if !ok {
			w = 1
		}
		out[t] = weight * near[t] * w
	}
	return append(slices.Clone(terms), added...), out
}

// nearStems maps the store's stems (other than skip's) closest in meaning
// to each of stems, up to meaningsPerTerm each at cosine meaningNear or
// more, to their best cosine. It reads the store's whole vocabulary once.
func nearStems(m meanings, shard *index.Shard, stems, skip []string) map[string]float64 {
	var qv [][]float32
	for _, t := range stems {
		if v := meaningOf(m, t); v != nil {
			qv = append(qv, v)
		}
	}
	if len(qv) == 0 {
		return nil
	}
	found := make([][]index.Hit, len(qv))
	v := make([]float32, meaningDims)
	shard.Terms(func(s string, _ int) {
		if r, ok := m.MeaningRank(s); !ok || r < meaningMinRank || slices.Contains(skip, s) {
			return
		}
		clear(v)
		m.AddMeaning(v, s, 1)
		for i := range qv {
			if c := cosine(qv[i], v); c >= meaningNear {
				found[i] = append(found[i], index.Hit{ID: s, Score: c})
			}
		}
	})
	out := map[string]float64{}
	for _, f := range found {
		slices.SortFunc(f, func(a, b index.Hit) int { // closest first, ties by stem
			if d := cmp.Compare(b.Score, a.Score); d != 0 {
				return d
			}
			return strings.Compare(a.ID, b.ID)
		})
		for _, h := range f[:min(meaningsPerTerm, len(f))] {
			out[h.ID] = max(out[h.ID], h.Score)
		}
	}
	return out
}

// meaningOf is stem's unit word vector, nil when it has none or is among
// the commonest words (meaningMinRank).
func meaningOf(m meanings, stem string) []float32 {
	if r, ok := m.MeaningRank(stem); !ok || r < meaningMinRank {
		return nil
	}
	v := make([]float32, meaningDims)
	m.AddMeaning(v, stem, 1)
	return v
}

// cosine is the dot product of two unit vectors.
func cosine(a, b []float32) float64 {
	var s float32
	for i := range a {
		s += a[i] * b[i]
	}
	return float64(s)
}
