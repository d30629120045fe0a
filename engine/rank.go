package engine

import (
	"container/heap"
	"sort"

	"github.com/memsvc/memsvc/engine/index"
)

// Ranked is one entry of a ranked list.
type Ranked struct {
	ID    string
	Score float64
}

// RRF fuses ranked lists by reciprocal-rank fusion: a document's score is
// the sum over lists of 1/(k + rank), rank counted from 1. Ties are broken by
// id so the order is deterministic.
func RRF(k int, lists ...[]Ranked) []Ranked {
	return WeightedRRF(k, nil, lists...)
}

// WeightedRRF is RRF where list i counts weights[i] times (1 when weights is
// nil or shorter), so a weaker view can inform the order without dominating it.
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

// rankedBefore orders ranked entries: higher score first, then smaller id.
func rankedBefore(a, b Ranked) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.ID < b.ID
}

// topRanked returns the best limit entries of scores in order (all when
// limit ≤ 0 or larger than the map). Selecting with a bounded heap keeps a
// query over thousands of matches from sorting all of them.
func topRanked(scores map[string]float64, limit int) []Ranked {
	if limit <= 0 || limit >= len(scores) {
		out := make([]Ranked, 0, len(scores))
		for id, s := range scores {
			out = append(out, Ranked{ID: id, Score: s})
		}
		sort.Slice(out, func(i, j int) bool { return rankedBefore(out[i], out[j]) })
		return out
	}
	h := make(worstFirst, 0, limit)
	for id, s := range scores {
		r := Ranked{ID: id, Score: s}
		if len(h) < limit {
			heap.Push(&h, r)
		} else if rankedBefore(r, h[0]) {
			h[0] = r
			heap.Fix(&h, 0)
		}
	}
	out := make([]Ranked, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&h).(Ranked)
	}
	return out
}

// worstFirst is a heap whose root is the weakest of the current best.
type worstFirst []Ranked

func (h worstFirst) Len() int           { return len(h) }
func (h worstFirst) Less(i, j int) bool { return rankedBefore(h[j], h[i]) }
func (h worstFirst) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *worstFirst) Push(x any)        { *h = append(*h, x.(Ranked)) }
func (h *worstFirst) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
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
