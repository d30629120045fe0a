package llm

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Provider names accepted by Config.
const (
	ProviderBuiltin = "builtin" // no model: built-in embedder and reranker, no chat
	ProviderOllama  = "ollama"
)

// Config selects the models; cmd/memsvc fills it from flags and environment.
//
//   - Provider picks the chat model's provider: "" or "builtin" = no chat model (extraction, supersession and
//     skill learning use the engine's offline fallbacks); "ollama", "openai" (also any OpenAI-compatible
//     server via BaseURL) or "anthropic". With a provider, ChatModel is required.
//   - BaseURL and APIKey are the chat provider's endpoint and key ("" = the provider's default endpoint;
//     APIKey is required for "anthropic" only). Timeout bounds each request (0 = DefaultTimeout).
//   - Embeddings come from EmbedProvider when it is set ("builtin", "ollama" or "openai", with EmbedModel
//     required for the last two). When it is "", they come from Provider if Provider has embeddings ("ollama",
//     "openai") and EmbedModel is set, else from the built-in embedder.
//   - EmbedBaseURL and EmbedAPIKey are the embedding provider's endpoint and key; "" = BaseURL and APIKey
//     when the embedding provider is the chat provider, else that provider's defaults.
//   - The reranker is the chat model's (NewChatReranker) when there is a chat model, else the built-in one.
type Config struct {
	Provider      string
	BaseURL       string
	APIKey        string
	ChatModel     string
	EmbedModel    string
	Timeout       time.Duration
	EmbedProvider string
	EmbedBaseURL  string
	EmbedAPIKey   string
}

// Models are the opened models.
type Models struct {
	Embedder Embedder // never nil
	Chat     Chat     // nil when no chat model is configured
	Reranker Reranker // the chat model's reranker, or the built-in one without a chat model
}

// Open opens the models cfg selects. It contacts a remote embedding provider once to learn its dimension, so a
// misconfigured or unreachable embedding server fails here rather than at the first write; chat providers are
// not contacted.
func Open(ctx context.Context, cfg Config) (*Models, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	chat, err := openChat(cfg)
	if err != nil {
		return nil, err
	}
	emb, err := openEmbedder(ctx, cfg)
	if err != nil {
		return nil, err
	}
	m := &Models{Embedder: emb, Chat: chat, Reranker: NewBuiltinReranker()}
	if chat != nil {
		m.Reranker = NewChatReranker(chat)
	}
	return m, nil
}

// Validate checks the provider names and required model names without
// contacting anything, so a caller can refuse a bad setting before it opens
// anything else.
func (c Config) Validate() error {
	switch c.Provider {
	case "", ProviderBuiltin:
	case ProviderOllama, ProviderOpenAI, ProviderAnthropic:
		if c.ChatModel == "" {
			return fmt.Errorf("llm: provider %q needs a chat model", c.Provider)
		}
	default:
		return fmt.Errorf("llm: unknown provider %q (want builtin, ollama, openai or anthropic)", c.Provider)
	}
	switch provider, _, _ := embedTarget(c); provider {
	case ProviderBuiltin:
	case ProviderOllama, ProviderOpenAI:
		if c.EmbedModel == "" {
			return fmt.Errorf("llm: embedding provider %q: no embedding model configured", provider)
		}
	default:
		return fmt.Errorf("llm: unknown embedding provider %q (want builtin, ollama or openai)", provider)
	}
	return nil
}

func openChat(cfg Config) (Chat, error) {
	switch cfg.Provider {
	case "", ProviderBuiltin:
		return nil, nil
	}
	if cfg.ChatModel == "" {
		return nil, fmt.Errorf("llm: provider %q needs a chat model", cfg.Provider)
	}
	switch cfg.Provider {
	case ProviderOllama:
		o, err := NewOllama(OllamaConfig{BaseURL: cfg.BaseURL, ChatModel: cfg.ChatModel, Timeout: cfg.Timeout})
		if err != nil {
			return nil, fmt.Errorf("llm: %w", err)
		}
		return o.Chat(), nil
	case ProviderOpenAI, ProviderAnthropic:
		l, err := NewLangchain(LangchainConfig{Provider: cfg.Provider, BaseURL: cfg.BaseURL, APIKey: cfg.APIKey,
			ChatModel: cfg.ChatModel, Timeout: cfg.Timeout})
		if err != nil {
			return nil, fmt.Errorf("llm: %w", err)
		}
		return l.Chat(), nil
	}
	return nil, fmt.Errorf("llm: unknown provider %q (want builtin, ollama, openai or anthropic)", cfg.Provider)
}

// embedTarget resolves which provider, endpoint and key serve embeddings.
func embedTarget(cfg Config) (provider, baseURL, apiKey string) {
	provider = cfg.EmbedProvider
	if provider == "" {
		provider = ProviderBuiltin
		if cfg.EmbedModel != "" && (cfg.Provider == ProviderOllama || cfg.Provider == ProviderOpenAI) {
			provider = cfg.Provider
		}
	}
	baseURL, apiKey = cfg.EmbedBaseURL, cfg.EmbedAPIKey
	if provider == cfg.Provider {
		baseURL, apiKey = or(baseURL, cfg.BaseURL), or(apiKey, cfg.APIKey)
	}
	return provider, baseURL, apiKey
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func openEmbedder(ctx context.Context, cfg Config) (Embedder, error) {
	provider, baseURL, apiKey := embedTarget(cfg)
	var emb Embedder
	var err error
	switch provider {
	case ProviderBuiltin:
		return NewBuiltinEmbedder(), nil
	case ProviderOllama:
		var o *Ollama
		if o, err = NewOllama(OllamaConfig{BaseURL: baseURL, EmbedModel: cfg.EmbedModel, Timeout: cfg.Timeout}); err == nil {
			emb, err = o.Embedder()
		}
	case ProviderOpenAI:
		var l *Langchain
		if l, err = NewLangchain(LangchainConfig{Provider: provider, BaseURL: baseURL, APIKey: apiKey,
			EmbedModel: cfg.EmbedModel, Timeout: cfg.Timeout}); err == nil {
			emb, err = l.Embedder()
		}
	default:
		return nil, fmt.Errorf("llm: unknown embedding provider %q (want builtin, ollama or openai)", provider)
	}
	if err != nil {
		return nil, fmt.Errorf("llm: embeddings: %w", err)
	}
	if r, ok := emb.(*remoteEmbedder); ok {
		if err := r.probe(ctx); err != nil {
			return nil, fmt.Errorf("llm: embeddings: learn the dimension of %s: %w", r.Model(), err)
		}
	}
	if emb.Dim() <= 0 {
		return nil, errors.New("llm: embeddings: model reported no dimension")
	}
	return emb, nil
}
