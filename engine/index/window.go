package index

import (
	"slices"
	"sort"
	"time"
)

// Window is the times from From up to To, To excluded.
type Window struct {
	From, To time.Time
}

// holds reports whether t is in w.
func (w Window) holds(t time.Time) bool {
	return !t.Before(w.From) && t.Before(w.To)
}

// FirstSaidIn returns the index of the first of windows holding the
// ValidFrom of a row keep accepts (nil accepts all), or -1 when none does.
// It answers what a Filter counting each window in turn would, but reads
// the rows once, in storage order (newest first), under the read lock: a
// query's month named without a year is looked for in 31 years, 31 passes
// over every row in chronological (random) order at 100,000 memories.
func (s *Shard) FirstSaidIn(windows []Window, keep func(*Row) bool) int {
	if len(windows) == 0 {
		return -1
	}
	byFrom := newWindowOrder(windows)
	s.mu.RLock()
	defer s.mu.RUnlock()
	best := len(windows)
	// Newest rows first (a write appends): the pass ends at the first row
	// said in windows[0], this year's time when the caller's windows go
	// back a year at a time, which the latest memories are likeliest in.
	for i := len(s.rows) - 1; i >= 0; i-- {
		r := &s.rows[i]
		if j := byFrom.first(r.ValidFrom, best); j < best && (keep == nil || keep(r)) {
			if best = j; best == 0 {
				break
			}
		}
	}
	if best == len(windows) {
		return -1
	}
	return best
}

// windowOrder is windows sorted by From, so a time finds the windows that
// may hold it by binary search instead of trying each.
type windowOrder struct {
	windows []Window
	order   []int       // indexes into windows, by From
	reach   []time.Time // reach[k]: the latest To of windows[order[:k+1]]
}

func newWindowOrder(windows []Window) windowOrder {
	o := windowOrder{windows: windows, order: make([]int, len(windows)), reach: make([]time.Time, len(windows))}
	for i := range o.order {
		o.order[i] = i
	}
	slices.SortStableFunc(o.order, func(a, b int) int { return windows[a].From.Compare(windows[b].From) })
	for k, i := range o.order {
		o.reach[k] = windows[i].To
		if k > 0 && o.reach[k-1].After(o.reach[k]) {
			o.reach[k] = o.reach[k-1]
		}
	}
	return o
}

// first is the least index below limit of the windows holding t, or limit
// when none does. Only windows starting at or before t can hold it, and
// going back through them, none can once the latest end among them and
// all before is not after t.
func (o windowOrder) first(t time.Time, limit int) int {
	k := sort.Search(len(o.order), func(k int) bool { return o.windows[o.order[k]].From.After(t) })
	for k--; k >= 0 && t.Before(o.reach[k]); k-- {
		if i := o.order[k]; i < limit && o.windows[i].holds(t) {
			limit = i
		}
	}
	return limit
}
