package engine

import (
	"math"
	"sort"
)

// Ranked is one entry of a ranked list.
type Ranked struct {
	ID    string
	Score float64
}

// BM25 scores every document in postings with Okapi BM25 (idf with the +1
// smoothing that keeps it positive), keeping only documents keep accepts.
// The result is sorted best first, ties by id.
func BM25(postings map[string][]Posting, stats TextStats, k1, b float64, keep func(id string) bool) []Ranked {
	if stats.Docs == 0 {
		return nil
	}
	n := float64(stats.Docs)
	avgdl := float64(stats.TotalLen) / n
	if avgdl == 0 {
		avgdl = 1
	}
	scores := map[string]float64{}
	for _, list := range postings {
		df := float64(len(list))
		if df == 0 {
			continue
		}
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		for _, p := range list {
			if keep != nil && !keep(p.ID) {
				continue
			}
			tf := float64(p.TF)
			norm := k1 * (1 - b + b*float64(p.DocLen)/avgdl)
			scores[p.ID] += idf * tf * (k1 + 1) / (tf + norm)
		}
	}
	return sortRanked(scores)
}

// RRF fuses ranked lists by reciprocal-rank fusion: a document's score is
// the sum over lists of 1/(k + rank), rank counted from 1. Ties are broken by
// id so the order is deterministic.
func RRF(k int, lists ...[]Ranked) []Ranked {
	scores := map[string]float64{}
	for _, list := range lists {
		for i, r := range list {
			scores[r.ID] += 1 / float64(k+i+1)
		}
	}
	return sortRanked(scores)
}

func sortRanked(scores map[string]float64) []Ranked {
	out := make([]Ranked, 0, len(scores))
	for id, s := range scores {
		out = append(out, Ranked{ID: id, Score: s})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].ID < out[j].ID
	})
	return out
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
