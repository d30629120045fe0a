package service

import (
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/charmbracelet/log"
	"github.com/oklog/ulid/v2"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/engine/service/account"
	"github.com/memsvc/memsvc/engine/service/capture"
	"github.com/memsvc/memsvc/engine/service/entities"
	"github.com/memsvc/memsvc/engine/service/history"
	"github.com/memsvc/memsvc/engine/service/kernel"
	"github.com/memsvc/memsvc/engine/service/memories"
	"github.com/memsvc/memsvc/engine/service/search"
	"github.com/memsvc/memsvc/engine/service/skills"
	"github.com/memsvc/memsvc/engine/service/write"
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
	// WordFrequency, when set, gives how common a word is in general
	// English, which relevance scores weigh query words by: in a store of
	// a few memories every word looks equally rare.
	WordFrequency engine.WordFrequency
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
	cfg    engine.Config
	store  engine.Store
	embed  engine.Embedder
	media  *MediaDeps
	log    *log.Logger
	now    func() time.Time
	newID  func() string
	shards *kernel.ReplicaShards
	// kernel runs the writes (engine/service/kernel): lock, transaction,
	// plan, hooks.
	kernel *kernel.Kernel
	// history records each write (a hook) and answers History
	// (engine/service/history).
	history *history.Recorder
	// skills learns skills (a hook) and reads them (engine/service/skills).
	skills *skills.Learner
	// entities links (a hook), suggests and reconciles entities
	// (engine/service/entities); Close stops its jobs.
	entities *entities.Keeper
	// writer answers the ingest side: Ingest, Add, Note, AddConversation,
	// Forget, Resolve, Supersede, Correct (engine/service/write).
	writer *write.Writer
	// captures queues and runs image captures (engine/service/capture).
	captures *capture.Queue
	// memories answers Get, List and Delete (engine/service/memories).
	memories *memories.Memories
}

// metaEmbedder is the store setting that pins the embedding model.
const metaEmbedder = reembed.MetaKey

// New checks the store's recorded embedding model against deps.Embedder
// (refusing to mix models or dimensions) and returns a ready engine.
func New(ctx context.Context, cfg engine.Config, deps Deps) (*Engine, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.FillDefaults()
	e := &Engine{cfg: cfg, store: deps.Store, embed: deps.Embedder, media: deps.Media, log: deps.Logger,
		now: deps.Now, newID: deps.NewID}
	if e.log == nil {
		e.log = log.New(nil)
	}
	if e.now == nil {
		e.now = time.Now
	}
	if e.newID == nil {
		e.newID = ulidSource(e.now)
	}
	if err := e.checkEmbedder(ctx); err != nil {
		return nil, err
	}
	if err := e.checkAnalysis(ctx); err != nil {
		return nil, err
	}
	e.kernel = kernel.New(cfg, e.store, e.embed)
	if enc, ok := deps.WordForms.(kernel.SentenceEncoder); ok {
		e.kernel.FillMeanings(enc) // each memory's meaning vector, in the background
	}
	e.shards = e.kernel.Shards()
	e.composeJobs(deps)
	return e, nil
}

// composeJobs builds the job packages *Engine holds, handing each what it
// needs of the rest of the engine, and registers the write hooks.
func (e *Engine) composeJobs(deps Deps) {
	e.history = history.New(e.store, e.now)
	e.skills = skills.New(skills.Deps{Config: e.cfg, Store: e.store, Logger: e.log, NewID: e.newID, Now: e.now,
		Kernel: e.kernel})
	// Entity linking first: it sets the entity refs of the planned
	// memories before any later hook reads the plan.
	e.entities = entities.New(entities.Deps{Store: e.store, Logger: e.log, Now: e.now, NewID: e.newID, Kernel: e.kernel})
	e.kernel.SetHooks(e.entities.Link, e.skills.Learn, e.history.Record, memories.DropExpiredHook(e.now))
	e.memories = memories.New(e.store, e.kernel)
	e.Searcher = search.New(search.Deps{Config: e.cfg, Shards: e.shards, Rerankers: deps.Rerankers,
		WordForms: deps.WordForms, WordFrequency: deps.WordFrequency, Logger: e.log, Now: e.now, EmbedQuery: e.kernel.EmbedQuery, Load: e.memories.Load,
		PrimarySkill: e.skills.PrimarySkill})
	// e.CaptureImage, not e.captures': the queue is built next, from the
	// writer's NewMemory.
	e.writer = write.New(write.Deps{Config: e.cfg, Store: e.store, Embedder: e.embed, Kernel: e.kernel, Extractors: deps.Extractors,
		Decider: deps.Decider, Skills: e.skills, Logger: e.log, Now: e.now, NewID: e.newID, Search: e.Search,
		Get: e.memories.Get, Delete: e.memories.Delete, Load: e.memories.Load, CaptureImage: e.CaptureImage})
	e.captures = capture.New(capture.Deps{Store: e.store, Kernel: e.kernel, Media: e.media, Logger: e.log, Now: e.now,
		NewID: e.newID, NewMemory: e.writer.NewMemory})
	var blobs engine.BlobStore
	if e.media != nil {
		blobs = e.media.Blobs
	}
	e.Accounts = account.New(account.Deps{Store: e.store, Embedder: e.embed, Shards: e.shards, Blobs: blobs,
		Logger: e.log, Now: e.now, LockUser: e.kernel.LockUser, StopReconcile: e.entities.StopReconcile, EmbedderID: e.EmbedderID,
		Collections: exportCollections, DocShape: exportDoc, CaptureCollection: capture.CaptureCollection, NoteCaptureBlob: capture.NoteCaptureBlob,
		MaxTextBytes: e.cfg.MaxTextBytes})
}

