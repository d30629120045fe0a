package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
)

// DefaultOllamaURL is where Ollama listens unless configured otherwise.
const DefaultOllamaURL = "http://127.0.0.1:11434"

// DefaultTimeout bounds one model request when the configuration gives none. Local models on a CPU are slow;
// a hung server must still not hold a request forever.
const DefaultTimeout = 2 * time.Minute

// OllamaConfig configures the Ollama adapter.
type OllamaConfig struct {
	BaseURL    string        // e.g. "http://127.0.0.1:11434"; "" = DefaultOllamaURL
	ChatModel  string        // e.g. "llama3.2"; "" = no chat model
	EmbedModel string        // e.g. "nomic-embed-text"; "" = no embedder
	Timeout    time.Duration // per request; 0 = DefaultTimeout
}

// Ollama is a client of an Ollama server (github.com/ollama/ollama/api). It is safe for concurrent use.
type Ollama struct {
	client *api.Client
	cfg    OllamaConfig
}

// NewOllama validates cfg and returns an adapter. It does not contact the server.
func NewOllama(cfg OllamaConfig) (*Ollama, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultOllamaURL
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	u, err := parseBaseURL(cfg.BaseURL)
	if err != nil {
		return nil, fmt.Errorf("ollama: %w", err)
	}
	return &Ollama{client: api.NewClient(u, &http.Client{Timeout: cfg.Timeout}), cfg: cfg}, nil
}

func parseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimRight(raw, "/"))
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // its text quotes the whole URL, password included
	}
	if err != nil {
		return nil, fmt.Errorf("base URL %q: %w", shownURL(raw), err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("base URL %q: want http(s)://host[:port]", shownURL(raw))
	}
	return u, nil
}

// shownURL is raw as an error may quote it, a password in it masked: a
// base URL may carry one, and start-up errors end up in service logs.
func shownURL(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		return u.Redacted()
	}
	at := strings.LastIndex(raw, "@")
	if at < 0 {
		return raw
	}
	start := 0 // no "//": the user info starts the string
	if i := strings.Index(raw, "//"); i >= 0 && i < at {
		start = i + 2
	}
	return raw[:start] + "xxxxx" + raw[at:]
}

// Chat returns the chat model, or nil when cfg.ChatModel is empty.
func (o *Ollama) Chat() Chat {
	if o.cfg.ChatModel == "" {
		return nil
	}
	return &ollamaChat{o: o}
}

// Embedder returns the embedding model. Its dimension is discovered by embedding a probe text: on the first
// Embed, or on the first Dim (bounded by the configured timeout; 0 if the server cannot be reached). Open
// probes it up front.
func (o *Ollama) Embedder() (Embedder, error) {
	if o.cfg.EmbedModel == "" {
		return nil, errors.New("ollama: no embedding model configured")
	}
	e := &remoteEmbedder{model: "ollama/" + o.cfg.EmbedModel, timeout: o.cfg.Timeout, embed: o.embed}
	return e, nil
}

func (o *Ollama) embed(ctx context.Context, texts []string) ([][]float32, error) {
	resp, err := o.client.Embed(ctx, &api.EmbedRequest{Model: o.cfg.EmbedModel, Input: texts})
	if err != nil {
		return nil, fmt.Errorf("ollama embed (%s): %w", o.cfg.EmbedModel, err)
	}
	return resp.Embeddings, nil
}

// ollamaChat is the Chat of an Ollama server.
type ollamaChat struct{ o *Ollama }

// Model implements Chat.
func (c *ollamaChat) Model() string { return "ollama/" + c.o.cfg.ChatModel }

// Complete implements Chat. JSON requests use Ollama's format "json", or the schema itself when req.Schema is
// set (Ollama's structured outputs).
func (c *ollamaChat) Complete(ctx context.Context, req ChatRequest) (string, error) {
	stream := false
	areq := &api.ChatRequest{
		Model:    c.o.cfg.ChatModel,
		Messages: ollamaMessages(req),
		Stream:   &stream,
		Options:  map[string]any{"temperature": req.Temperature},
	}
	switch {
	case len(req.Schema) > 0:
		areq.Format = req.Schema
	case req.JSON:
		areq.Format = json.RawMessage(`"json"`)
	}
	var b strings.Builder
	err := c.o.client.Chat(ctx, areq, func(r api.ChatResponse) error {
		b.WriteString(r.Message.Content)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("ollama chat (%s): %w", c.o.cfg.ChatModel, err)
	}
	return b.String(), nil
}

// ollamaMessages converts a request to Ollama messages: the system prompt first, images on the last user
// message.
func ollamaMessages(req ChatRequest) []api.Message {
	msgs := make([]api.Message, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, api.Message{Role: "system", Content: req.System})
	}
	for _, m := range req.Messages {
		msgs = append(msgs, api.Message{Role: m.Role, Content: m.Content})
	}
	if len(req.Images) > 0 {
		i := lastUser(req.Messages)
		if i < 0 {
			msgs = append(msgs, api.Message{Role: "user"})
			i = len(msgs) - 1
		} else if req.System != "" {
			i++
		}
		for _, img := range req.Images {
			msgs[i].Images = append(msgs[i].Images, api.ImageData(img))
		}
	}
	return msgs
}

// lastUser is the index of the last user message, or -1.
func lastUser(msgs []ChatMessage) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" {
			return i
		}
	}
	return -1
}
