package service

import (
	"context"
)

// SetBeforeMerge installs a hook that runs before each group n of a
// reconcile job, so tests can hold a job mid-way. Set it before starting a
// job.
func SetBeforeMerge(e *Engine, f func(ctx context.Context, n int)) { e.recon.beforeMerge = f }
