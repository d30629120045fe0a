package index

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

// Loaded returns user's shard when it is loaded, nil otherwise: work in
// the background (the meaning filler) updates a loaded shard but must not
// load one, which would evict shards in use for a user nobody is asking
// about.
func (r *Registry) Loaded(user string) *Shard {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.shards[user]; ok && e.elem != nil {
		return e.shard
	}
	return nil
}
