package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// Limits of one chat rerank call: a model's context is finite and long lists dilute its attention.
const (
	chatRerankBatch  = 20   // documents per model call
	chatRerankDocMax = 1200 // bytes of each document shown to the model
)

// chatReranker asks a chat model to score query-document pairs. See NewChatReranker.
type chatReranker struct{ chat Chat }

// NewChatReranker returns a Reranker that asks c to score each document's relevance to the query from 0 to 1
// (prompt "rerank", answer {"scores":[...]}), in batches of 20 documents. A malformed answer (not JSON, wrong
// number of scores, a score outside [0, 1]) is an error, so the caller can fall back to another reranker.
// Its Name is "llm/" + c.Model().
func NewChatReranker(c Chat) Reranker { return &chatReranker{chat: c} }

// Name implements Reranker.
func (r *chatReranker) Name() string { return "llm/" + r.chat.Model() }

// Rerank implements Reranker.
func (r *chatReranker) Rerank(ctx context.Context, query string, docs []string) ([]float64, error) {
	system, err := Prompt(PromptRerank)
	if err != nil {
		return nil, err
	}
	schema, err := PromptSchema(PromptRerank)
	if err != nil {
		return nil, err
	}
	scores := make([]float64, 0, len(docs))
	for start := 0; start < len(docs); start += chatRerankBatch {
		batch := docs[start:min(start+chatRerankBatch, len(docs))]
		got, err := r.rerankBatch(ctx, system, schema, query, batch)
		if err != nil {
			return nil, fmt.Errorf("llm rerank (%s): documents %d-%d: %w", r.Name(), start, start+len(batch)-1, err)
		}
		scores = append(scores, got...)
	}
	return scores, nil
}

func (r *chatReranker) rerankBatch(ctx context.Context, system string, schema json.RawMessage, query string,
	docs []string) ([]float64, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "Query: %s\n\nDocuments (%d):\n", query, len(docs))
	for i, d := range docs {
		fmt.Fprintf(&b, "[%d] %s\n", i, text.ClipBytes(strings.Join(strings.Fields(d), " "), chatRerankDocMax))
	}
	fmt.Fprintf(&b, "\nReturn {\"scores\": [...]} with exactly %d numbers.", len(docs))
	answer, err := r.chat.Complete(ctx, ChatRequest{
		System:   system,
		Messages: []ChatMessage{{Role: "user", Content: b.String()}},
		JSON:     true,
		Schema:   schema,
	})
	if err != nil {
		return nil, err
	}
	return parseScores(answer, len(docs))
}

// parseScores validates a rerank answer: a JSON object with exactly n finite scores in [0, 1].
func parseScores(answer string, n int) ([]float64, error) {
	raw := ExtractJSON(answer)
	if raw == "" {
		return nil, fmt.Errorf("answer has no JSON: %q", text.Clip(answer, 200))
	}
	var out struct {
		Scores []float64 `json:"scores"`
	}
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return nil, fmt.Errorf("malformed answer %q: %w", text.Clip(raw, 200), err)
	}
	if len(out.Scores) != n {
		return nil, fmt.Errorf("answer has %d scores for %d documents", len(out.Scores), n)
	}
	for i, s := range out.Scores {
		if math.IsNaN(s) || s < 0 || s > 1 {
			return nil, fmt.Errorf("score %d = %v is outside [0, 1]", i, s)
		}
	}
	return out.Scores, nil
}
