package engine

import (
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/text"
	"github.com/memsvc/memsvc/engine/timeref"
)

// A query prior is a preference a query states besides its words: who said
// it ("what did Anna say about …") or when ("… on 25 May 2022"). Each one
// that applies adds a ranked view to the fusion: the fused ranking kept to
// the memories that match it, so they rise without the others vanishing.
type prior struct {
	weight float64
	keep   func(r *index.Row) bool
}

// priors returns the priors q states about the memories of shard.
func (e *Engine) priors(shard *index.Shard, q *Query) []prior {
	var out []prior
	if e.cfg.SpeakerWeight > 0 {
		if named := namedSpeakers(q.Text, shard.Speakers()); len(named) > 0 {
			out = append(out, prior{e.cfg.SpeakerWeight, func(r *index.Row) bool { return named[r.Speaker] }})
		}
	}
	if e.cfg.TimeWeight > 0 {
		if span, ok := timeref.Find(q.Text, e.now()); ok {
			from, to := around(span)
			out = append(out, prior{e.cfg.TimeWeight, func(r *index.Row) bool {
				return !r.ValidFrom.Before(from) && r.ValidFrom.Before(to)
			}})
		}
	}
	return out
}

// namedSpeakers returns the speakers the query names as whole words. When it
// names every speaker there is, the prior would keep everything: none.
func namedSpeakers(query string, speakers []string) map[string]bool {
	if len(speakers) == 0 {
		return nil
	}
	words := " " + strings.Join(text.Tokens(query), " ") + " "
	named := map[string]bool{}
	for _, s := range speakers {
		if strings.Contains(words, " "+s+" ") {
			named[s] = true
		}
	}
	if len(named) == len(speakers) {
		return nil
	}
	return named
}

// around widens a mentioned time to when memories about it were likely said:
// a day's events are told that day or the next few ("yesterday I …"), a
// month's or a year's a little after it ends.
func around(s timeref.Span) (from, to time.Time) {
	const day = 24 * time.Hour
	switch s.Precision {
	case timeref.Day:
		return s.Start.Add(-day), s.End.Add(2 * day)
	case timeref.Week:
		return s.Start.Add(-2 * day), s.End.Add(3 * day)
	case timeref.Month:
		return s.Start.Add(-3 * day), s.End.Add(7 * day)
	default:
		return s.Start, s.End.Add(14 * day)
	}
}

// withPriors adds the view of each prior to the fusion of lists.
func (e *Engine) withPriors(shard *index.Shard, q *Query, fused []Ranked, lists [][]Ranked, weights []float64) []Ranked {
	ps := e.priors(shard, q)
	if len(ps) == 0 {
		return fused
	}
	depth := e.depth(q)
	for _, p := range ps {
		view := make([]Ranked, 0, depth)
		for _, r := range fused {
			if row, ok := shard.Get(r.ID); ok && p.keep(&row) {
				view = append(view, r)
				if len(view) == depth {
					break
				}
			}
		}
		lists = append(lists, view)
		weights = append(weights, p.weight)
	}
	return WeightedRRF(e.cfg.RRFK, weights, lists...)
}