// checkEmbedder pins the store to the configured embedder on first use,
// re-embeds a store of an earlier built-in embedder (reembed.Automatic),
// and refuses any other mismatch, naming the command that fixes it.
func (e *Engine) checkEmbedder(ctx context.Context) error {
	want := reembed.ID(e.embed)
	got, err := e.store.GetMeta(ctx, metaEmbedder)
	if err != nil || got == want {
		return err
	}
	if got == "" {
		return e.store.PutMeta(ctx, metaEmbedder, want)
	}
	if !reembed.AutomaticFrom(got, want) {
		return mixedEmbedders(got, want)
	}
	return e.autoReembed(ctx, got, want)
}

// mixedEmbedders is the refusal of a store whose vectors another model
// made, or two models (a re-embedding left half done: reembed.Unfinished).
func mixedEmbedders(got, want string) error {
	if err := reembed.Unfinished(got, want); err != nil {
		return err
	}
	return reembed.Mismatch(got, want)
}

// autoReembed re-embeds a store of an earlier built-in embedder. On a store
// shared by replicas (reembed.Exclusive) one replica does it while the
// others wait for its lock, then find the new model recorded.
func (e *Engine) autoReembed(ctx context.Context, got, want string) error {
	run := func(ctx context.Context) error {
		now, err := e.store.GetMeta(ctx, metaEmbedder)
		if err != nil || now == want {
			return err // another replica finished it while this one waited
		}
		if now != got && !reembed.AutomaticFrom(now, want) {
			return mixedEmbedders(now, want) // moved to another model meanwhile
		}
		e.log.Info("re-embedding every stored memory for the new built-in embedder", "from", now, "to", want)
		st, err := reembed.Run(ctx, e.store, e.embed, reembed.Options{})
		if engine.ErrorCode(err) == engine.EUnavailable {
			return &engine.Error{Code: engine.EUnavailable, Message: fmt.Sprintf(
				"the store holds embeddings of %s and must be re-embedded for %q, but it takes no writes; "+
					"open it writable once (or run `memsvc reembed`)", reembed.Describe(got), want), Err: err}
		}
		if err != nil {
			return fmt.Errorf("re-embed the store for %s: %w", want, err)
		}
		e.log.Info("re-embedded", "users", st.Users, "memories", st.Memories, "from", st.From, "to", st.To)
		return nil
	}
	if x, ok := e.store.(reembed.Exclusive); ok {
		return x.Exclusively(ctx, "reembed", run)
	}
	return run(ctx)
}

// EmbedderID names the embedding model and dimension the store is pinned to.
func (e *Engine) EmbedderID() string { return reembed.ID(e.embed) }

func ulidSource(now func() time.Time) func() string {
	var mu sync.Mutex
	entropy := ulid.Monotonic(rand.Reader, 0)
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return ulid.MustNew(ulid.Timestamp(now()), entropy).String()
	}
}

// Check reports the health of the store and the embedder.
func (e *Engine) Check(ctx context.Context) map[string]error {
	out := map[string]error{"store": e.store.Check(ctx)}
	_, err := e.embed.Embed(ctx, []string{"health check"})
	out["embedder"] = err
	if err := e.writer.LLMFailure(e.now()); err != nil {
		out["llm"] = err
	}
	return out
}

var _ engine.Service = (*Engine)(nil)

// exportCollections are the document collections a user's export carries:
// every collection the engine writes. A new collection must be added here
// (TestExportRoundTrip compares every read after an import).
var exportCollections = slices.Concat([]string{skills.Collection}, entities.Collections,
	[]string{capture.CaptureCollection, history.Collection, write.CarryCollection})

// exportDoc is a fresh value of the type the document id of an export
// collection decodes into (nil for one no collection holds): an import
// refuses a document that does not decode into it, which every later read
// of it would have failed on (TestDocShapesCoverExportCollections).
func exportDoc(collection, id string) any {
	switch collection {
	case skills.Collection:
		return skills.Doc(id)
	case capture.CaptureCollection:
		return capture.Doc(id)
	case history.Collection:
		return history.Doc(id)
	case write.CarryCollection:
		return write.CarryDoc(id)
	}
	return entities.Doc(collection, id)
}

// Close stops the engine's background work (reconcile jobs, the meaning
// filler) and waits for it. Call it before closing the store.
func (e *Engine) Close() {
	e.entities.Close()
	e.kernel.Close()
}
