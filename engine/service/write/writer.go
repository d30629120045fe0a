// Package write is the ingest side of the engine: an edge's add call read by
// engine/intent (Ingest), verbatim adds, notes and conversations through the
// extract → decide (engine/ingest) → write pipeline, episodes, a model's
// decisions, supersession, correct, and the intent-driven Forget and
// Resolve. Every write goes through the kernel (engine/service/kernel); the
// reads and image captures it needs are functions handed in by
// engine/service's composeJobs.
package write

import (
	"context"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service/kernel"
	"github.com/memsvc/memsvc/engine/service/skills"
)

// Deps are what the write side needs of the rest of the engine.
type Deps struct {
	Config engine.Config
	Store  engine.Store
	// Embedder names the model each new memory records in its source.
	Embedder engine.Embedder
	Kernel   *kernel.Kernel
	// Extractors and Decider: see service.Deps.
	Extractors []engine.Extractor
	Decider    engine.Decider
	// Skills splits procedures off a conversation (WithProcedures).
	Skills *skills.Learner
	Logger *log.Logger
	Now    func() time.Time
	NewID  func() string
	// Search, Get, Delete and Load answer Forget and Resolve's reads and
	// deletes (engine/service/search, engine/service/memories).
	Search func(ctx context.Context, user string, q engine.Query) (*engine.SearchResult, error)
	Get    func(ctx context.Context, user, id string) (*engine.Memory, error)
	Delete func(ctx context.Context, user string, ids []string) (deleted, notFound []string, err error)
	Load   func(ctx context.Context, user string, ids []string) ([]*engine.Memory, error)
	// CaptureImage queues an image item of Ingest (engine/service/capture).
	CaptureImage func(ctx context.Context, user string, req engine.CaptureRequest) (engine.WriteResult, error)
}

// Writer answers the engine's write calls. It is safe for concurrent use.
type Writer struct {
	cfg     engine.Config
	store   engine.Store
	embed   engine.Embedder
	kernel  *kernel.Kernel
	shards  *kernel.ReplicaShards
	extract []engine.Extractor
	decider engine.Decider
	skills  *skills.Learner
	llmHealth
	log          *log.Logger
	now          func() time.Time
	newID        func() string
	search       func(ctx context.Context, user string, q engine.Query) (*engine.SearchResult, error)
	get          func(ctx context.Context, user, id string) (*engine.Memory, error)
	del          func(ctx context.Context, user string, ids []string) (deleted, notFound []string, err error)
	load         func(ctx context.Context, user string, ids []string) ([]*engine.Memory, error)
	captureImage func(ctx context.Context, user string, req engine.CaptureRequest) (engine.WriteResult, error)
}

// New returns the write side over d.
func New(d Deps) *Writer {
	return &Writer{cfg: d.Config, store: d.Store, embed: d.Embedder, kernel: d.Kernel, shards: d.Kernel.Shards(), extract: d.Extractors,
		decider: d.Decider, skills: d.Skills, log: d.Logger, now: d.Now, newID: d.NewID, search: d.Search,
		get: d.Get, del: d.Delete, load: d.Load, captureImage: d.CaptureImage}
}

// LLMFailure is the last model failure (extraction or decisions) if it is
// recent enough to report the model as degraded, else nil.
func (e *Writer) LLMFailure(now time.Time) error { return e.llmHealth.recent(now) }
