package service

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/capture"
	"github.com/memsvc/memsvc/engine/skill"
)

// The engine.Service calls that job packages answer, passed on to them.
// Ids a caller names are checked here (engine.ValidateID), once for every
// edge, before any job package or store sees them.

// Skill returns one skill of user (engine/service/skills).
func (e *Engine) Skill(ctx context.Context, user, id string) (*skill.Skill, error) {
	if err := engine.ValidateID("id", id); err != nil {
		return nil, err
	}
	return e.skills.Skill(ctx, user, id)
}

// Skills lists every skill of user (engine/service/skills).
func (e *Engine) Skills(ctx context.Context, user string) ([]skill.Skill, error) {
	return e.skills.Skills(ctx, user)
}

// History returns the events of memory id (engine/service/history).
func (e *Engine) History(ctx context.Context, user, id string) (*engine.History, error) {
	if err := engine.ValidateID("id", id); err != nil {
		return nil, err
	}
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

// MediaDeps are what image capture needs; nil disables images
// (engine/service/capture).
type MediaDeps = capture.MediaDeps

// Ingest reads one add call of an edge and runs each item (engine/service/write).
func (e *Engine) Ingest(ctx context.Context, user string, req engine.IngestRequest) ([]engine.IngestEntry, error) {
	return e.writer.Ingest(ctx, user, req)
}

// Add stores memories verbatim (engine/service/write).
func (e *Engine) Add(ctx context.Context, user string, reqs []engine.AddRequest) ([]engine.WriteResult, error) {
	return e.writer.Add(ctx, user, reqs)
}

// Note runs one deliberate text through the pipeline (engine/service/write).
func (e *Engine) Note(ctx context.Context, user string, req engine.AddRequest) ([]engine.WriteResult, error) {
	return e.writer.Note(ctx, user, req)
}

// AddConversation extracts, decides and writes a conversation's facts
// (engine/service/write).
func (e *Engine) AddConversation(ctx context.Context, user string, req engine.ConversationRequest) (*engine.ConversationResult, error) {
	return e.writer.AddConversation(ctx, user, req)
}

// Forget deletes the memories a request describes (engine/service/write).
func (e *Engine) Forget(ctx context.Context, user, request string, opts engine.ForgetOptions) ([]engine.WriteResult, error) {
	return e.writer.Forget(ctx, user, request, opts)
}

// Resolve supersedes the memories a request describes (engine/service/write).
func (e *Engine) Resolve(ctx context.Context, user, request string, req engine.AddRequest) ([]engine.WriteResult, error) {
	return e.writer.Resolve(ctx, user, request, req)
}

// Supersede replaces memories by a new one (engine/service/write).
func (e *Engine) Supersede(ctx context.Context, user string, oldIDs []string, req engine.AddRequest) ([]engine.WriteResult, error) {
	if err := engine.ValidateIDs("supersedes", oldIDs); err != nil {
		return nil, err
	}
	return e.writer.Supersede(ctx, user, oldIDs, req)
}

// Correct supersedes a memory by its corrected text (engine/service/write).
func (e *Engine) Correct(ctx context.Context, user, id, text string) ([]engine.WriteResult, error) {
	if err := engine.ValidateID("id", id); err != nil {
		return nil, err
	}
	return e.writer.Correct(ctx, user, id, text)
}

// CaptureImage queues an image capture (engine/service/capture).
func (e *Engine) CaptureImage(ctx context.Context, user string, req engine.CaptureRequest) (engine.WriteResult, error) {
	return e.captures.CaptureImage(ctx, user, req)
}

// RunCaptures runs the capture queue until ctx ends (engine/service/capture).
func (e *Engine) RunCaptures(ctx context.Context) { e.captures.RunCaptures(ctx) }

// Get returns one memory of user (engine/service/memories).
func (e *Engine) Get(ctx context.Context, user, id string) (*engine.Memory, error) {
	if err := engine.ValidateID("id", id); err != nil {
		return nil, err
	}
	return e.memories.Get(ctx, user, id)
}

// List returns user's memories filtered and paged (engine/service/memories).
func (e *Engine) List(ctx context.Context, user string, f engine.ListFilter) (*engine.Page, error) {
	return e.memories.List(ctx, user, f)
}

// Delete removes memories and every trace of them (engine/service/memories).
func (e *Engine) Delete(ctx context.Context, user string, ids []string) (deleted, notFound []string, err error) {
	if err := engine.ValidateIDs("memory_ids", ids); err != nil {
		return nil, nil, err
	}
	return e.memories.Delete(ctx, user, ids)
}

// CaptureStats are the capture queue's figures for metrics (engine/service/capture).
type CaptureStats = capture.CaptureStats

// DefaultCaptureLease is how long a capture's lease lasts (engine/service/capture).
const DefaultCaptureLease = capture.DefaultCaptureLease

// CaptureStats counts queued and failed captures (engine/service/capture).
func (e *Engine) CaptureStats(ctx context.Context) (CaptureStats, error) {
	return e.captures.CaptureStats(ctx)
}
