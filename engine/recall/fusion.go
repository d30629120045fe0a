// Package recall holds the pure parts of recall: fusing ranked views
// (reciprocal-rank fusion, WeightedRRF), lending score to neighbouring turns
// (Spread), and the query priors (who said it, when) that add views to a
// fusion. The engine's Search (engine/service/search/search.go) gathers the views and
// calls these; nothing here does I/O.
package recall

import (
	"github.com/memsvc/memsvc/engine/index"
)

// Ranked is one entry of a ranked list (the index's scored hit).
type Ranked = index.Hit

// WeightedRRF fuses ranked lists by reciprocal-rank fusion: a document's
// score is the sum over lists of weights[i]/(k + rank), rank counted from 1
// and weights[i] 1 when weights is nil or shorter, so a weaker view can
// inform the order without dominating it. Ties are broken by id so the
// order is deterministic.
func WeightedRRF(k int, weights []float64, lists ...[]Ranked) []Ranked {
	return FlooredRRF(k, weights, nil, lists...)
}

// FlooredRRF is WeightedRRF where a list may count the documents it does
// not hold: floors[i] > 0 is the rank list i gives every document another
// list holds and it does not (a view cut at its depth has ranked them
// lower, not never), 0 leaves them out as WeightedRRF does.
func FlooredRRF(k int, weights []float64, floors []int, lists ...[]Ranked) []Ranked {
	scores := map[string]float64{}
	weight := func(l int) float64 {
		if l < len(weights) {
			return weights[l]
		}
		return 1
	}
	for l, list := range lists {
		w := weight(l)
		for i, r := range list {
			scores[r.ID] += w / float64(k+i+1)
		}
	}
	for l, list := range lists {
		if l >= len(floors) || floors[l] <= 0 {
			continue
		}
		held := make(map[string]bool, len(list))
		for _, r := range list {
			held[r.ID] = true
		}
		lent := weight(l) / float64(k+floors[l])
		for id := range scores {
			if !held[id] {
				scores[id] += lent
			}
		}
	}
	return Sorted(scores)
}

// SpreadWeights say how much of a memory's score its neighbouring turns
// receive: After[i] for the (i+1)-th turn after it, Before[i] likewise.
type SpreadWeights struct {
	Before, After []float64
}

// Spread is the neighbouring-turns view of a ranked list: each memory keeps
// its score and lends a share of it to the turns around it in its session,
// so an answer is found through the question or remark next to it. keep
// filters the neighbours that may receive score. Sorted best first, ties by id.
func Spread(list []Ranked, neighbours map[string]index.Adjacent, w SpreadWeights, keep func(id string) bool) []Ranked {
	scores := make(map[string]float64, len(list)*3)
	lend := func(ids []string, weights []float64, score float64) {
		for i, n := range ids {
			if i < len(weights) && (keep == nil || keep(n)) {
				scores[n] += weights[i] * score
			}
		}
	}
	for _, r := range list {
		scores[r.ID] += r.Score
		adj := neighbours[r.ID]
		lend(adj.Before, w.Before, r.Score)
		lend(adj.After, w.After, r.Score)
	}
	return Sorted(scores)
}

func Sorted(scores map[string]float64) []Ranked { return Top(scores, 0) }

// Top returns the best limit entries of scores in order (all when
// limit ≤ 0), selected with the index's TopK so every ranking orders alike.
func Top(scores map[string]float64, limit int) []Ranked {
	if limit <= 0 || limit > len(scores) {
		limit = len(scores)
	}
	top := index.NewTopK(limit)
	for id, s := range scores {
		top.Offer(Ranked{ID: id, Score: s})
	}
	return top.Sorted()
}

// SpreadOf lends weight to the nearest turn on each side and half as
// much to each further one, up to span turns away.
func SpreadOf(weight float64, span int) SpreadWeights {
	var sw SpreadWeights
	for i := 0; i < span && weight > 0; i++ {
		sw.After = append(sw.After, weight)
		sw.Before = append(sw.Before, weight)
		weight /= 2
	}
	return sw
}

// PassageDecay counts the nearest turn on each side decay times, and each
// further one decay times more, up to span turns away.
func PassageDecay(decay float64, span int) []float64 {
	out := make([]float64, 0, max(span, 0))
	w := 1.0
	for range max(span, 0) {
		w *= decay
		out = append(out, w)
	}
	return out
}
