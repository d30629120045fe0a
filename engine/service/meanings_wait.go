package service

import "context"

// WaitMeanings waits until the background filler has stored the meaning
// vector of every memory written so far (engine/service/kernel/meanings.go).
// The recall benchmark calls it between ingesting and asking, so the
// searches read a store whose meaning vectors are all in, as a store at rest
// is, rather than racing the backfill: deterministic figures.
func (e *Engine) WaitMeanings(ctx context.Context) error { return e.kernel.WaitMeanings(ctx) }
