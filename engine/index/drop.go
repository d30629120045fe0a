package index

import "context"

// Drop forgets the user's shard, so the next Shard call reloads it from the
// store (after an import wrote to the store directly, or an erase). A load
// under way finishes for its waiting callers but is not kept.
func (r *Registry) Drop(user string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.shards[user]; ok {
		r.unlink(e)
	}
}

// Resident returns user's shard when it is loaded, or once it is when it
// is loading, and nil when it is neither (or its load failed): work in the
// background (the meaning filler) updates a resident shard but must not
// load one, which would evict shards in use for a user nobody is asking
// about. It waits for a load in progress because that load may have read
// the store before the caller's write and not be told of it.
func (r *Registry) Resident(ctx context.Context, user string) (*Shard, error) {
	r.mu.Lock()
	e, ok := r.shards[user]
	r.mu.Unlock()
	if !ok {
		return nil, nil
	}
	select {
	case <-e.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if e.err != nil {
		return nil, nil
	}
	return e.shard, nil
}
