package llm

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fakeOllama is an httptest server speaking the parts of Ollama's HTTP API the adapter uses, with scripted
// answers. It records the decoded requests.
type fakeOllama struct {
	*httptest.Server
	dim       int    // embedding size it returns
	chatReply string // assistant content it returns
	fail      bool   // answer every request with a 404 "model not found"

	mu    sync.Mutex
	chats []map[string]any
	embed []map[string]any
}

func newFakeOllama(t *testing.T) *fakeOllama {
	f := &fakeOllama{dim: 4, chatReply: `{"ok":true}`}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/embed", f.handleEmbed)
	mux.HandleFunc("POST /api/chat", f.handleChat)
	f.Server = httptest.NewServer(mux)
	t.Cleanup(f.Close)
	return f
}

// set changes the scripted embedding size and failure mode.
func (f *fakeOllama) set(dim int, fail bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.dim, f.fail = dim, fail
}

func (f *fakeOllama) decode(w http.ResponseWriter, r *http.Request, into *[]map[string]any) (map[string]any, bool) {
	var req map[string]any
	body, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"error":"bad json"}`, http.StatusBadRequest)
		return nil, false
	}
	f.mu.Lock()
	*into = append(*into, req)
	fail := f.fail
	f.mu.Unlock()
	if fail {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"error":"model \"x\" not found, try pulling it first"}`)
		return nil, false
	}
	return req, true
}

func (f *fakeOllama) handleEmbed(w http.ResponseWriter, r *http.Request) {
	req, ok := f.decode(w, r, &f.embed)
	if !ok {
		return
	}
	inputs, _ := req["input"].([]any)
	f.mu.Lock()
	dim := f.dim
	f.mu.Unlock()
	var vecs [][]float32
	for i := range inputs {
		v := make([]float32, dim)
		v[i%dim] = 3 // not unit length: the adapter normalises
		v[(i+1)%dim] = 4
		vecs = append(vecs, v)
	}
	json.NewEncoder(w).Encode(map[string]any{"model": req["model"], "embeddings": vecs})
}

func (f *fakeOllama) handleChat(w http.ResponseWriter, r *http.Request) {
	req, ok := f.decode(w, r, &f.chats)
	if !ok {
		return
	}
	json.NewEncoder(w).Encode(map[string]any{
		"model":      req["model"],
		"created_at": time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC),
		"message":    map[string]any{"role": "assistant", "content": f.chatReply},
		"done":       true,
	})
}

func TestOllamaEmbedder(t *testing.T) {
	f := newFakeOllama(t)
	o, err := NewOllama(OllamaConfig{BaseURL: f.URL, EmbedModel: "nomic-embed-text"})
	if err != nil {
		t.Fatal(err)
	}
	emb, err := o.Embedder()
	if err != nil {
		t.Fatal(err)
	}
	if got := emb.Model(); got != "ollama/nomic-embed-text" {
		t.Errorf("Model() = %q", got)
	}
	if got := emb.Dim(); got != 4 { // learnt by a probe request
		t.Errorf("Dim() = %d, want 4", got)
	}
	vecs, err := emb.Embed(context.Background(), []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float32{{0.6, 0.8, 0, 0}, {0, 0.6, 0.8, 0}}
	if diff := cmp.Diff(want, vecs, cmp.Comparer(func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-6 })); diff != "" {
		t.Errorf("vectors (-want +got):\n%s", diff)
	}
	if len(f.embed) != 2 || f.embed[1]["model"] != "nomic-embed-text" {
		t.Errorf("requests = %v", f.embed)
	}
	if diff := cmp.Diff([]any{"a", "b"}, f.embed[1]["input"]); diff != "" {
		t.Errorf("input (-want +got):\n%s", diff)
	}

	// A model that changes size is refused.
	f.set(8, false)
	if _, err := emb.Embed(context.Background(), []string{"c"}); err == nil || !strings.Contains(err.Error(), "want 4") {
		t.Errorf("dimension change: err = %v", err)
	}
	f.set(8, true)
	if _, err := emb.Embed(context.Background(), []string{"c"}); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("server error: err = %v", err)
	}
}

func TestOllamaChat(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\nfake")
	cases := []struct {
		name       string
		req        ChatRequest
		wantFormat any
		wantMsgs   int
	}{
		{name: "plain", req: ChatRequest{Messages: []ChatMessage{{Role: "user", Content: "hi"}}}, wantMsgs: 1},
		{name: "json mode", req: ChatRequest{System: "sys", JSON: true,
			Messages: []ChatMessage{{Role: "user", Content: "hi"}}}, wantFormat: "json", wantMsgs: 2},
		{name: "schema", req: ChatRequest{JSON: true, Schema: json.RawMessage(`{"type":"object"}`),
			Messages: []ChatMessage{{Role: "user", Content: "hi"}}},
			wantFormat: map[string]any{"type": "object"}, wantMsgs: 1},
		{name: "images on the last user message", req: ChatRequest{System: "caption", Images: [][]byte{png},
			Messages: []ChatMessage{{Role: "user", Content: "a"}, {Role: "assistant", Content: "b"},
				{Role: "user", Content: "describe"}, {Role: "assistant", Content: "ok"}}}, wantMsgs: 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeOllama(t)
			o, err := NewOllama(OllamaConfig{BaseURL: f.URL + "/", ChatModel: "llama3.2", Timeout: 5 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			chat := o.Chat()
			if chat.Model() != "ollama/llama3.2" {
				t.Errorf("Model() = %q", chat.Model())
			}
			got, err := chat.Complete(context.Background(), tc.req)
			if err != nil {
				t.Fatal(err)
			}
			if got != `{"ok":true}` {
				t.Errorf("Complete = %q", got)
			}
			sent := f.chats[0]
			if sent["model"] != "llama3.2" || sent["stream"] != false {
				t.Errorf("model/stream = %v/%v", sent["model"], sent["stream"])
			}
			if diff := cmp.Diff(tc.wantFormat, sent["format"]); diff != "" {
				t.Errorf("format (-want +got):\n%s", diff)
			}
			msgs := sent["messages"].([]any)
			if len(msgs) != tc.wantMsgs {
				t.Fatalf("sent %d messages, want %d: %v", len(msgs), tc.wantMsgs, msgs)
			}
			if tc.req.System != "" && msgs[0].(map[string]any)["role"] != "system" {
				t.Errorf("first message %v, want the system prompt", msgs[0])
			}
			if len(tc.req.Images) > 0 {
				withImage := msgs[3].(map[string]any) // system + 3rd message
				if withImage["content"] != "describe" || len(withImage["images"].([]any)) != 1 {
					t.Errorf("image not on the last user message: %v", msgs)
				}
			}
		})
	}
}

func TestOllamaConfig(t *testing.T) {
	cases := []struct {
		name    string
		cfg     OllamaConfig
		wantErr bool
	}{
		{"defaults", OllamaConfig{}, false},
		{"https", OllamaConfig{BaseURL: "https://ollama.example:443"}, false},
		{"no scheme", OllamaConfig{BaseURL: "localhost:11434"}, true},
		{"ftp", OllamaConfig{BaseURL: "ftp://x"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, err := NewOllama(tc.cfg)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if o.Chat() != nil {
				t.Error("Chat() without a chat model: want nil")
			}
			if _, err := o.Embedder(); err == nil {
				t.Error("Embedder() without an embedding model: want error")
			}
		})
	}
}
