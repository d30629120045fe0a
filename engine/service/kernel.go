package service

import (
	"context"
	"sync"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
)

// The write side's names for the kernel's types (engine/service/kernel).
type (
	plan             = kernel.Plan
	writeChange      = kernel.Change
	learnedProcedure = kernel.Learned
)

// write runs decide in one write transaction of user (kernel.Write).
func (e *Engine) write(ctx context.Context, user string, decide func(engine.Tx, *plan) error) error {
	return e.kernel.Write(ctx, user, decide)
}

// embedQuery embeds query texts (kernel.EmbedQuery).
func (e *Engine) embedQuery(ctx context.Context, texts []string) ([][]float32, error) {
	return e.kernel.EmbedQuery(ctx, texts)
}

// embedStored embeds texts to be stored (kernel.EmbedStored).
func (e *Engine) embedStored(ctx context.Context, texts []string) ([][]float32, error) {
	return e.kernel.EmbedStored(ctx, texts)
}

// userLock is user's write lock (kernel.UserLock).
func (e *Engine) userLock(user string) *sync.Mutex { return e.kernel.UserLock(user) }
