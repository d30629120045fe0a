package llm

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/anthropic"
	"github.com/tmc/langchaingo/llms/openai"
)

// Providers served through langchaingo.
const (
	ProviderOpenAI    = "openai"    // OpenAI or any OpenAI-compatible server (vLLM, llama.cpp, LM Studio, ...)
	ProviderAnthropic = "anthropic" // Anthropic's messages API; chat only
)

// openAINoKey is sent as the API key to OpenAI-compatible servers when none is configured: local servers
// ignore it, and an explicit value keeps langchaingo from reading OPENAI_API_KEY from the environment.
const openAINoKey = "no-key"

// LangchainConfig configures the langchaingo adapter.
type LangchainConfig struct {
	Provider   string        // "openai" (any OpenAI-compatible base URL) or "anthropic"
	BaseURL    string        // "" = the provider's public API
	APIKey     string        // required for "anthropic"; optional for OpenAI-compatible local servers
	ChatModel  string        // "" = no chat model
	EmbedModel string        // "" = no embedder; "anthropic" has none
	Timeout    time.Duration // per request; 0 = DefaultTimeout
}

// Langchain is a chat and embedding client for the providers langchaingo supports. Safe for concurrent use.
type Langchain struct {
	cfg  LangchainConfig
	http *http.Client
	chat llms.Model
	emb  *openai.LLM // nil unless the provider has embeddings and EmbedModel is set
}

// NewLangchain validates cfg and builds the provider clients. It does not contact the provider.
func NewLangchain(cfg LangchainConfig) (*Langchain, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.BaseURL != "" {
		if _, err := parseBaseURL(cfg.BaseURL); err != nil {
			return nil, fmt.Errorf("%s: %w", cfg.Provider, err)
		}
	}
	l := &Langchain{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}}
	var err error
	switch cfg.Provider {
	case ProviderOpenAI:
		err = l.initOpenAI()
	case ProviderAnthropic:
		err = l.initAnthropic()
	default:
		return nil, fmt.Errorf("langchain: unknown provider %q (want %q or %q)", cfg.Provider, ProviderOpenAI,
			ProviderAnthropic)
	}
	if err != nil {
		return nil, err
	}
	return l, nil
}

func (l *Langchain) initOpenAI() error {
	key := l.cfg.APIKey
	if key == "" {
		key = openAINoKey
	}
	base := l.cfg.BaseURL
	if base == "" {
		base = "https://api.openai.com/v1"
	}
	// Every option is explicit so langchaingo never falls back to OPENAI_* environment variables.
	opts := []openai.Option{openai.WithToken(key), openai.WithBaseURL(strings.TrimRight(base, "/")),
		openai.WithOrganization(""), openai.WithHTTPClient(l.http), openai.WithModel(l.cfg.ChatModel),
		openai.WithEmbeddingModel(l.cfg.EmbedModel)}
	c, err := openai.New(opts...)
	if err != nil {
		return fmt.Errorf("openai: %w", err)
	}
	if l.cfg.ChatModel != "" {
		l.chat = c
	}
	if l.cfg.EmbedModel != "" {
		l.emb = c
	}
	return nil
}

func (l *Langchain) initAnthropic() error {
	if l.cfg.APIKey == "" {
		return errors.New("anthropic: an API key is required")
	}
	if l.cfg.EmbedModel != "" {
		return errors.New("anthropic: has no embedding models; use another embedding provider")
	}
	opts := []anthropic.Option{anthropic.WithToken(l.cfg.APIKey), anthropic.WithModel(l.cfg.ChatModel),
		anthropic.WithHTTPClient(l.http)}
	if l.cfg.BaseURL != "" {
		opts = append(opts, anthropic.WithBaseURL(strings.TrimRight(l.cfg.BaseURL, "/")))
	}
	c, err := anthropic.New(opts...)
	if err != nil {
		return fmt.Errorf("anthropic: %w", err)
	}
	if l.cfg.ChatModel != "" {
		l.chat = c
	}
	return nil
}

// Chat returns the chat model, or nil when cfg.ChatModel is empty.
func (l *Langchain) Chat() Chat {
	if l.chat == nil {
		return nil
	}
	return &langchainChat{l: l}
}

// Embedder returns the embedding model (dimension learnt as for Ollama; see (*Ollama).Embedder), or an error
// when the provider has none or cfg.EmbedModel is empty.
func (l *Langchain) Embedder() (Embedder, error) {
	if l.emb == nil {
		return nil, fmt.Errorf("%s: no embedding model configured", l.cfg.Provider)
	}
	return &remoteEmbedder{model: l.cfg.Provider + "/" + l.cfg.EmbedModel, timeout: l.cfg.Timeout,
		embed: l.embed}, nil
}

func (l *Langchain) embed(ctx context.Context, texts []string) ([][]float32, error) {
	v, err := l.emb.CreateEmbedding(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("%s embed (%s): %w", l.cfg.Provider, l.cfg.EmbedModel, err)
	}
	return v, nil
}

// langchainChat is the Chat of a langchaingo provider.
type langchainChat struct{ l *Langchain }

// Model implements Chat.
func (c *langchainChat) Model() string { return c.l.cfg.Provider + "/" + c.l.cfg.ChatModel }

// Complete implements Chat. JSON requests use the provider's JSON mode where it has one; a schema is added to
// the system prompt unless the prompt already contains it (langchaingo passes no per-request schema).
func (c *langchainChat) Complete(ctx context.Context, req ChatRequest) (string, error) {
	opts := []llms.CallOption{llms.WithTemperature(req.Temperature)}
	if req.JSON || len(req.Schema) > 0 {
		opts = append(opts, llms.WithJSONMode())
	}
	resp, err := c.l.chat.GenerateContent(ctx, c.messages(req), opts...)
	if err != nil {
		return "", fmt.Errorf("%s chat (%s): %w", c.l.cfg.Provider, c.l.cfg.ChatModel, err)
	}
	if len(resp.Choices) == 0 {
		return "", fmt.Errorf("%s chat (%s): empty response", c.l.cfg.Provider, c.l.cfg.ChatModel)
	}
	return resp.Choices[0].Content, nil
}

func (c *langchainChat) messages(req ChatRequest) []llms.MessageContent {
	system := req.System
	if s := string(req.Schema); s != "" && !strings.Contains(system, s) {
		system = strings.TrimSpace(system + "\n\nAnswer with JSON matching this JSON schema:\n" + s)
	}
	var out []llms.MessageContent
	if system != "" {
		out = append(out, llms.TextParts(llms.ChatMessageTypeSystem, system))
	}
	for _, m := range req.Messages {
		role := llms.ChatMessageTypeHuman
		if m.Role == "assistant" {
			role = llms.ChatMessageTypeAI
		}
		out = append(out, llms.TextParts(role, m.Content))
	}
	if len(req.Images) > 0 {
		i := lastUser(req.Messages)
		if i < 0 {
			out = append(out, llms.MessageContent{Role: llms.ChatMessageTypeHuman})
			i = len(out) - 1
		} else if system != "" {
			i++
		}
		for _, img := range req.Images {
			out[i].Parts = append(out[i].Parts, c.imagePart(img))
		}
	}
	return out
}

// imagePart encodes an image the way the provider reads it: OpenAI wants a data URL, Anthropic raw bytes.
func (c *langchainChat) imagePart(img []byte) llms.ContentPart {
	mime := http.DetectContentType(img)
	if c.l.cfg.Provider == ProviderOpenAI {
		return llms.ImageURLPart("data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(img))
	}
	return llms.BinaryPart(mime, img)
}
