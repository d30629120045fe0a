package bench

import (
	"context"
	"fmt"
	"net/http"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/rest/client"
)

// Hit is one retrieved memory, reduced to what scoring needs.
type Hit struct {
	ID    string
	Text  string
	Score float64
	// Relevant says whether the score cleared the engine's relevance floor.
	Relevant bool
	// Match holds the measures the score was computed from; nil over HTTP,
	// which does not show them.
	Match *index.Match
	// Turns are the dataset turn ids the memory stands for: its metadata
	// dia_id (raw ingest), else its source message ids (extracted facts).
	Turns []string
}

// Searcher runs one recall query for a user. Reranker names the reranker
// that ran ("" or "none" when none did).
type Searcher interface {
	Search(ctx context.Context, user string, q engine.Query) (hits []Hit, reranker string, err error)
}

// EngineSearcher searches by calling the engine directly.
type EngineSearcher struct{ Engine engine.Recaller }

// Search implements Searcher.
func (s EngineSearcher) Search(ctx context.Context, user string, q engine.Query) ([]Hit, string, error) {
	res, err := s.Engine.Search(ctx, user, q)
	if err != nil {
		return nil, "", err
	}
	hits := make([]Hit, len(res.Results))
	for i, r := range res.Results {
		var ids []string
		if r.Source != nil {
			ids = r.Source.MessageIDs
		}
		hits[i] = newHit(r.ID, r.Text, r.Score, r.Metadata, ids)
		hits[i].Relevant, hits[i].Match = r.Relevant, &r.Match
	}
	return hits, res.Reranker, nil
}

// HTTPSearcher searches through memsvc's REST API (POST
// /api/v1/memories/search), so measured latency includes HTTP and JSON.
type HTTPSearcher struct {
	Client  *http.Client
	BaseURL string // e.g. http://127.0.0.1:8765
	APIKey  string // sent as a bearer token when set; with auth disabled the body's user_id decides
}

// Search runs POST /api/v1/memories/search with the one REST client.
func (s HTTPSearcher) Search(ctx context.Context, user string, q engine.Query) ([]Hit, string, error) {
	c := &client.Client{BaseURL: s.BaseURL, APIKey: s.APIKey, HTTP: s.Client}
	out, err := c.Search(ctx, client.SearchRequest{Query: q.Text, TopK: q.TopK, Mode: q.Mode, Rerank: q.Rerank, UserID: user})
	if err != nil {
		return nil, "", fmt.Errorf("search: %w", err)
	}
	hits := make([]Hit, len(out.Results))
	for i, r := range out.Results {
		var ids []string
		if r.Source != nil {
			ids = r.Source.MessageIDs
		}
		hits[i] = newHit(r.ID, r.Text, r.Score, r.Metadata, ids)
		hits[i].Relevant = r.Relevant != nil && *r.Relevant
	}
	return hits, out.Reranker, nil
}

// newHit is one result as the metrics read it, from either searcher.
func newHit(id, text string, score float64, meta map[string]any, messageIDs []string) Hit {
	return Hit{ID: id, Text: text, Score: score, Turns: turnIDs(meta, messageIDs)}
}

// metaTurnID is the metadata key under which raw ingest stores a turn's id.
const metaTurnID = "dia_id"

// turnIDs says which dataset turns a memory stands for.
func turnIDs(meta map[string]any, messageIDs []string) []string {
	if id, ok := meta[metaTurnID].(string); ok && id != "" {
		return []string{id}
	}
	return messageIDs
}
