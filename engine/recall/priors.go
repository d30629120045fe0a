package recall

import (
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/timeref"
	"github.com/memsvc/memsvc/text"
)

// A query prior is a preference a query states besides its words: who said
// it ("what did Anna say about …") or when ("… on 25 May 2022"). Each one
// that applies adds a ranked view to the fusion: the fused ranking kept to
// the memories that match it, so they rise without the others vanishing.
type Prior struct {
	Weight float64
	Keep   func(r *index.Row) bool
}

// Priors returns the priors query states about the memories of shard. A
// weight ≤ 0 turns its prior off; dates are read relative to now.
func Priors(shard *index.Shard, query string, now time.Time, speakerWeight, timeWeight float64) []Prior {
	var out []Prior
	if speakerWeight > 0 {
		if named := namedSpeakers(query, shard.Speakers()); len(named) > 0 {
			out = append(out, Prior{speakerWeight, func(r *index.Row) bool { return named[r.Speaker] }})
		}
	}
	if timeWeight > 0 {
		if span, ok := timeref.Find(query, now); ok {
			from, to := around(span)
			out = append(out, Prior{timeWeight, func(r *index.Row) bool {
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

// WithPriors adds the view of each prior to the fusion of lists: the fused
// ranking kept to the memories the prior matches, at most depth of them.
// floors are lists' floors as FlooredRRF reads them (the priors' own views
// have none: a memory a prior does not match is not ranked lower by it).
func WithPriors(k int, shard *index.Shard, ps []Prior, depth int, fused []Ranked, lists [][]Ranked, weights []float64, floors []int) []Ranked {
	if len(ps) == 0 {
		return fused
	}
	for _, p := range ps {
		view := make([]Ranked, 0, depth)
		for _, r := range fused {
			if row, ok := shard.Get(r.ID); ok && p.Keep(&row) {
				view = append(view, r)
				if len(view) == depth {
					break
				}
			}
		}
		lists = append(lists, view)
		weights = append(weights, p.Weight)
	}
	return FlooredRRF(k, weights, floors, lists...)
}
