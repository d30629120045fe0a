// Package search is the recall side of the engine: Search gathers the text,
// passage, vector and neighbouring-turn views of a user's shard
// (search.go, textview.go), fuses them with the query priors
// (engine/recall), calibrates each hit's score into a relevance
// (relevance.go), keeps a fact and its episode in one place (slots.go) and
// may rerank the top (search.go). It writes nothing itself; the engine
// gives it what it reads (memories by id, query vectors, the skill a
// query asks for).
package search

import (
	"context"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/skill"
)

// Shards hands out a user's loaded shard (the engine's registry, kept at
// the store's version when replicas share the store).
type Shards interface {
	Shard(ctx context.Context, user string) (*index.Shard, error)
}

// Searcher answers recall queries over the users' loaded shards. It only
// reads: what it needs from the rest of the engine (memories by id, query
// vectors, the skill a query asks for) it is given as functions.
type Searcher struct {
	cfg          engine.Config
	shards       Shards
	rerank       []engine.Reranker
	forms        engine.WordForms
	freq         engine.WordFrequency
	log          *log.Logger
	now          func() time.Time
	embedQuery   func(ctx context.Context, texts []string) ([][]float32, error)
	load         func(ctx context.Context, user string, ids []string) ([]*engine.Memory, error)
	primarySkill func(ctx context.Context, user, query string) (*skill.Skill, error)
}

// Deps are a Searcher's collaborators; every field is required except
// Rerankers, WordForms and WordFrequency.
type Deps struct {
	Config    engine.Config // with its defaults filled in
	Shards    Shards
	Rerankers []engine.Reranker // in order of preference (see rerankHits)
	WordForms engine.WordForms
	// WordFrequency, when set, tells relevance scores how common a query
	// word is in general English (see calibrate).
	WordFrequency engine.WordFrequency
	Logger        *log.Logger
	Now           func() time.Time
	// EmbedQuery embeds query texts, mapping model failures to an
	// unavailable error.
	EmbedQuery func(ctx context.Context, texts []string) ([][]float32, error)
	// Load reads a user's memories by id, skipping missing ones.
	Load func(ctx context.Context, user string, ids []string) ([]*engine.Memory, error)
	// PrimarySkill is the learned skill a procedural query asks for, if any.
	PrimarySkill func(ctx context.Context, user, query string) (*skill.Skill, error)
}

// New returns a Searcher over d.
func New(d Deps) *Searcher {
	return &Searcher{cfg: d.Config, shards: d.Shards, rerank: d.Rerankers, forms: d.WordForms, freq: d.WordFrequency, log: d.Logger,
		now: d.Now, embedQuery: d.EmbedQuery, load: d.Load, primarySkill: d.PrimarySkill}
}
