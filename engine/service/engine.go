package service

import (
	"context"
	"crypto/rand"
	"fmt"
	"hash/fnv"
	"sync"
	"time"

	"github.com/charmbracelet/log"
	"github.com/oklog/ulid/v2"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service/account"
	"github.com/memsvc/memsvc/engine/service/search"
)

// Deps are the engine's collaborators, wired by cmd/memsvc.
type Deps struct {
	Store    engine.Store
	Embedder engine.Embedder
	// Rerankers in order of preference: the first that answers within the
	// budget wins (typically the LLM one, then the built-in scorer).
	Rerankers []engine.Reranker
	// Extractors in order of preference: a failing or slow one (an LLM)
	// falls back to the next (the built-in rules), which must not fail.
	Extractors []engine.Extractor
	// Decider, when set, makes ADD/UPDATE/SUPERSEDE/NONE decisions for facts
	// a model extracted; the built-in rules decide otherwise.
	Decider engine.Decider
	// WordForms, when set, gives the other stems of a stem's word family
	// ("allergi" → "allerg"), so search matches one lemma's forms that the
	// stemmer keeps apart.
	WordForms engine.WordForms
	// Media enables image memories; nil answers image items with an error.
	Media  *MediaDeps
	Logger *log.Logger
	Now    func() time.Time // injected clock; default time.Now
	NewID  func() string    // injected id source; default time-sortable ULIDs
}

// Engine runs every memsvc operation. It is safe for concurrent use.
type Engine struct {
	// Searcher answers Search (engine/service/search).
	*search.Searcher
	// Accounts answers Export, Import and EraseUser (engine/service/account).
	*account.Accounts
	cfg     engine.Config
	store   engine.Store
	embed   engine.Embedder
	extract []engine.Extractor
	media   *MediaDeps
	decider engine.Decider
	// captureWake nudges RunCaptures when a capture is queued.
	captureWake chan struct{}
	llmHealth
	log    *log.Logger
	now    func() time.Time
	newID  func() string
	shards *index.Registry
	locks  [64]sync.Mutex // per-user write serialisation, striped by hash
	// hooks derive records inside every write transaction (write.go).
	hooks []writeHook
	// recon runs the background entity reconcile jobs (reconcile.go);
	// Close stops them.
	recon reconciler
}

// metaEmbedder is the store setting that pins the embedding model.
const metaEmbedder = "embedder"

// New checks the store's recorded embedding model against deps.Embedder
// (refusing to mix models or dimensions) and returns a ready engine.
func New(ctx context.Context, cfg engine.Config, deps Deps) (*Engine, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.FillDefaults()
	e := &Engine{cfg: cfg, store: deps.Store, embed: deps.Embedder,
		extract: deps.Extractors, media: deps.Media, decider: deps.Decider, log: deps.Logger,
		captureWake: make(chan struct{}, 1), now: deps.Now, newID: deps.NewID}
	if e.log == nil {
		e.log = log.New(nil)
	}
	if e.now == nil {
		e.now = time.Now
	}
	if e.newID == nil {
		e.newID = ulidSource(e.now)
	}
	if e.media != nil {
		e.media.defaults()
	}
	// Entity linking first: it sets the entity refs of the planned
	// memories before any later hook reads the plan.
	e.hooks = []writeHook{e.linkEntities, e.learnSkills, e.recordHistory}
	if err := e.checkEmbedder(ctx); err != nil {
		return nil, err
	}
	e.shards = index.NewRegistry(e.embed.Dim(), e.loadShard)
	e.composeJobs(deps)
	return e, nil
}

// composeJobs builds the job packages *Engine embeds, handing each what it
// needs of the rest of the engine.
func (e *Engine) composeJobs(deps Deps) {
	e.Searcher = search.New(search.Deps{Config: e.cfg, Shards: e.shards, Rerankers: deps.Rerankers,
		WordForms: deps.WordForms, Logger: e.log, Now: e.now, EmbedQuery: e.embedQuery, Load: e.load,
		PrimarySkill: e.primarySkill})
	var blobs *media.BlobStore
	if e.media != nil {
		blobs = e.media.Blobs
	}
	e.Accounts = account.New(account.Deps{Store: e.store, Embedder: e.embed, Shards: e.shards, Blobs: blobs,
		Logger: e.log, Now: e.now, UserLock: e.userLock, StopReconcile: e.stopReconcile, EmbedderID: e.EmbedderID,
		Collections: exportCollections, CaptureCollection: captureCollection, NoteCaptureBlob: noteCaptureBlob,
		ReadBlob: readBlob})
}

func (e *Engine) checkEmbedder(ctx context.Context) error {
	want := fmt.Sprintf("%s/%d", e.embed.Model(), e.embed.Dim())
	got, err := e.store.GetMeta(ctx, metaEmbedder)
	if err != nil {
		return err
	}
	if got == "" {
		return e.store.PutMeta(ctx, metaEmbedder, want)
	}
	if got != want {
		return &engine.Error{Code: engine.EConflict, Message: fmt.Sprintf(
			"the store holds embeddings of %q but the configured embedder is %q; refusing to mix them "+
				"(configure the original embedder, or use a new data directory)", got, want)}
	}
	return nil
}

// Close stops the engine's background work (reconcile jobs, reconcile.go)
// and waits for it. Call it before closing the store.
func (e *Engine) Close() { e.recon.stopAll() }

// EmbedderID names the embedding model and dimension the store is pinned to.
func (e *Engine) EmbedderID() string { return fmt.Sprintf("%s/%d", e.embed.Model(), e.embed.Dim()) }

func ulidSource(now func() time.Time) func() string {
	var mu sync.Mutex
	entropy := ulid.Monotonic(rand.Reader, 0)
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return ulid.MustNew(ulid.Timestamp(now()), entropy).String()
	}
}

func (e *Engine) userLock(user string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(user))
	return &e.locks[h.Sum32()%uint32(len(e.locks))]
}

// Check reports the health of the store and the embedder.
func (e *Engine) Check(ctx context.Context) map[string]error {
	out := map[string]error{"store": e.store.Check(ctx)}
	_, err := e.embed.Embed(ctx, []string{"health check"})
	out["embedder"] = err
	if err := e.llmHealth.recent(e.now()); err != nil {
		out["llm"] = err
	}
	return out
}

var _ engine.Service = (*Engine)(nil)

// exportCollections are the document collections a user's export carries:
// every collection the engine writes. A new collection must be added here
// (TestExportRoundTrip compares every read after an import).
var exportCollections = []string{skillCollection, entityCollection, entityNameCollection,
	entityLinkCollection, jobCollection, captureCollection, historyCollection}
