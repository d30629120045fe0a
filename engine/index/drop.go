package index

// Drop forgets the user's shard, so the next Shard call reloads it from the
// store (after an import wrote to the store directly, or an erase).
func (r *Registry) Drop(user string) {
	r.mu.Lock()
	delete(r.shards, user)
	r.mu.Unlock()
}
