package llm

import (
	"context"
	"strings"
	"testing"
)

func TestOpen(t *testing.T) {
	ollama := newFakeOllama(t)
	openai := newFakeOpenAI(t)
	closed := newFakeOllama(t)
	closed.Close()
	cases := []struct {
		name                            string
		cfg                             Config
		wantEmbed, wantChat, wantRerank string // model names; "" chat = nil
		wantDim                         int
		wantErr                         string
	}{
		{name: "zero config is all built-in", cfg: Config{},
			wantEmbed: BuiltinEmbedModel, wantDim: 512, wantRerank: "builtin-pairwise"},
		{name: "builtin", cfg: Config{Provider: "builtin", EmbedModel: "ignored"},
			wantEmbed: BuiltinEmbedModel, wantDim: 512, wantRerank: "builtin-pairwise"},
		{name: "ollama chat and embeddings",
			cfg:       Config{Provider: "ollama", BaseURL: ollama.URL, ChatModel: "llama3.2", EmbedModel: "nomic"},
			wantEmbed: "ollama/nomic", wantDim: 4, wantChat: "ollama/llama3.2", wantRerank: "llm/ollama/llama3.2"},
		{name: "ollama chat, built-in embeddings",
			cfg:       Config{Provider: "ollama", BaseURL: ollama.URL, ChatModel: "llama3.2"},
			wantEmbed: BuiltinEmbedModel, wantDim: 512, wantChat: "ollama/llama3.2", wantRerank: "llm/ollama/llama3.2"},
		{name: "ollama chat, embeddings forced built-in",
			cfg: Config{Provider: "ollama", BaseURL: ollama.URL, ChatModel: "llama3.2", EmbedModel: "nomic",
				EmbedProvider: "builtin"},
			wantEmbed: BuiltinEmbedModel, wantDim: 512, wantChat: "ollama/llama3.2", wantRerank: "llm/ollama/llama3.2"},
		{name: "openai-compatible chat and embeddings",
			cfg:       Config{Provider: "openai", BaseURL: openai.URL + "/v1", ChatModel: "gpt", EmbedModel: "emb"},
			wantEmbed: "openai/emb", wantDim: 3, wantChat: "openai/gpt", wantRerank: "llm/openai/gpt"},
		{name: "anthropic chat, ollama embeddings",
			cfg: Config{Provider: "anthropic", APIKey: "k", ChatModel: "claude", EmbedProvider: "ollama",
				EmbedModel: "nomic", EmbedBaseURL: ollama.URL},
			wantEmbed: "ollama/nomic", wantDim: 4, wantChat: "anthropic/claude", wantRerank: "llm/anthropic/claude"},
		{name: "anthropic ignores EmbedModel without EmbedProvider",
			cfg:       Config{Provider: "anthropic", APIKey: "k", ChatModel: "claude", EmbedModel: "x"},
			wantEmbed: BuiltinEmbedModel, wantDim: 512, wantChat: "anthropic/claude", wantRerank: "llm/anthropic/claude"},
		{name: "unknown provider", cfg: Config{Provider: "palm", ChatModel: "x"}, wantErr: "unknown provider"},
		{name: "unknown provider without a model", cfg: Config{Provider: "palm"}, wantErr: "unknown provider"},
		{name: "provider without chat model", cfg: Config{Provider: "ollama"}, wantErr: "needs a chat model"},
		{name: "unknown embedding provider", cfg: Config{EmbedProvider: "magic"}, wantErr: "unknown embedding provider"},
		{name: "embedding provider without model", cfg: Config{EmbedProvider: "openai"}, wantErr: "no embedding model"},
		{name: "unreachable embedding server",
			cfg: Config{EmbedProvider: "ollama", EmbedModel: "nomic", EmbedBaseURL: closed.URL}, wantErr: "dimension"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Open(context.Background(), tc.cfg)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Embedder.Model(); got != tc.wantEmbed {
				t.Errorf("embedder %q, want %q", got, tc.wantEmbed)
			}
			if got := m.Embedder.Dim(); got != tc.wantDim {
				t.Errorf("dim %d, want %d", got, tc.wantDim)
			}
			chat := ""
			if m.Chat != nil {
				chat = m.Chat.Model()
			}
			if chat != tc.wantChat {
				t.Errorf("chat %q, want %q", chat, tc.wantChat)
			}
			if got := m.Reranker.Name(); got != tc.wantRerank {
				t.Errorf("reranker %q, want %q", got, tc.wantRerank)
			}
		})
	}
}
