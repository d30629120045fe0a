package engine

import (
	"context"
	"crypto/rand"
	"fmt"
	"hash/fnv"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/log"
	"github.com/oklog/ulid/v2"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
)

// Embedder turns texts into vectors (implemented in package llm).
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	Model() string
	Dim() int
}

// WordForms knows the other stems of a stem's word family (implemented in
// package llm from the shipped WordNet data).
type WordForms interface {
	Forms(stem string) []string
}

// Reranker scores documents against a query (implemented in package llm).
type Reranker interface {
	Rerank(ctx context.Context, query string, docs []string) ([]float64, error)
	Name() string
}

// Config holds the engine's tunables; zero values take the defaults.
type Config struct {
	RRFK            int           // reciprocal-rank-fusion constant, default 60
	BM25K1          float64       // default 1.2
	BM25B           float64       // default 0.4
	RerankDepth     int           // candidates a reranker sees, default 30
	RerankBudget    time.Duration // time a reranker may take, default 2s
	MaxTextBytes    int           // longest memory text, default 32 KiB
	MaxBatch        int           // most memories one request may add, default 500
	CandidateFactor int           // per-view candidates = top_k × factor (min 50), default 5
	// PassageWeight is the fusion weight of the passage view (textview.go):
	// BM25 over each turn read with the ContextSpan turns each side of it,
	// the d-th counted PassageDecay^d times. Negative disables it.
	PassageWeight, PassageDecay float64
	// ContextWeight is the share of a memory's score lent to the turns next
	// to it in its session in the neighbouring-turns views (halved for each
	// further turn, up to ContextSpan each way); negative disables them.
	// They stand in for the passage view where there is none (vector mode).
	ContextWeight float64
	ContextSpan   int // default 2
	// ContextViewWeight is the fusion weight of a neighbouring-turns view
	// relative to its base view.
	ContextViewWeight float64
	// VectorWeight is the fusion weight of the vector views in hybrid mode.
	VectorWeight float64
	// SpeakerWeight and TimeWeight are the fusion weights of the query
	// priors (priors.go): memories said by a speaker the query names, and
	// memories said around a time it names. Negative disables them.
	SpeakerWeight, TimeWeight float64
	// FeedbackDocs, FeedbackTerms and FeedbackWeight tune pseudo-relevance
	// feedback of the text view: how many top hits, how many expansion
	// terms, and their total weight relative to the query's. 0 docs: off.
	FeedbackDocs   int
	FeedbackTerms  int
	FeedbackWeight float64
	// ConversationGap is the silence that ends an implicit conversation:
	// memories without a session id said (valid_from) closer together than
	// this, in one app and project, are read as one session by the passage
	// and neighbouring-turns views. Default 1h; negative: off.
	ConversationGap time.Duration
	// RelevanceFloor is the calibrated score (relevance.go) a search result
	// must reach to be marked relevant, default 0.5; negative marks every
	// result relevant.
	RelevanceFloor float64
	// ShardBudget is the bytes the in-memory index shards of all users may
	// take together; the least recently used are evicted beyond it and
	// reloaded on demand. Default index.DefaultBudget; negative: no limit.
	ShardBudget int64
	// Spread is derived from ContextWeight and ContextSpan, Passage from
	// PassageDecay and ContextSpan.
	Spread  recall.SpreadWeights
	Passage []float64
}

// DefaultConfig returns every tunable at its default: the one source of the
// defaults, which cmd/memsvc also shows as its flag defaults.
func DefaultConfig() Config {
	var c Config
	c.defaults()
	return c
}

func (c *Config) defaults() {
	setDefault(&c.RRFK, 60)
	if c.BM25K1 == 0 {
		c.BM25K1 = 1.2
	}
	if c.BM25B == 0 {
		c.BM25B = 0.4 // short memories: weaker length normalisation recalls better (see README, Recall)
	}
	setDefault(&c.RerankDepth, 30)
	if c.RerankBudget == 0 {
		c.RerankBudget = 2 * time.Second
	}
	setDefault(&c.MaxTextBytes, 32<<10)
	setDefault(&c.MaxBatch, 500)
	setDefault(&c.CandidateFactor, 5)
	setDefaultF(&c.PassageWeight, 8)
	setDefaultF(&c.PassageDecay, 0.8)
	setDefaultF(&c.ContextWeight, 0.5)
	setDefaultF(&c.ContextViewWeight, 1)
	setDefaultF(&c.VectorWeight, 1)
	setDefaultF(&c.SpeakerWeight, 2)
	setDefaultF(&c.TimeWeight, 8)
	setDefault(&c.ContextSpan, 2)
	c.Spread = recall.SpreadOf(c.ContextWeight, c.ContextSpan)
	c.Passage = recall.PassageDecay(c.PassageDecay, c.ContextSpan)
	setDefault(&c.FeedbackDocs, 5)
	setDefault(&c.FeedbackTerms, 10)
	setDefaultF(&c.FeedbackWeight, 0.3)
	setDefaultF(&c.RelevanceFloor, 0.5)
	if c.ConversationGap == 0 {
		c.ConversationGap = time.Hour
	}
	if c.ShardBudget == 0 {
		c.ShardBudget = index.DefaultBudget
	}
}

