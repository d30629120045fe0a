// Package capture is the image capture queue: CaptureImage answers at once
// with a pending memory and queues the job; RunCaptures fetches, describes
// and embeds the image and completes the memory, retrying what fails
// (engine/media does the image work). Its writes go through the kernel
// (engine/service/kernel).
package capture

import (
	"context"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
)

// Deps are what the capture queue needs of the rest of the engine.
type Deps struct {
	Store  engine.Store
	Kernel *kernel.Kernel
	// Media enables image memories; nil answers image items with an error.
	Media  *MediaDeps
	Logger *log.Logger
	Now    func() time.Time
	NewID  func() string // names this runner's worker on the job queue
	// NewMemory builds the pending memory (engine/service/write).
	NewMemory func(user string, r engine.AddRequest, now time.Time) *engine.Memory
}

// Queue runs image captures. It is safe for concurrent use.
type Queue struct {
	store engine.Store
	media *MediaDeps
	// captureWake nudges RunCaptures when a capture is queued.
	captureWake chan struct{}
	log         *log.Logger
	now         func() time.Time
	newID       func() string
	write       func(ctx context.Context, user string, decide func(engine.Tx, *kernel.Plan) error) error
	embedStored func(ctx context.Context, texts []string) ([][]float32, error)
	newMemory   func(user string, r engine.AddRequest, now time.Time) *engine.Memory
	// claimsRefused: the store refused the last claim; only RunCaptures'
	// goroutine touches it.
	claimsRefused bool
}

// New returns the capture queue over d, filling d.Media's defaults.
func New(d Deps) *Queue {
	if d.Media != nil {
		d.Media.defaults()
	}
	return &Queue{store: d.Store, media: d.Media, captureWake: make(chan struct{}, 1), log: d.Logger, now: d.Now,
		newID: d.NewID, write: d.Kernel.Write, embedStored: d.Kernel.EmbedStored, newMemory: d.NewMemory}
}
