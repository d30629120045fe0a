package service

import "github.com/memsvc/memsvc/engine/index"

// CacheStats returns the figures of the in-memory index shards (loaded
// shards, their bytes against the budget, loads and evictions) for /metrics.
func (e *Engine) CacheStats() index.CacheStats { return e.shards.CacheStats() }
