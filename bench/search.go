package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// Hit is one retrieved memory, reduced to what scoring needs.
type Hit struct {
	ID    string
	Text  string
	Score float64
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
type EngineSearcher struct{ Engine *engine.Engine }

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
		hits[i] = Hit{ID: r.ID, Text: r.Text, Score: r.Score, Turns: turnIDs(r.Metadata, ids)}
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

type searchRequest struct {
	Query  string `json:"query"`
	TopK   int    `json:"top_k,omitempty"`
	Mode   string `json:"mode,omitempty"`
	Rerank string `json:"rerank,omitempty"`
	UserID string `json:"user_id"`
}

type searchResponse struct {
	Results []struct {
		ID       string         `json:"id"`
		Text     string         `json:"text"`
		Score    float64        `json:"score"`
		Metadata map[string]any `json:"metadata"`
		Source   *struct {
			MessageIDs []string `json:"message_ids"`
		} `json:"source"`
	} `json:"results"`
	Reranker string `json:"reranker"`
}

// Search implements Searcher.
func (s HTTPSearcher) Search(ctx context.Context, user string, q engine.Query) ([]Hit, string, error) {
	body, err := json.Marshal(searchRequest{Query: q.Text, TopK: q.TopK, Mode: q.Mode, Rerank: q.Rerank, UserID: user})
	if err != nil {
		return nil, "", fmt.Errorf("search: encode request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(s.BaseURL, "/")+"/api/v1/memories/search", bytes.NewReader(body))
	if err != nil {
		return nil, "", fmt.Errorf("search: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if s.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+s.APIKey)
	}
	client := s.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, "", fmt.Errorf("search: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, "", fmt.Errorf("search: read response: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("search: HTTP %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	var out searchResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, "", fmt.Errorf("search: decode response: %w", err)
	}
	hits := make([]Hit, len(out.Results))
	for i, r := range out.Results {
		var ids []string
		if r.Source != nil {
			ids = r.Source.MessageIDs
		}
		hits[i] = Hit{ID: r.ID, Text: r.Text, Score: r.Score, Turns: turnIDs(r.Metadata, ids)}
	}
	return hits, out.Reranker, nil
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
