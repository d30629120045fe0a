package service

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/skill"
)

// The engine.Service calls that job packages answer, passed on to them.

// Skill returns one skill of user (engine/service/skills).
func (e *Engine) Skill(ctx context.Context, user, id string) (*skill.Skill, error) {
	return e.skills.Skill(ctx, user, id)
}

// Skills lists every skill of user (engine/service/skills).
func (e *Engine) Skills(ctx context.Context, user string) ([]skill.Skill, error) {
	return e.skills.Skills(ctx, user)
}

// History returns the events of memory id (engine/service/history).
func (e *Engine) History(ctx context.Context, user, id string) (*engine.History, error) {
	return e.history.History(ctx, user, id)
}

// Entities lists user's entities (engine/service/entities).
func (e *Engine) Entities(ctx context.Context, user string) ([]engine.Entity, error) {
	return e.entities.Entities(ctx, user)
}

// EntitySuggestions proposes groups of user's entities to merge.
func (e *Engine) EntitySuggestions(ctx context.Context, user string, limit int) ([]engine.EntitySuggestion, error) {
	return e.entities.EntitySuggestions(ctx, user, limit)
}

// Reconcile starts a job merging user's duplicate entities.
func (e *Engine) Reconcile(ctx context.Context, user string, req engine.ReconcileRequest) (*engine.ReconcileJob, error) {
	return e.entities.Reconcile(ctx, user, req)
}

// ReconcileStatus reports user's reconcile job.
func (e *Engine) ReconcileStatus(ctx context.Context, user string) (*engine.ReconcileJob, error) {
	return e.entities.ReconcileStatus(ctx, user)
}

// CancelReconcile stops user's running reconcile job.
func (e *Engine) CancelReconcile(ctx context.Context, user string) (*engine.ReconcileJob, error) {
	return e.entities.CancelReconcile(ctx, user)
}

// SetBeforeMerge is the reconcile jobs' test seam (entities.Keeper.SetBeforeMerge).
func (e *Engine) SetBeforeMerge(f func(ctx context.Context, n int)) { e.entities.SetBeforeMerge(f) }
