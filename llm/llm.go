// Package llm is memsvc's model access: embeddings, a JSON-mode chat model and a reranker behind small
// interfaces, with adapters for Ollama and langchaingo providers and built-in offline implementations that need
// no model at all (the defaults). It also owns the prompts and the JSON schemas of the model's answers.
//
// The package imports no other memsvc package; the engine depends on it, not the other way around.
package llm

import (
	"context"
	"encoding/json"
)

// Embedder turns texts into vectors of a fixed dimension.
type Embedder interface {
	// Embed returns one vector of length Dim() per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Model is a stable identifier recorded in the store, e.g. "builtin-hash-v1" or "ollama/nomic-embed-text".
	// Vectors of different models are never compared.
	Model() string
	// Dim is the length of every vector.
	Dim() int
}

// Chat is a chat model used in JSON mode (extraction, contradiction decisions, skill learning, rerank, image
// captions).
type Chat interface {
	// Complete returns the raw assistant text (JSON when req.JSON; see ExtractJSON for tolerant parsing).
	Complete(ctx context.Context, req ChatRequest) (string, error)
	// Model names the provider and model, e.g. "ollama/llama3.2".
	Model() string
}

// ChatRequest is one chat completion request.
type ChatRequest struct {
	System   string
	Messages []ChatMessage // Role "user" | "assistant"
	// JSON asks for JSON output (Ollama format "json", OpenAI response_format json_object).
	JSON bool
	// Schema is an optional JSON schema of the answer. Ollama enforces it as its format; providers without
	// structured output get it appended to the system prompt.
	Schema json.RawMessage
	// Images are raw image bytes for vision-capable models, attached to the last user message.
	Images      [][]byte
	Temperature float64
}

// ChatMessage is one turn of a chat.
type ChatMessage struct{ Role, Content string }

// Reranker scores each document's relevance to the query; higher is better; len(scores) == len(docs).
type Reranker interface {
	Rerank(ctx context.Context, query string, docs []string) ([]float64, error)
	// Name is reported in search responses, e.g. "builtin-pairwise" or "llm/ollama/llama3.2".
	Name() string
}
