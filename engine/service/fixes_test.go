package service_test

import (
	"context"
	"encoding/base64"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// A note keeps the kind of source its request names: an MCP write is
// recorded as "mcp", not as "conversation".
func TestNoteKeepsTheRequestsSource(t *testing.T) {
	eng := newIntentEngine(t)
	ctx := context.Background()
	for _, text := range []string{"I live in Berlin.", "The deploy script lives in tools/deploy.sh"} {
		res, err := eng.Note(ctx, "u", engine.AddRequest{Text: text, Source: &engine.Source{Kind: engine.SourceMCP}})
		res = factsOf(res) // the episode beside a distilled fact is an episode, whoever sent it
		if err != nil || len(res) != 1 {
			t.Fatalf("Note(%q) = %v, %v", text, res, err)
		}
		m, err := eng.Get(ctx, "u", res[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Source == nil || m.Source.Kind != engine.SourceMCP {
			t.Errorf("Note(%q) stored source %+v, want kind %q", text, m.Source, engine.SourceMCP)
		}
	}
}

// The role check names every role it accepts.
func TestConversationRoleErrorNamesSystem(t *testing.T) {
	eng := newIntentEngine(t)
	_, err := eng.AddConversation(context.Background(), "u", engine.ConversationRequest{
		Messages: []engine.Message{{Role: "robot", Content: "hello"}}})
	if msg := engine.ErrorMessage(err); !strings.Contains(msg, "system") || !strings.HasPrefix(msg, "messages[0].role") {
		t.Errorf("error = %q, want the role field and the three roles", msg)
	}
	_, err = eng.AddConversation(context.Background(), "u", engine.ConversationRequest{
		Messages: []engine.Message{{Role: "system", Content: "You are terse."}}})
	if err != nil {
		t.Errorf("system turn refused: %v", err)
	}
}

// A bad page is reported as field page, a bad size as size.
func TestListNamesTheBadField(t *testing.T) {
	eng := newIntentEngine(t)
	for _, tt := range []struct {
		name  string
		f     engine.ListFilter
		field string
	}{
		{"page 0", engine.ListFilter{Page: 0, Size: 10}, "page:"},
		{"size 0", engine.ListFilter{Page: 1, Size: 0}, "size:"},
		{"size 101", engine.ListFilter{Page: 1, Size: 101}, "size:"},
		{"bad type", engine.ListFilter{Page: 1, Size: 1, MemoryType: "x"}, "memory_type:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := eng.List(context.Background(), "u", tt.f)
			if engine.ErrorCode(err) != engine.EInvalid || !strings.HasPrefix(engine.ErrorMessage(err), tt.field) {
				t.Errorf("err = %v, want invalid %s", err, tt.field)
			}
		})
	}
}

// The list filter covers project (with the MCP scope that admits memories
// without a project) and session.
func TestListFiltersProjectAndSession(t *testing.T) {
	eng := newIntentEngine(t)
	ctx := context.Background()
	_, err := eng.Add(ctx, "u", []engine.AddRequest{
		{Text: "alpha one", Project: "p1", SessionID: "s1"},
		{Text: "alpha two", Project: "p2", SessionID: "s1"},
		{Text: "alpha three", SessionID: "s2"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		f    engine.ListFilter
		want int
	}{
		{"project exact", engine.ListFilter{Project: "p1"}, 1},
		{"project scope", engine.ListFilter{Project: "p1", ProjectScope: true}, 2},
		{"session", engine.ListFilter{SessionID: "s1"}, 2},
		{"scope and session", engine.ListFilter{Project: "p2", ProjectScope: true, SessionID: "s2"}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.f.Page, tt.f.Size = 1, 10
			p, err := eng.List(ctx, "u", tt.f)
			if err != nil || p.Total != tt.want {
				t.Errorf("total = %v (err %v), want %d", p, err, tt.want)
			}
		})
	}
}

type ctxMark struct{}

// markedEmbedder fails embeddings made outside the capture runner's ctx.
type markedEmbedder struct {
	engine.Embedder
	t *testing.T
}

func (m markedEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if ctx.Value(ctxMark{}) == nil && len(texts) == 1 && strings.HasPrefix(texts[0], "http") {
		m.t.Errorf("capture embedded %q outside the runner's context", texts[0])
	}
	return m.Embedder.Embed(ctx, texts)
}

func captureEngine(t *testing.T, allow string, blobs *media.BlobStore) *service.Engine {
	t.Helper()
	fetcher := media.NewFetcher(media.FetchConfig{AllowHosts: []string{allow}, Timeout: time.Second, MaxBytes: 2 << 20})
	retry := media.RetryPolicy{Base: time.Millisecond, Cap: 5 * time.Millisecond, MaxAttempts: 2}
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: openStore(t),
		Embedder: markedEmbedder{llm.NewBuiltinEmbedder(), t}, Extractors: []engine.Extractor{extract.NewBuiltin()},
		Media: &service.MediaDeps{Fetcher: fetcher, Blobs: store.FileBlobs{Files: blobs}, Retry: retry, MaxPending: 20}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// A link that is not an image is embedded under the capture runner's ctx
// (so shutdown cancels it), not context.Background inside the write.
func TestCaptureEmbedsLinksUnderTheRunnersContext(t *testing.T) {
	srv := imageServer(t)
	blobs, err := media.NewBlobStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := captureEngine(t, strings.TrimPrefix(srv.URL, "http://"), blobs)
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), ctxMark{}, true))
	defer cancel()
	defer startCaptures(ctx, e)()
	ref, _ := media.Classify(srv.URL + "/fake")
	res, err := e.CaptureImage(ctx, "u", engine.CaptureRequest{Ref: ref})
	if err != nil {
		t.Fatal(err)
	}
	if m := waitState(t, e, "u", res.ID); m.State != engine.StateActive || m.Text != srv.URL+"/fake" ||
		m.Source.Kind != engine.SourceAPI {
		t.Errorf("link capture = %s %q %+v", m.State, m.Text, m.Source)
	}
	hits, err := e.Search(ctx, "u", engine.Query{Text: "fake", Mode: engine.ModeVector})
	if err != nil || len(hits.Results) == 0 {
		t.Errorf("the link has no vector: %v %v", hits, err)
	}
}

// A capture that fails for a reason outside package media (here the stored
// inline image vanished) tells the client a safe reason, never the raw
// cause with its file path.
func TestCaptureFailureHidesTheRawCause(t *testing.T) {
	dir := t.TempDir()
	blobs, err := media.NewBlobStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	e := captureEngine(t, "127.0.0.1", blobs)
	ref, _ := media.Classify("data:image/png;base64," + base64.StdEncoding.EncodeToString(pngBytes(t, 8, 8)))
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), ctxMark{}, true))
	defer cancel()
	res, err := e.CaptureImage(ctx, "u", engine.CaptureRequest{Ref: ref})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	defer startCaptures(ctx, e)()
	m := waitState(t, e, "u", res.ID)
	if m.State != engine.StateFailed || strings.Contains(m.Error, dir) || strings.Contains(m.Error, "no such file") {
		t.Errorf("state %s, error %q: want failed with a safe reason", m.State, m.Error)
	}
}

