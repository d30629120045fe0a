package engine

import (
	"sort"

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
	scores := map[string]float64{}
	for l, list := range lists {
		w := 1.0
		if l < len(weights) {
			w = weights[l]
		}
		for i, r := range list {
			scores[r.ID] += w / float64(k+i+1)
		}
	}
	return sortRanked(scores)
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
	return sortRanked(scores)
}

func sortRanked(scores map[string]float64) []Ranked { return topRanked(scores, 0) }

// topRanked returns the best limit entries of scores in order (all when
// limit ≤ 0), selected with the index's TopK so every ranking orders alike.
func topRanked(scores map[string]float64, limit int) []Ranked {
	if limit <= 0 || limit > len(scores) {
		limit = len(scores)
	}
	top := index.NewTopK(limit)
	for id, s := range scores {
		top.Offer(Ranked{ID: id, Score: s})
	}
	return top.Sorted()
}

// sortScored orders hits best first, ties by id (stable for equal scores).
func sortScored(hits []Scored) {
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		return hits[i].ID < hits[j].ID
	})
}
