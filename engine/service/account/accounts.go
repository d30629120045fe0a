// Package account holds the operations on a user's data as a whole: Export
// and Import of users' memories, derived records and image files
// (export.go), and EraseUser (erase.go). They work on the store directly,
// under the user's write lock, and drop the user's loaded shard after.
package account

import (
	"context"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
)

// Accounts exports, imports and erases users' data. What it needs from the
// rest of the engine (the user lock, stopping a user's reconcile job, the
// capture jobs' image files) it is given in Deps.
type Accounts struct {
	store             engine.Store
	embed             engine.Embedder
	shards            interface{ Drop(user string) }
	media             *mediaFiles // nil: images disabled
	log               *log.Logger
	now               func() time.Time
	lockUser          func(ctx context.Context, user string) (unlock func(), err error)
	stopReconcile     func(user string)
	embedderID        func() string
	collections       []string
	docShape          func(collection, id string) any
	captureCollection string
	noteCaptureBlob   func(blobs map[string]bool, raw []byte)
	maxTextBytes      int
}

// mediaFiles is the part of the engine's media setup accounts touch.
type mediaFiles struct{ Blobs engine.BlobStore }

// Deps are an Accounts' collaborators; every field is required except
// Blobs.
type Deps struct {
	Store    engine.Store
	Embedder engine.Embedder
	Shards   interface{ Drop(user string) } // the engine's loaded shards
	// Blobs is the image store; nil when images are disabled.
	Blobs  engine.BlobStore
	Logger *log.Logger
	Now    func() time.Time
	// LockUser takes the user's write lock, held while a user is
	// exported, imported or erased, waiting as long as ctx lives; it
	// returns the function that releases it.
	LockUser func(ctx context.Context, user string) (unlock func(), err error)
	// StopReconcile stops the user's reconcile job and waits for it.
	StopReconcile func(user string)
	// EmbedderID names the embedding model and dimension the store holds.
	EmbedderID func() string
	// Collections are the document collections an export carries;
	// CaptureCollection among them holds the queued image captures, whose
	// image files NoteCaptureBlob adds to a set.
	Collections []string
	// DocShape is a fresh value of the type the document id of collection
	// decodes into (nil for a document no collection holds): an import
	// decodes each document into it before writing anything.
	DocShape          func(collection, id string) any
	CaptureCollection string
	NoteCaptureBlob   func(blobs map[string]bool, raw []byte)
	// MaxTextBytes is the longest memory text the engine writes; an
	// imported memory may be no longer.
	MaxTextBytes int
}

// New returns the account operations over d.
func New(d Deps) *Accounts {
	a := &Accounts{store: d.Store, embed: d.Embedder, shards: d.Shards, log: d.Logger, now: d.Now,
		lockUser: d.LockUser, stopReconcile: d.StopReconcile, embedderID: d.EmbedderID,
		collections: d.Collections, docShape: d.DocShape, captureCollection: d.CaptureCollection,
		noteCaptureBlob: d.NoteCaptureBlob, maxTextBytes: d.MaxTextBytes}
	if d.Blobs != nil {
		a.media = &mediaFiles{Blobs: d.Blobs}
	}
	return a
}
