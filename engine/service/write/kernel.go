package write

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
)

// The write side's names for the kernel's types (engine/service/kernel).
type (
	plan             = kernel.Plan
	learnedProcedure = kernel.Learned
)

// write runs decide in one write transaction of user (kernel.Write).
func (e *Writer) write(ctx context.Context, user string, decide func(engine.Tx, *plan) error) error {
	return e.kernel.Write(ctx, user, decide)
}

// embedStored embeds texts to be stored (kernel.EmbedStored).
func (e *Writer) embedStored(ctx context.Context, texts []string) ([][]float32, error) {
	return e.kernel.EmbedStored(ctx, texts)
}
