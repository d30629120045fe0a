// Package entities keeps the entities users' memories mention: a write
// hook (Link) resolves each changed memory's mentions to entities and
// links them (entities.go), EntitySuggestions proposes duplicates to
// merge, and reconcile jobs merge them in the background, one job per
// user (reconcile.go, reconcile_merge.go). The matching rules are
// engine/entity's.
package entities

import (
	"context"
	"sync"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
)

// Keeper links, suggests and reconciles users' entities. Close stops its
// background jobs.
type Keeper struct {
	store engine.Store
	log   *log.Logger
	now   func() time.Time
	newID func() string
	write func(ctx context.Context, user string, decide func(engine.Tx, *plan) error) error
	// recon runs the background reconcile jobs (reconcile.go).
	recon reconciler
	// leases counts the goroutines holding reconcile leases, so Close
	// returns only once every lease is given back (reconcilelease.go).
	leases sync.WaitGroup
}

// Deps are a Keeper's collaborators, all required.
type Deps struct {
	Store  engine.Store
	Logger *log.Logger
	Now    func() time.Time
	NewID  func() string
	// Kernel runs the writes a reconcile job makes.
	Kernel *kernel.Kernel
}

// New returns a Keeper over d.
func New(d Deps) *Keeper {
	return &Keeper{store: d.Store, log: d.Logger, now: d.Now, newID: d.NewID, write: d.Kernel.Write}
}

// Close stops the running reconcile jobs and waits for them and for their
// leases to be given back, so a restarted replica finds none still held.
func (e *Keeper) Close() {
	e.recon.stopAll()
	e.leases.Wait()
}

// Collections are the document collections entities and reconcile jobs
// are stored in, for a user's export.
var Collections = []string{entityCollection, entityNameCollection, entityLinkCollection, jobCollection}

// plan and writeChange are the kernel's, as the write hooks see them.
type (
	plan        = kernel.Plan
	writeChange = kernel.Change
)
