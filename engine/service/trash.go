package service

import (
	"context"

	"github.com/memsvc/memsvc/engine"
)

// DeleteUndoable deletes memories and keeps a copy of them for
// engine.UndoWindow (engine/service/memories/trash.go).
func (e *Engine) DeleteUndoable(ctx context.Context, user string, ids []string) (*engine.Deletion, error) {
	if err := engine.ValidateIDs("memory_ids", ids); err != nil {
		return nil, err
	}
	now := e.now()
	return e.memories.DeleteKeeping(ctx, user, ids, e.newID(), now, now.Add(engine.UndoWindow))
}

// Undelete restores what an undoable deletion removed
// (engine/service/memories/trash.go).
func (e *Engine) Undelete(ctx context.Context, user, undo string) ([]string, error) {
	return e.memories.Undelete(ctx, user, undo, e.now(), e.kernel.EmbedStored)
}

// RecentDeletions lists the deletions that can still be undone
// (engine/service/memories/trash.go).
func (e *Engine) RecentDeletions(ctx context.Context, user string) ([]engine.RecentDeletion, error) {
	return e.memories.RecentDeletions(ctx, user, e.now())
}