// Tags and metadata have one set of caps, enforced by the engine for every
// edge.
func TestCapsAreTheEngines(t *testing.T) {
	eng := newIntentEngine(t)
	tags := make([]string, engine.MaxTags+1)
	for i := range tags {
		tags[i] = "t"
	}
	big := map[string]any{"x": strings.Repeat("a", engine.MaxMetadataBytes)}
	for _, tt := range []struct {
		name string
		req  engine.AddRequest
		code string
	}{
		{"too many tags", engine.AddRequest{Text: "x", Tags: tags}, engine.EInvalid},
		{"long tag", engine.AddRequest{Text: "x", Tags: []string{strings.Repeat("a", engine.MaxTagBytes+1)}}, engine.ETooLarge},
		{"big metadata", engine.AddRequest{Text: "x", Metadata: big}, engine.ETooLarge},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := eng.Add(context.Background(), "u", []engine.AddRequest{tt.req}); engine.ErrorCode(err) != tt.code {
				t.Errorf("Add: %v, want %s", err, tt.code)
			}
			_, err := eng.Ingest(context.Background(), "u", engine.IngestRequest{Items: []string{"x"}, Shared: tt.req})
			if engine.ErrorCode(err) != tt.code {
				t.Errorf("Ingest: %v, want %s", err, tt.code)
			}
		})
	}
}

// TestControlCharacterIsTheEngines: the engine refuses a control character
// in a text itself, whatever edge (or embedding program) sent it.
func TestControlCharacterIsTheEngines(t *testing.T) {
	eng := newIntentEngine(t)
	ctx := context.Background()
	if _, err := eng.Add(ctx, "u", []engine.AddRequest{{Text: "a\x00b"}}); engine.ErrorCode(err) != engine.EInvalid {
		t.Errorf("Add: %v, want %s", err, engine.EInvalid)
	}
	if _, err := eng.Ingest(ctx, "u", engine.IngestRequest{Items: []string{"ok", "a\x1bb"}}); engine.ErrorCode(err) != engine.EInvalid {
		t.Errorf("Ingest: %v, want %s", err, engine.EInvalid)
	}
}
