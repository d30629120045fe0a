package llm

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeOpenAI is an httptest server speaking the OpenAI chat completions and embeddings API with scripted
// answers. It records the decoded requests and their Authorization headers.
type fakeOpenAI struct {
	*httptest.Server
	reply string

	mu    sync.Mutex
	chats []map[string]any
	embed []map[string]any
	auth  []string
}

func newFakeOpenAI(t *testing.T) *fakeOpenAI {
	f := &fakeOpenAI{reply: `{"facts":[]}`}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		req := f.record(r, &f.chats)
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": req["model"],
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": f.reply}}},
			"usage": map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
		})
	})
	mux.HandleFunc("POST /v1/embeddings", func(w http.ResponseWriter, r *http.Request) {
		req := f.record(r, &f.embed)
		var data []any
		for i := range req["input"].([]any) {
			data = append(data, map[string]any{"object": "embedding", "index": i,
				"embedding": []float32{float32(i + 1), 0, 0}})
		}
		json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": req["model"]})
	})
	f.Server = httptest.NewServer(mux)
	t.Cleanup(f.Close)
	return f
}

func (f *fakeOpenAI) record(r *http.Request, into *[]map[string]any) map[string]any {
	var req map[string]any
	body, _ := io.ReadAll(r.Body)
	json.Unmarshal(body, &req)
	f.mu.Lock()
	defer f.mu.Unlock()
	*into = append(*into, req)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	return req
}

func TestLangchainOpenAIChat(t *testing.T) {
	f := newFakeOpenAI(t)
	l, err := NewLangchain(LangchainConfig{Provider: "openai", BaseURL: f.URL + "/v1", APIKey: "sk-test",
		ChatModel: "gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	chat := l.Chat()
	if got := chat.Model(); got != "openai/gpt-test" {
		t.Errorf("Model() = %q", got)
	}
	png := []byte("\x89PNG\r\n\x1a\nfake")
	got, err := chat.Complete(context.Background(), ChatRequest{
		System:      "extract",
		Messages:    []ChatMessage{{Role: "user", Content: "hello"}, {Role: "assistant", Content: "hi"}, {Role: "user", Content: "look"}},
		JSON:        true,
		Schema:      json.RawMessage(`{"type":"object","required":["facts"]}`),
		Images:      [][]byte{png},
		Temperature: 0.2,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got != `{"facts":[]}` {
		t.Errorf("Complete = %q", got)
	}
	sent := f.chats[0]
	if sent["model"] != "gpt-test" || f.auth[0] != "Bearer sk-test" {
		t.Errorf("model %v auth %q", sent["model"], f.auth[0])
	}
	if diff := cmp.Diff(map[string]any{"type": "json_object"}, sent["response_format"]); diff != "" {
		t.Errorf("response_format (-want +got):\n%s", diff)
	}
	msgs := sent["messages"].([]any)
	if len(msgs) != 4 {
		t.Fatalf("sent %d messages: %v", len(msgs), msgs)
	}
	sys, _ := json.Marshal(msgs[0])
	if !strings.Contains(string(sys), "extract") || !strings.Contains(string(sys), `required`) {
		t.Errorf("system message lacks prompt or schema: %s", sys)
	}
	last, _ := json.Marshal(msgs[3])
	if !strings.Contains(string(last), "data:image/png;base64,") || !strings.Contains(string(last), "look") {
		t.Errorf("last user message lacks the image: %s", last)
	}
}

func TestLangchainOpenAIEmbedder(t *testing.T) {
	f := newFakeOpenAI(t)
	l, err := NewLangchain(LangchainConfig{Provider: "openai", BaseURL: f.URL + "/v1/", EmbedModel: "embed-test"})
	if err != nil {
		t.Fatal(err)
	}
	if l.Chat() != nil {
		t.Error("Chat() without a chat model: want nil")
	}
	emb, err := l.Embedder()
	if err != nil {
		t.Fatal(err)
	}
	if emb.Model() != "openai/embed-test" || emb.Dim() != 3 {
		t.Errorf("Model %q Dim %d", emb.Model(), emb.Dim())
	}
	texts := make([]string, 70) // two batches
	for i := range texts {
		texts[i] = "t"
	}
	vecs, err := emb.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != 70 || vecs[69][0] != 1 {
		t.Errorf("got %d vectors, last %v", len(vecs), vecs[len(vecs)-1])
	}
	if n := len(f.embed); n != 3 { // probe + 2 batches
		t.Errorf("%d embedding requests, want 3", n)
	}
	if f.embed[1]["model"] != "embed-test" || f.auth[0] != "Bearer "+openAINoKey {
		t.Errorf("model %v auth %q", f.embed[1]["model"], f.auth[0])
	}
}

func TestLangchainConfig(t *testing.T) {
	cases := []struct {
		name    string
		cfg     LangchainConfig
		wantErr string
	}{
		{"openai defaults", LangchainConfig{Provider: "openai", ChatModel: "m"}, ""},
		{"anthropic", LangchainConfig{Provider: "anthropic", APIKey: "k", ChatModel: "claude"}, ""},
		{"anthropic without key", LangchainConfig{Provider: "anthropic", ChatModel: "claude"}, "API key"},
		{"anthropic embeddings", LangchainConfig{Provider: "anthropic", APIKey: "k", EmbedModel: "e"}, "no embedding"},
		{"unknown provider", LangchainConfig{Provider: "cohere"}, "unknown provider"},
		{"bad base URL", LangchainConfig{Provider: "openai", BaseURL: "nowhere"}, "base URL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, err := NewLangchain(tc.cfg)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := l.Embedder(); err == nil {
				t.Error("Embedder() without an embedding model: want error")
			}
		})
	}
}
