package main

import (
	"encoding/json"
	"hash/fnv"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// scriptedOllamaEmbeddings is a stand-in for an Ollama server's embedding
// endpoint, the one model part that cannot run here: each text's vector is
// its words hashed into 16 dimensions, so equal words land together.
func scriptedOllamaEmbeddings(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if r.URL.Path != "/api/embed" || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, `{"error":"not scripted"}`, http.StatusNotFound)
			return
		}
		vecs := make([][]float32, len(req.Input))
		for i, text := range req.Input {
			v := make([]float32, 16)
			for _, word := range strings.Fields(strings.ToLower(text)) {
				h := fnv.New32a()
				h.Write([]byte(strings.Trim(word, ".,?!")))
				v[h.Sum32()%16]++
			}
			v[0] += 0.5 // never the zero vector
			var n float64
			for _, x := range v {
				n += float64(x * x)
			}
			for j := range v {
				v[j] /= float32(math.Sqrt(n))
			}
			vecs[i] = v
		}
		json.NewEncoder(w).Encode(map[string]any{"model": req.Model, "embeddings": vecs})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestMCPStdioOpensTheStoreWithItsEmbedder: a store made with another
// embedder than the built-in one pins it, so `memsvc mcp` opening that
// store needs the same model settings as the server that made it, and
// takes them as flags and env vars like `memsvc serve`.
func TestMCPStdioOpensTheStoreWithItsEmbedder(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"MEMSVC_EMBED_PROVIDER": "ollama", "MEMSVC_EMBED_MODEL": "scripted-embed",
		"MEMSVC_EMBED_BASE_URL": scriptedOllamaEmbeddings(t)}
	sess, stop := stdioSession(t, []string{"--data", dir, "--client", "desk"}, env)
	mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{"The release checklist lives in docs/release.md"}})
	stop()

	if _, _, stderr, err := tryStdio(t, []string{"--data", dir}, nil); err == nil || !strings.Contains(err.Error(), "scripted-embed") {
		t.Errorf("the built-in embedder opened a store made with another one: err %v; stderr:\n%s", err, stderr)
	}
	again, _ := stdioSession(t, []string{"--data", dir, "--embed-provider", "ollama", "--embed-model", "scripted-embed",
		"--embed-base-url", env["MEMSVC_EMBED_BASE_URL"]}, nil)
	if got := mcpCall(t, again, "search_memory", map[string]any{"query": "where is the release checklist"}); !strings.Contains(got, "docs/release.md") {
		t.Errorf("search with the store's embedder:\n%s", got)
	}
}
