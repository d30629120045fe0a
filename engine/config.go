package engine

import (
	"context"
	"math"
	"strings"
	"time"
	"unicode"

	"github.com/memsvc/memsvc/engine/extract"
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
	// Members are the common members of a kind word's kind ("pet": dog,
	// cat…), for a search to look for when no memory names the kind.
	Members(stem string) []string
	// Narrower are the narrower kinds of a word ("dog": greyhound,
	// beagle…), by which the relevance score lets a memory naming the
	// instance cover a prompt naming the category.
	Narrower(stem string) []string
	// Glossed are the stems a word's dictionary definitions name, and
	// the stems whose definitions name it ("asthma", "wheezing"), by which
	// the relevance score counts a weaker match.
	Glossed(stem string) []string
}

// WordFrequency knows how common a stem's words are in general English
// (implemented in package llm from the shipped lexicon's corpus counts).
type WordFrequency interface {
	// Frequency is the share of a general corpus's words that are stem's
	// words: 0 for a word the corpus never has (a name, jargon).
	Frequency(stem string) float64
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
	RerankDepth     int           // candidates a reranker sees, default 12 (search.go, rerankBlend)
	RerankBudget    time.Duration // time a reranker may take, default 2s
	MaxTextBytes    int           // longest memory text, default 32 KiB
	MaxBatch        int           // most memories one request may add, default 500
	CandidateFactor int           // per-view candidates = top_k × factor (min 50), default 5
	// PassageWeight is the fusion weight of the passage view (service/search/textview.go):
	// BM25 over each turn read with the ContextSpan turns each side of it,
	// the d-th counted PassageDecay^d times. Negative disables it.
	PassageWeight, PassageDecay float64
	// ContextWeight is the share of a memory's score lent to the turns next
	// to it in its session in the neighbouring-turns views (halved for each
	// further turn, up to ContextSpan each way); negative disables them.
	// They stand in for the passage view where there is none (vector mode).
	ContextWeight float64
	ContextSpan   int // default 3
	// ContextViewWeight is the fusion weight of a neighbouring-turns view
	// relative to its base view.
	ContextViewWeight float64
	// VectorWeight is the fusion weight of the vector views in hybrid mode.
	VectorWeight float64
	// SpeakerWeight and TimeWeight are the fusion weights of the query
	// priors (recall/priors.go): memories said by a speaker the query names, and
	// memories said around a time it names. Negative disables them.
	SpeakerWeight, TimeWeight float64
	// FeedbackDocs, FeedbackTerms and FeedbackWeight tune pseudo-relevance
	// feedback of the text view: how many top hits, how many expansion
	// terms, and their total weight relative to the query's. 0 docs: off.
	FeedbackDocs   int
	FeedbackTerms  int
	FeedbackWeight float64
	// NearMeaningWeight weighs, in both BM25 views, the store's stems
	// nearest in meaning to a rare query word no memory holds (word vectors;
	// search/meanings.go). 0: off, the default.
	NearMeaningWeight float64
	// ConversationGap is the silence that ends an implicit conversation:
	// memories without a session id said (valid_from) closer together than
	// this, in one app and project, are read as one session by the passage
	// and neighbouring-turns views. Default 1h; negative: off.
	ConversationGap time.Duration
	// RelevanceFloor is the calibrated score (service/search/relevance.go) a search result
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
	c.FillDefaults()
	return c
}

