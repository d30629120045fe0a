package search

import (
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/timeref"
)

// yearlessLookback is how many years back a month or day named without a
// year is looked for (yearlessNow).
const yearlessLookback = 30

// yearlessNow is the clock the query priors read q's time by. timeref gives
// a month or day named without a year ("in June", "on March 3") now's year;
// when the user said nothing then, the one meant is the latest earlier year
// they did: asked in February, "what did I do in December?" means the
// December just gone, not the one to come, and a history imported from
// earlier years is asked about in its own years. Returned is now moved back
// by whole years to that year, or now itself: when the query names no time,
// a time with its year or one relative to now ("last week": moving the
// clock would move it, and an empty week is an answer too), when the store
// holds memories in the time as read, or when no earlier year does.
func yearlessNow(shard *index.Shard, q *engine.Query, now time.Time) time.Time {
	span, ok := timeref.Find(q.Text, now)
	if !ok || span.Precision == timeref.Year || !yearless(q.Text, span, now) {
		return now
	}
	// This year first: when it holds the time (the common case), the
	// earlier years' 30 readings of the query are not needed, and the pass
	// over the rows ends at the first memory said then.
	keep := keepsFor(q)
	if shard.FirstSaidIn([]index.Window{{From: span.Start, To: span.End}}, keep) == 0 {
		return now
	}
	// The year read at now moved back by y+1 years is windows[y]; the
	// windows end at the first year the time is not read in.
	windows := make([]index.Window, 0, yearlessLookback)
	for y := 1; y <= yearlessLookback; y++ {
		s, ok := timeref.Find(q.Text, now.AddDate(-y, 0, 0))
		if !ok {
			break
		}
		windows = append(windows, index.Window{From: s.Start, To: s.End})
	}
	if y := shard.FirstSaidIn(windows, keep); y >= 0 {
		return now.AddDate(-(y + 1), 0, 0)
	}
	return now
}

// yearless reports whether span, q's time read at now, takes its year from
// now and nothing else from it: read a year earlier it moves by a year, and
// read 16 days either side of now it stays (a time relative to now, "last
// week" or "last month", moves with one of them: no month is longer than 31
// days). Near the turn of a year a yearless date moves too, and is left as
// read.
func yearless(q string, span timeref.Span, now time.Time) bool {
	const days16 = 16 * 24 * time.Hour
	for _, at := range []time.Time{now.Add(-days16), now.Add(days16)} {
		if s, ok := timeref.Find(q, at); !ok || !s.Start.Equal(span.Start) || !s.End.Equal(span.End) {
			return false
		}
	}
	s, ok := timeref.Find(q, now.AddDate(-1, 0, 0))
	return ok && s.Start.Equal(span.Start.AddDate(-1, 0, 0)) && s.End.Equal(span.End.AddDate(-1, 0, 0))
}
