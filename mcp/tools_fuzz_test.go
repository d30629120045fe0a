package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/log"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// lockedBuffer collects the tools' log: an error logged there is an
// internal or unavailable failure the client only saw as a code.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// take returns what was logged since the last call.
func (b *lockedBuffer) take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.buf.String()
	b.buf.Reset()
	return s
}

// newFuzzTools are both tool handlers over a real engine and Badger store
// with the built-in models and image capture, logging errors only into the returned buffer.
func newFuzzTools(t testing.TB) (*tools, *lockedBuffer) {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	blobs, err := media.NewBlobStore(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	logger := log.New(logs)
	logger.SetLevel(log.ErrorLevel)
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Logger: logger,
		// As served: images are accepted (inline ones stored at once); no
		// capture runner is started, so no URL is ever fetched.
		Media: &service.MediaDeps{Fetcher: media.NewFetcher(media.FetchConfig{}), Blobs: store.FileBlobs{Files: blobs}}})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close(); st.Close() })
	return &tools{eng: eng, log: logger}, logs
}

// toolSeeds are argument objects of both tools, odd in their values more
// than in their JSON (argSeeds covers that): what a model or a probe sends.
var toolSeeds = []string{
	`{"memories":["Can you remember that ??"]}`,
	`{"memories":["remember that remember that","I I I","forget that","forget: ","resolved: "]}`,
	`{"memories":["user: I moved to Oslo","assistant: Noted!","user: actually Bergen"]}`,
	`{"memories":["forget everything about Oslo","forget: mem_123","resolved: the flaky test"]}`,
	`{"memories":["I 💜 sushi 🍣","\u202eevil\u202c","caf\u0065\u0301","a\u0000b"],"tags":["😀"]}`,
	`{"memories":["data:image/png;base64,AAAA","data:image/png;base64,!!!","iVBORw0KGgo="]}`,
	`{"memories":["Always run go vet"],"memory_type":"procedural","session_id":"s\u0000"}`,
	`{"query":"where do I live?"}`, `{"query":"?","mode":"text","top_k":1}`, `{"query":"*","rerank":"cross_encoder"}`,
	`{"ids":["skill:","skill:../../x","mem_1","","\u0000"]}`, `{"page":99999,"top_k":100}`, `{}`,
	`{"query":"` + strings.Repeat("why ", 100) + `","mode":"vector"}`,
	`{"query":"forget that","ids":["x"],"include_superseded":true,"memory_type":"episodic","session_id":"s"}`,
}

// FuzzTools calls both tool handlers with the same arguments, as a client
// connected with a project would: no input may panic or end in an
// internal error (logged by the handlers) instead of a named client error.
func FuzzTools(f *testing.F) {
	for _, s := range toolSeeds {
		f.Add([]byte(s))
	}
	tl, logs := newFuzzTools(f)
	ctx := WithScope(context.Background(), Scope{User: "u", Client: "fuzz", Project: "p"})
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) { // the SDK hands over only valid JSON
			return
		}
		for _, call := range []func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error){
			tl.addMemories, tl.searchMemory} {
			res, err := call(ctx, &sdk.CallToolRequest{Params: &sdk.CallToolParamsRaw{Arguments: raw}})
			if err != nil || res == nil {
				t.Fatalf("%s: %v, %v", raw, res, err)
			}
			if logged := logs.take(); logged != "" {
				t.Fatalf("%s: logged %s", raw, logged)
			}
		}
	})
}
