package memories

import (
	"context"
	"math"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// listByContent is List with a tag or metadata filter, which the index
// rows do not carry: the rows the other filters keep are read from the
// store in one snapshot, newest first, and the content filter is applied
// to each record. The shard's lock is held only while it lists the
// candidate ids, never during the reads.
func (e *Memories) listByContent(ctx context.Context, user string, shard *index.Shard, keep func(*index.Row) bool, f engine.ListFilter) (*engine.Page, error) {
	_, candidates := shard.Filter(keep, 0, math.MaxInt)
	page := &engine.Page{Items: []*engine.Memory{}, Page: f.Page, Size: f.Size}
	from := (f.Page - 1) * f.Size
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		for _, id := range candidates {
			m, err := tx.GetMemory(id)
			if engine.ErrorCode(err) == engine.ENotFound {
				continue // deleted since the ids were listed
			} else if err != nil {
				return err
			}
			if !f.Content.Keeps(m) {
				continue
			}
			if page.Total >= from && page.Total < from+f.Size {
				page.Items = append(page.Items, m)
			}
			page.Total++
		}
		return nil
	})
	page.Pages = (page.Total + f.Size - 1) / f.Size
	return page, err
}
