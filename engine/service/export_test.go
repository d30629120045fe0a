package service

import "context"

// WaitMeanings waits until the engine's meaning filler has nothing left to
// fill (Engine.WaitMeanings), so a test measures searches over stored
// meaning vectors, not searches racing the backfill.
func WaitMeanings(ctx context.Context, e *Engine) error { return e.WaitMeanings(ctx) }
