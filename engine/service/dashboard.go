package service

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
)

// Timeline returns user's memories newest first by the chosen time,
// filtered as List filters them and paged (engine/service/memories).
func (e *Engine) Timeline(ctx context.Context, user string, f engine.TimelineFilter) (*engine.Page, error) {
	return e.memories.Timeline(ctx, user, f)
}

// Image reads the stored image of memory id. The memory is read in user's
// own keyspace, so another user's id is simply not found; a memory with
// no stored image (a pending URL, a failed capture, a text) is not found
// either, with a message that says so.
func (e *Engine) Image(ctx context.Context, user, id string) ([]byte, string, error) {
	m, err := e.Get(ctx, user, id)
	if err != nil {
		return nil, "", err
	}
	if m.Source == nil || m.Source.Kind != engine.SourceImage || m.Source.BlobSHA256 == "" {
		return nil, "", engine.Errorf(engine.ENotFound, "memory %q has no stored image", id)
	}
	if e.media == nil || e.media.Blobs == nil {
		return nil, "", engine.Errorf(engine.EUnavailable, "images are not configured on this server")
	}
	data, err := e.media.Blobs.GetBlob(ctx, m.Source.BlobSHA256)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, "", engine.Errorf(engine.ENotFound, "the image of memory %q is no longer stored", id)
	}
	if err != nil {
		return nil, "", engine.Internal("read image", err)
	}
	ct, err := media.Sniff(data)
	if err != nil { // every blob was validated when stored: this one is damaged
		return nil, "", engine.Internal("read image", err)
	}
	return data, ct, nil
}

// Users lists every user of the store, sorted, one page at a time, with
// the page's users' memories counted by state. The counts come from a scan
// of the store, not from the users' indexes: loading an index keeps it in
// memory for good (the registry evicts none), and an operator paging
// through every user must not pin every user's index.
func (e *Engine) Users(ctx context.Context, page, size int) (*engine.UserPage, error) {
	if err := (&engine.ListFilter{Page: page, Size: size}).Validate(); err != nil {
		return nil, err
	}
	ul, ok := e.store.(engine.UserLister)
	if !ok {
		return nil, engine.Errorf(engine.EUnavailable, "this store cannot list its users")
	}
	all, err := ul.AllUsers(ctx)
	if err != nil {
		return nil, err
	}
	out := &engine.UserPage{Items: []engine.UserCounts{}, Total: len(all), Page: page, Size: size, Pages: (len(all) + size - 1) / size}
	from := min((page-1)*size, len(all))
	for _, u := range all[from:min(from+size, len(all))] {
		c := engine.UserCounts{User: u, States: map[string]int{}}
		err := e.store.ScanMemories(ctx, u, func(m *engine.Memory, _ []float32) error {
			c.States[m.State]++
			c.Total++
			return nil
		})
		if err != nil {
			return nil, engine.Internal("count memories", err)
		}
		out.Items = append(out.Items, c)
	}
	return out, nil
}
