package service

import (
	"context"

	"github.com/memsvc/memsvc/engine/index"
)

// ShardOf is user's loaded index shard, for tests that compare its scans.
func ShardOf(ctx context.Context, e *Engine, user string) (*index.Shard, error) {
	return e.shards.Shard(ctx, user)
}
