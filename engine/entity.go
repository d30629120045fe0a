package engine

import (
	"time"
)

// Entity is one thing a user's memories mention (a person, place,
// organisation, project, tool, pet, email, URL or handle), with the other
// names it is known by.
type Entity struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Aliases []string `json:"aliases,omitempty"`
	// MergedInto is set on an alias record: the entity this one was merged
	// into by reconciliation.
	MergedInto string `json:"merged_into,omitempty"`
	// Merged lists the alias records merged into this entity.
	Merged []string `json:"merged,omitempty"`
	// Mentions is the number of memories mentioning the entity.
	Mentions int `json:"mentions"`
	// MemoryIDs lists the memories mentioning the entity. Entities fills it;
	// it is not part of the stored record.
	MemoryIDs []string  `json:"memory_ids,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// EntitySuggestion is a candidate group of duplicate entities, the
// suggested survivor first.
type EntitySuggestion struct {
	ID          string      `json:"id"`
	Entities    []EntityRef `json:"entities"`
	CanonicalID string      `json:"canonical_id"`
	Score       float64     `json:"score"`
	Reason      string      `json:"reason"`
}

// Reconcile job states.
const (
	JobIdle      = "idle"
	JobRunning   = "running"
	JobDone      = "done"
	JobCancelled = "cancelled"
	JobFailed    = "failed"
)

// Merge states of one group of a reconcile job.
const (
	MergePlanned = "planned" // not reached yet, or a dry run
	MergeDone    = "merged"
	MergeSkipped = "skipped" // a member changed since the job started
)

// ReconcileRequest starts an entity reconcile job.
type ReconcileRequest struct {
	// SuggestionIDs limits the job to these suggestions; empty: every
	// suggestion at or above Threshold.
	SuggestionIDs []string
	// Threshold is the score (0..1) a group needs; nil: entity.DefaultThreshold.
	Threshold *float64
	// DryRun reports the merges without making them.
	DryRun bool
}

// ReconcileJob is the state of a user's reconcile job.
type ReconcileJob struct {
	JobID      string     `json:"job_id"`
	Status     string     `json:"status"`
	Merged     int        `json:"merged"` // entities folded into a survivor (a dry run: that would be)
	Groups     int        `json:"groups"` // duplicate groups the job set out to merge
	Skipped    int        `json:"skipped"`
	DryRun     bool       `json:"dry_run"`
	Threshold  float64    `json:"threshold"`
	StartedAt  *time.Time `json:"started_at"`
	FinishedAt *time.Time `json:"finished_at"`
	Error      string     `json:"error,omitempty"`
	// Merges lists the first groups of the job with their outcome.
	Merges []ReconcileMerge `json:"merges,omitempty"`
}

// ReconcileMerge is one group of duplicates in a job.
type ReconcileMerge struct {
	SuggestionID string      `json:"suggestion_id"`
	Survivor     EntityRef   `json:"survivor"`
	Merged       []EntityRef `json:"merged"`
	Status       string      `json:"status"`
}

// Ref is the reference a memory holds to x.
func (x *Entity) Ref() EntityRef { return EntityRef{ID: x.ID, Name: x.Name, Type: x.Type} }

// Names are x's name and its aliases.
func (x *Entity) Names() []string { return append([]string{x.Name}, x.Aliases...) }