// Validate rejects tunables that would make recall meaningless or unbounded
// in cost, naming the field (snake case, so cmd/memsvc can name its flag).
// Zero takes the default, so it is valid.
func (c *Config) Validate() error {
	inUnit := func(v float64) bool { return v >= 0 && v <= 1 } // false for NaN
	switch {
	case !inUnit(c.PassageDecay):
		return Invalid("passage_decay", "must be in (0, 1] (0: the default), got %g", c.PassageDecay)
	case c.ContextSpan < 0 || c.ContextSpan > 8:
		return Invalid("context_span", "must be between 1 and 8 (0: the default), got %d", c.ContextSpan)
	case !(c.BM25K1 >= 0):
		return Invalid("bm25_k1", "must be ≥ 0, got %g", c.BM25K1)
	case !inUnit(c.BM25B):
		return Invalid("bm25_b", "must be in [0, 1], got %g", c.BM25B)
	case !(c.RelevanceFloor <= 1):
		return Invalid("relevance_floor", "must be at most 1 (negative: off), got %g", c.RelevanceFloor)
	}
	return nil
}

func setDefaultF(v *float64, d float64) {
	if *v == 0 {
		*v = d
	}
}

func setDefault(v *int, d int) {
	if *v == 0 {
		*v = d
	}
}

// Deps are the engine's collaborators, wired by cmd/memsvc.
type Deps struct {
	Store    Store
	Embedder Embedder
	// Rerankers in order of preference: the first that answers within the
	// budget wins (typically the LLM one, then the built-in scorer).
	Rerankers []Reranker
	// Extractors in order of preference: a failing or slow one (an LLM)
	// falls back to the next (the built-in rules), which must not fail.
	Extractors []Extractor
	// Decider, when set, makes ADD/UPDATE/SUPERSEDE/NONE decisions for facts
	// a model extracted; the built-in rules decide otherwise.
	Decider Decider
	// WordForms, when set, gives the other stems of a stem's word family
	// ("allergi" → "allerg"), so search matches one lemma's forms that the
	// stemmer keeps apart.
	WordForms WordForms
	// Media enables image memories; nil answers image items with an error.
	Media  *MediaDeps
	Logger *log.Logger
	Now    func() time.Time // injected clock; default time.Now
	NewID  func() string    // injected id source; default time-sortable ULIDs
}

// Engine runs every memsvc operation. It is safe for concurrent use.
type Engine struct {
	cfg     Config
	store   Store
	embed   Embedder
	rerank  []Reranker
	forms   WordForms
	extract []Extractor
	media   *MediaDeps
	decider Decider
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
func New(ctx context.Context, cfg Config, deps Deps) (*Engine, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.defaults()
	e := &Engine{cfg: cfg, store: deps.Store, embed: deps.Embedder, rerank: deps.Rerankers, forms: deps.WordForms,
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
	e.shards = index.NewRegistry(e.embed.Dim(), e.loadShard, e.cfg.ShardBudget)
	return e, nil
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
		return &Error{Code: EConflict, Message: fmt.Sprintf(
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

// ValidateUser checks a user id before it becomes part of store keys.
func ValidateUser(user string) error {
	if user == "" {
		return Invalid("user_id", "must not be empty")
	}
	if len(user) > 128 {
		return Invalid("user_id", "longer than 128 bytes")
	}
	if !utf8.ValidString(user) {
		return Invalid("user_id", "is not valid UTF-8")
	}
	for _, r := range user {
		if unicode.IsControl(r) {
			return Invalid("user_id", "contains a control character")
		}
	}
	return nil
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