// FillDefaults sets every zero tunable to its default and derives Spread and
// Passage; New calls it.
func (c *Config) FillDefaults() {
	setDefault(&c.RRFK, 60)
	if c.BM25K1 == 0 {
		c.BM25K1 = 1.2
	}
	if c.BM25B == 0 {
		c.BM25B = 0.4 // short memories: weaker length normalisation recalls better (see README, Recall)
	}
	// 20 keeps the built-in rerank at least neutral on both dev sets once the
	// text views weigh terms by general English (README, "Rerank"): at 30 the
	// raw REALTALK turns recall 0.663 with rerank against 0.665 without.
	setDefault(&c.RerankDepth, 12)
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
	setDefault(&c.ContextSpan, 3)
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
	if err := c.validateWeights(); err != nil {
		return err
	}
	switch {
	case !inUnit(c.PassageDecay):
		return Invalid("passage_decay", "must be in (0, 1] (0: the default), got %g", c.PassageDecay)
	case c.ContextSpan < 0 || c.ContextSpan > 8:
		return Invalid("context_span", "must be between 1 and 8 (0: the default), got %d", c.ContextSpan)
	case !(c.BM25K1 >= 0) || math.IsInf(c.BM25K1, 1):
		return Invalid("bm25_k1", "must be ≥ 0, got %g", c.BM25K1)
	case !inUnit(c.BM25B):
		return Invalid("bm25_b", "must be in [0, 1], got %g", c.BM25B)
	case !(c.RelevanceFloor <= 1):
		return Invalid("relevance_floor", "must be at most 1 (negative: off), got %g", c.RelevanceFloor)
	case c.RRFK < 0:
		return Invalid("rrf_k", "must be ≥ 1 (0: the default), got %d", c.RRFK)
	case c.RerankDepth < 0:
		return Invalid("rerank_depth", "must be ≥ 1 (0: the default), got %d", c.RerankDepth)
	case c.RerankBudget < 0:
		return Invalid("rerank_budget", "must be positive (0: the default), got %s", c.RerankBudget)
	case c.NearMeaningWeight < 0 || c.NearMeaningWeight > 1:
		return Invalid("near_meaning_weight", "must be between 0 (off, the default) and 1, got %g", c.NearMeaningWeight)
	case c.FeedbackTerms < 0:
		return Invalid("feedback_terms", "must be ≥ 1 (0: the default; turn feedback off with feedback_docs < 0), got %d", c.FeedbackTerms)
	}
	return nil
}

// validateWeights rejects a fusion weight that is not a finite number, and a
// negative one where negative does not mean off: it would push the view's
// best memories to the bottom.
func (c *Config) validateWeights() error {
	for _, w := range []struct {
		name     string
		v        float64
		negIsOff bool
	}{
		{"passage_weight", c.PassageWeight, true}, {"context_weight", c.ContextWeight, true},
		{"speaker_weight", c.SpeakerWeight, true}, {"time_weight", c.TimeWeight, true},
		{"relevance_floor", c.RelevanceFloor, true},
		{"context_view_weight", c.ContextViewWeight, false}, {"vector_weight", c.VectorWeight, false},
		{"feedback_weight", c.FeedbackWeight, false},
	} {
		if math.IsNaN(w.v) || math.IsInf(w.v, 0) {
			return Invalid(w.name, "must be a finite number, got %g", w.v)
		}
		if w.v < 0 && !w.negIsOff {
			return Invalid(w.name, "must be ≥ 0, got %g", w.v)
		}
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

// CanonicalUser is the spelling of a user id the store keys data under:
// Unicode NFC. "José" typed on macOS arrives decomposed ("Jose" and a
// combining accent) and on Linux composed; byte for byte they are two ids,
// and the same person would find none of the memories written from the
// other machine. Every edge that reads a user id a client wrote (a query
// or body user_id, a key's --user, the dashboard's forms) passes it
// through CanonicalUser before ValidateUser. NFC, not NFKC: the compatibility
// forms ("ｊｏｓé") are spelled differently on screen as well, and an id
// is compared by eye.
func CanonicalUser(user string) string { return CanonicalName(user) }

// ValidateUser checks a user id before it becomes part of store keys.
func ValidateUser(user string) error {
	if user == "" {
		return Invalid("user_id", "must not be empty")
	}
	if len(user) > 128 {
		return Invalid("user_id", "longer than 128 bytes")
	}
	if err := ValidateName("user_id", user); err != nil {
		return err
	}
	// "alice " would be a user of its own beside "alice", one no one can
	// tell apart on a screen.
	if strings.TrimSpace(user) != user {
		return Invalid("user_id", "starts or ends with a space")
	}
	for _, r := range user {
		// An id is shown to operators and compared by eye: a zero-width or
		// direction-changing character would let "ali\u200dce" pass for
		// "alice", and a line separator break a log line.
		if unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) {
			return Invalid("user_id", "contains an invisible or direction-changing character (U+%04X)", r)
		}
	}
	return nil
}

// Decider asks a model what to do with new facts given the stored memories
// closest to them (extract.LLMDecider implements it).
type Decider interface {
	Decide(ctx context.Context, facts []extract.Fact, existing []extract.Existing) ([]extract.Decision, error)
	Name() string
}

// Extractor distils turns into atomic facts (engine/extract implements it).
type Extractor = extract.Extractor

// Captioner describes an image with a vision-capable model (llm adapters
// implement it); nil means the built-in honest description.
type Captioner interface {
	Caption(ctx context.Context, image []byte, mimeType string) (caption, visibleText string, err error)
}
