// Package history keeps each memory's history: a write hook (Record) turns
// every write's plan into events stored beside the memory, and History
// reads them back, also after the memory was deleted.
package history

import (
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
)

// Recorder records and reads memories' histories.
type Recorder struct {
	store engine.Store
	now   func() time.Time
}

// New returns a Recorder over store, stamping events with now.
func New(store engine.Store, now func() time.Time) *Recorder {
	return &Recorder{store: store, now: now}
}

// plan and writeChange are the kernel's, as the write hooks see them.
type (
	plan        = kernel.Plan
	writeChange = kernel.Change
)
