package llm

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"
)

// remoteBatch is how many texts go into one embedding request: large enough to amortise the round trip,
// small enough for every provider's request limits.
const remoteBatch = 64

// dimProbe is the text embedded to learn a remote model's dimension.
const dimProbe = "dimension probe"

// remoteEmbedder adapts a provider's embedding call to Embedder: batching, validation, a fixed dimension and
// unit-length vectors (so cosine is a dot product for every Embedder alike).
type remoteEmbedder struct {
	model   string
	timeout time.Duration
	embed   func(ctx context.Context, texts []string) ([][]float32, error)

	mu  sync.Mutex
	dim int // 0 until learned
}

// Model implements Embedder.
func (e *remoteEmbedder) Model() string { return e.model }

// Dim implements Embedder. When the dimension is not known yet it embeds a probe text, bounded by the
// configured timeout, and returns 0 if that fails.
func (e *remoteEmbedder) Dim() int {
	e.mu.Lock()
	d := e.dim
	e.mu.Unlock()
	if d != 0 {
		return d
	}
	ctx, cancel := context.WithTimeout(context.Background(), e.timeout)
	defer cancel()
	if err := e.probe(ctx); err != nil {
		return 0
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.dim
}

// probe learns the dimension by embedding a probe text.
func (e *remoteEmbedder) probe(ctx context.Context) error {
	_, err := e.Embed(ctx, []string{dimProbe})
	return err
}

// Embed implements Embedder.
func (e *remoteEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += remoteBatch {
		batch := texts[start:min(start+remoteBatch, len(texts))]
		vecs, err := e.embed(ctx, batch)
		if err != nil {
			return nil, err
		}
		if len(vecs) != len(batch) {
			return nil, fmt.Errorf("%s: got %d embeddings for %d texts", e.model, len(vecs), len(batch))
		}
		for i, v := range vecs {
			if err := e.checkDim(len(v)); err != nil {
				return nil, err
			}
			u, err := unit(v)
			if err != nil {
				return nil, fmt.Errorf("%s: text %d: %w", e.model, start+i, err)
			}
			out = append(out, u)
		}
	}
	return out, nil
}

// checkDim records the first dimension seen and rejects any other: a model that changes size under the same
// name would corrupt the store.
func (e *remoteEmbedder) checkDim(n int) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case n == 0:
		return fmt.Errorf("%s: empty embedding", e.model)
	case e.dim == 0:
		e.dim = n
	case e.dim != n:
		return fmt.Errorf("%s: embedding has %d dimensions, want %d", e.model, n, e.dim)
	}
	return nil
}

// unit returns v scaled to length 1 (a new slice).
func unit(v []float32) ([]float32, error) {
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	if sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
		return nil, fmt.Errorf("embedding has norm %v", math.Sqrt(sum))
	}
	inv := 1 / math.Sqrt(sum)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) * inv)
	}
	return out, nil
}
