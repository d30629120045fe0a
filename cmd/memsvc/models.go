package main

import (
	"context"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/llm"
)

// models are the model-backed collaborators chosen by configuration.
type models struct {
	embedder  engine.Embedder
	rerankers []engine.Reranker
	chat      llm.Chat // nil when no LLM is configured
}

func openModels(ctx context.Context, cfg Config, logger *log.Logger) (*models, error) {
	return &models{embedder: llm.NewBuiltinEmbedder()}, nil
}

// check reports whether the configured chat model answers; the built-in
// path needs no model and is always healthy.
func (m *models) check(ctx context.Context) error {
	return nil
}
