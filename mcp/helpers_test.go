package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/mcp"
	"github.com/memsvc/memsvc/rest"
)

// testServer is memsvc's HTTP stack (rest with the MCP handler mounted, the
// real auth middleware) on a real listener, over a real Badger store.
type testServer struct {
	url  string
	keys *auth.Keyring
}

type serverConfig struct {
	secret string // empty: auth disabled
	sync   bool   // fsync every commit, as a default server does
}

func startServer(t testing.TB, cfg serverConfig) *testServer {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(store.Options{Dir: dir, NoSync: !cfg.sync})
	if err != nil {
		t.Fatal(err)
	}
	logger := log.New(&testWriter{t})
	logger.SetLevel(log.WarnLevel)
	blobs, err := media.NewBlobStore(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Logger: logger,
		Media: &service.MediaDeps{Fetcher: media.NewFetcher(media.FetchConfig{}), Blobs: store.FileBlobs{Files: blobs}}})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	captures := make(chan struct{})
	go func() {
		defer close(captures)
		eng.RunCaptures(ctx)
	}()
	keys := auth.NewKeyring(cfg.secret, dir)
	h, err := rest.New(rest.Options{Engine: eng, Keys: keys, Logger: logger,
		MCP: mcp.NewHTTPHandler(mcp.Options{Engine: eng, Logger: logger, Version: "test"})})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		srv.Close()
		cancel()
		<-captures
		eng.Close()
		st.Close()
	})
	return &testServer{url: srv.URL, keys: keys}
}

// testWriter sends server logs to the test log.
type testWriter struct{ t testing.TB }

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Logf("%s", strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func (s *testServer) mint(t testing.TB, user string) string {
	t.Helper()
	key, _, err := s.keys.Mint(user)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// keyPlace is where a client puts its key.
type keyPlace int

const (
	bearer keyPlace = iota // Authorization: Bearer
	header                 // API_KEY header
	query                  // ?api_key=
)

// conn describes one MCP connection of a test.
type conn struct {
	client  string // {clientName}
	key     string
	place   keyPlace
	project string
	userID  string // ?user_id= (auth disabled)
	// timeout bounds each HTTP request of the session; 0 is 30 s. A test
	// whose one call does minutes of work on a loaded machine sets more.
	timeout time.Duration
}

// connect opens an SDK client session to /mcp/{client}.
func (s *testServer) connect(t testing.TB, c conn) *sdk.ClientSession {
	t.Helper()
	sess, err := s.tryConnect(context.Background(), c)
	if err != nil {
		t.Fatalf("connect %+v: %v", c, err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess
}

func (s *testServer) tryConnect(ctx context.Context, c conn) (*sdk.ClientSession, error) {
	endpoint := s.url + "/mcp/" + url.PathEscape(c.client)
	q := url.Values{}
	if c.place == query && c.key != "" {
		q.Set("api_key", c.key)
	}
	if c.userID != "" {
		q.Set("user_id", c.userID)
	}
	if len(q) > 0 {
		endpoint += "?" + q.Encode()
	}
	timeout := c.timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	hc := &http.Client{Timeout: timeout, Transport: &addHeaders{c: c}}
	client := sdk.NewClient(&sdk.Implementation{Name: "memsvc-test", Version: "1"}, nil)
	return client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: endpoint, HTTPClient: hc,
		DisableStandaloneSSE: true, MaxRetries: -1}, nil)
}

type addHeaders struct{ c conn }

func (a *addHeaders) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	switch {
	case a.c.key == "":
	case a.c.place == bearer:
		r.Header.Set("Authorization", "Bearer "+a.c.key)
	case a.c.place == header:
		r.Header.Set("API_KEY", a.c.key)
	}
	if a.c.project != "" {
		r.Header.Set("Project", a.c.project)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// call invokes a tool and returns its result with the structured content
// decoded as generic JSON. A protocol error fails the test.
func call(t testing.TB, sess *sdk.ClientSession, tool string, args any) result {
	t.Helper()
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): %v", tool, args, err)
	}
	return decodeResult(t, res)
}

// result is a decoded tool answer.
type result struct {
	isError bool
	text    string
	data    map[string]any
}

func decodeResult(t testing.TB, res *sdk.CallToolResult) result {
	t.Helper()
	out := result{isError: res.IsError}
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			out.text += tc.Text
		}
	}
	if res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &out.data); err != nil {
			t.Fatalf("structured content is not an object: %s", b)
		}
	}
	return out
}

// list returns data[field] as a list of objects.
func list(v any, field string) []map[string]any {
	m, _ := v.(map[string]any)
	items, _ := m[field].([]any)
	out := make([]map[string]any, 0, len(items))
	for _, it := range items {
		if o, ok := it.(map[string]any); ok {
			out = append(out, o)
		}
	}
	return out
}

// events returns "EVENT text" for each result of a section entry.
func events(e map[string]any) []string {
	out := []string{}
	for _, r := range list(e, "results") {
		out = append(out, r["event"].(string)+" "+r["text"].(string))
	}
	return out
}

// texts returns the text of each memory of a search answer.
func texts(r result) []string {
	out := []string{}
	for _, m := range list(r.data, "results") {
		out = append(out, m["text"].(string))
	}
	return out
}

// addText stores one statement and returns its id.
func addText(t testing.TB, sess *sdk.ClientSession, text string) string {
	t.Helper()
	r := call(t, sess, "add_memories", map[string]any{"memories": []string{text}})
	if r.isError {
		t.Fatalf("add %q: %s", text, r.text)
	}
	res := list(list(r.data, "text")[0], "results")
	if len(res) != 1 {
		t.Fatalf("add %q: results %v", text, res)
	}
	return res[0]["id"].(string)
}
