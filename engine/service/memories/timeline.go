package memories

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// timelineEntry is one kept index row with the time it is ordered by.
type timelineEntry struct {
	id string
	at time.Time
}

// Timeline returns user's memories newest first by the chosen time,
// filtered as List filters them and paged.
func (e *Memories) Timeline(ctx context.Context, user string, f engine.TimelineFilter) (*engine.Page, error) {
	shard, err := e.listShard(ctx, user, f.Validate)
	if err != nil {
		return nil, err
	}
	var kept []timelineEntry
	// Filter walks rows in creation order; the timeline has its own order,
	// so the rows are collected here and Filter's own page is left empty.
	shard.Filter(func(r *index.Row) bool {
		if ListKeeps(r, &f.ListFilter) {
			kept = append(kept, timelineEntry{id: r.ID, at: timelineTime(r, f.By)})
		}
		return false
	}, 0, 0)
	slices.SortFunc(kept, func(a, b timelineEntry) int {
		if c := b.at.Compare(a.at); c != 0 {
			return c
		}
		return cmp.Compare(b.id, a.id)
	})
	total := len(kept)
	page := &engine.Page{Items: []*engine.Memory{}, Total: total, Page: f.Page, Size: f.Size, Pages: (total + f.Size - 1) / f.Size}
	from := min((f.Page-1)*f.Size, total)
	ids := make([]string, 0, f.Size)
	for _, k := range kept[from:min(from+f.Size, total)] {
		ids = append(ids, k.id)
	}
	if len(ids) == 0 {
		return page, nil
	}
	page.Items, err = e.Load(ctx, user, ids)
	confirmContent(page, f.Content)
	return page, err
}

func timelineTime(r *index.Row, by string) time.Time {
	if by == engine.TimelineRecorded || r.ValidFrom.IsZero() {
		return r.CreatedAt
	}
	return r.ValidFrom
}
