package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// models are the model-backed collaborators chosen by configuration.
type models struct {
	embedder   engine.Embedder
	rerankers  []engine.Reranker
	extractors []engine.Extractor
	decider    engine.Decider // nil: built-in decisions
	chat       llm.Chat       // nil when no LLM is configured
}

// openModels opens the configured providers. Without any, everything runs
// on the built-in offline paths; with a chat model, its reranker and
// extractor come first and fall back to the built-in ones.
func openModels(ctx context.Context, cfg Config, logger *log.Logger) (*models, error) {
	lc := cfg.llmConfig()
	provider := lc.Provider
	opened, err := llm.Open(ctx, lc)
	if err != nil {
		return nil, fmt.Errorf("models: %w", err)
	}
	m := &models{embedder: opened.Embedder, chat: opened.Chat}
	builtinRerank := llm.NewBuiltinReranker()
	if opened.Reranker != nil && opened.Reranker.Name() != builtinRerank.Name() {
		m.rerankers = append(m.rerankers, opened.Reranker)
	}
	m.rerankers = append(m.rerankers, builtinRerank)
	if opened.Chat != nil {
		m.extractors = append(m.extractors, extract.NewLLM(opened.Chat, cfg.LLMTimeout))
		m.decider = extract.NewLLMDecider(opened.Chat, cfg.LLMTimeout)
		logger.Info("LLM configured", "provider", provider, "model", opened.Chat.Model())
	}
	m.extractors = append(m.extractors, extract.NewBuiltin())
	return m, nil
}

// llmConfig is the models' part of the config; "builtin" is the same as
// no provider.
func (c *Config) llmConfig() llm.Config {
	provider := strings.ToLower(c.LLMProvider)
	if provider == llm.ProviderBuiltin {
		provider = ""
	}
	return llm.Config{Provider: provider, BaseURL: c.LLMBaseURL, APIKey: c.LLMAPIKey, ChatModel: c.LLMModel,
		EmbedModel: c.EmbedModel, Timeout: c.LLMTimeout, EmbedProvider: strings.ToLower(c.EmbedProvider),
		EmbedBaseURL: c.EmbedBaseURL, EmbedAPIKey: c.EmbedAPIKey}
}

// fetchConfig is the image fetcher's part of the config.
func (c *Config) fetchConfig() media.FetchConfig {
	return media.FetchConfig{MaxBytes: c.ImageMaxBytes, Timeout: c.ImageTimeout, AllowHosts: splitComma(c.ImageAllowHosts)}
}

// checkModels refuses an unknown provider, a provider without its model or
// a bad image allow-list before anything opens: each is a usage error, and
// a failed start must leave no data directory behind.
func (c *Config) checkModels() error {
	if err := c.llmConfig().Validate(); err != nil {
		return errUsage{fmt.Errorf("--llm-provider/--embed-provider: %w", err)}
	}
	if err := c.fetchConfig().Validate(); err != nil {
		return errUsage{fmt.Errorf("--image-allow-hosts: %w", err)}
	}
	return c.checkUnusedModelSettings()
}

// checkUnusedModelSettings refuses a model setting no model would use: an
// operator who sets MEMSVC_LLM_MODEL or MEMSVC_EMBED_MODEL and forgets the
// provider would otherwise run the built-in offline models without a word
// (and a store made with the built-in embedder refuses the real one later).
func (c *Config) checkUnusedModelSettings() error {
	chat, embed := c.llmConfig().Provider, strings.ToLower(c.EmbedProvider)
	for _, s := range []struct{ name, value string }{{"llm-model", c.LLMModel}, {"llm-base-url", c.LLMBaseURL}, {"llm-api-key", c.LLMAPIKey}} {
		if s.value != "" && chat == "" {
			return errUsage{fmt.Errorf("--%s is set, but no --llm-provider: it would be ignored and the built-in rules run; "+
				"set --llm-provider (ollama, openai or anthropic), or unset --%s", s.name, s.name)}
		}
	}
	// The chat provider serves embeddings too when it has them and an
	// embedding model is named (llm.Config).
	chatEmbeds := chat == llm.ProviderOllama || chat == llm.ProviderOpenAI
	for _, s := range []struct{ name, value string }{{"embed-model", c.EmbedModel}, {"embed-base-url", c.EmbedBaseURL}, {"embed-api-key", c.EmbedAPIKey}} {
		switch {
		case s.value == "":
		case embed == llm.ProviderBuiltin:
			return errUsage{fmt.Errorf("--%s is set, but --embed-provider is builtin, which takes no settings; "+
				"set --embed-provider ollama or openai, or unset --%s", s.name, s.name)}
		case embed == "" && c.EmbedModel == "":
			return errUsage{fmt.Errorf("--%s is set, but no --embed-model: it would be ignored and the built-in embedder run; "+
				"set --embed-model (and --embed-provider), or unset --%s", s.name, s.name)}
		case embed == "" && !chatEmbeds:
			return errUsage{fmt.Errorf("--%s is set, but no --embed-provider (and --llm-provider %q serves no embeddings): "+
				"it would be ignored and the built-in embedder run; set --embed-provider ollama or openai", s.name, or(chat, llm.ProviderBuiltin))}
		}
	}
	return nil
}

// or is a, or b when a is empty.
func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// check reports whether the configured chat model answers; the built-in
// path needs no model and is always healthy.
func (m *models) check(ctx context.Context) error {
	if m.chat == nil {
		return nil
	}
	_, err := m.chat.Complete(ctx, llm.ChatRequest{Messages: []llm.ChatMessage{{Role: "user", Content: "Reply with {}"}}, JSON: true})
	return err
}

// openMedia builds the image capture dependencies from the config.
func openMedia(cfg Config, m *models) (*service.MediaDeps, error) {
	fc := cfg.fetchConfig() // validated by checkModels
	blobs, err := media.NewBlobStore(filepath.Join(cfg.DataDir, "images"))
	if err != nil {
		return nil, err
	}
	md := &service.MediaDeps{Fetcher: media.NewFetcher(fc), Blobs: store.FileBlobs{Files: blobs}, MaxPending: cfg.ImageMaxPending}
	if m.chat != nil && cfg.VisionCaptions {
		md.Captioner = llm.NewCaptioner(m.chat)
	}
	return md, nil
}

func splitComma(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
