package service

import (
	"context"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/memories"
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
	return e.memories.Undelete(ctx, user, undo, e.now(), e.kernel.EmbedStored, e.writer.ReplaceRestored)
}

// RecentDeletions lists the deletions that can still be undone
// (engine/service/memories/trash.go).
func (e *Engine) RecentDeletions(ctx context.Context, user string) ([]engine.RecentDeletion, error) {
	return e.memories.RecentDeletions(ctx, user, e.now())
}

// trashSweepEvery is how often RunTrashSweep looks for expired copies: an
// expired copy of an idle user lives at most this long past its window.
const trashSweepEvery = time.Minute

// RunTrashSweep drops expired undo copies now and then until ctx ends, so
// the copy of a user who writes nothing more goes too (memsvc serve and
// memsvc mcp run it beside the image captures).
func (e *Engine) RunTrashSweep(ctx context.Context) {
	t := time.NewTicker(trashSweepEvery)
	defer t.Stop()
	for {
		// EUnavailable: a store that takes no writes keeps its copies
		// until one that can write sweeps them (reads never show them).
		if err := e.SweepTrash(ctx); err != nil && ctx.Err() == nil && engine.ErrorCode(err) != engine.EUnavailable {
			e.log.Warn("trash sweep failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// SweepTrash drops every user's expired undo copies, one user's write at
// a time.
func (e *Engine) SweepTrash(ctx context.Context) error {
	users, err := e.store.Users(ctx, memories.TrashCollection)
	if err != nil {
		return err
	}
	for _, u := range users {
		if err := e.memories.DropExpired(ctx, u, e.now()); err != nil {
			return err
		}
	}
	return nil
}
