package service_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
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

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(1, 1, color.RGBA{200, 10, 10, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// imageServer serves a PNG, HTML behind an image path, a truncated PNG, a
// slow response and a redirect to another loopback port.
func imageServer(t *testing.T) *httptest.Server {
	good := pngBytes(t, 32, 16)
	mux := http.NewServeMux()
	mux.HandleFunc("/cat.png", func(w http.ResponseWriter, r *http.Request) { w.Write(good) })
	mux.HandleFunc("/fake.png", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<html>hi</html>")) })
	img := image.NewRGBA(image.Rect(0, 0, 20, 10))
	var jpg, gf bytes.Buffer
	if err := jpeg.Encode(&jpg, img, nil); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gf, img, nil); err != nil {
		t.Fatal(err)
	}
	webp, err := os.ReadFile("../media/testdata/lossless-1x1.webp")
	if err != nil {
		t.Fatal(err)
	}
	big := make([]byte, 3<<20) // over the test fetcher's 2 MiB cap
	copy(big, good)
	serve := func(b []byte) http.HandlerFunc { return func(w http.ResponseWriter, r *http.Request) { w.Write(b) } }
	mux.HandleFunc("/photo.jpg", serve(jpg.Bytes()))
	mux.HandleFunc("/anim.gif", serve(gf.Bytes()))
	mux.HandleFunc("/tiny.webp", serve(webp))
	mux.HandleFunc("/huge.png", serve(big))
	mux.HandleFunc("/fake", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<html>an article</html>")) })
	mux.HandleFunc("/cut.png", func(w http.ResponseWriter, r *http.Request) { w.Write(good[:len(good)/2]) })
	mux.HandleFunc("/slow.png", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/hop.png", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://127.0.0.1:1/cat.png", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func newMediaEngine(t *testing.T, st *store.Store, allow string) *service.Engine {
	t.Helper()
	blobs, err := media.NewBlobStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fetcher := media.NewFetcher(media.FetchConfig{AllowHosts: []string{allow}, Timeout: 300 * time.Millisecond, MaxBytes: 2 << 20})
	retry := media.RetryPolicy{Base: time.Millisecond, Cap: 5 * time.Millisecond, MaxAttempts: 2}
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewBuiltin()},
		Media:      &service.MediaDeps{Fetcher: fetcher, Blobs: store.FileBlobs{Files: blobs}, Retry: retry, MaxPending: 20}})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func waitState(t *testing.T, e *service.Engine, user, id string) *engine.Memory {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		m, err := e.Get(context.Background(), user, id)
		if err != nil {
			t.Fatal(err)
		}
		if m.State != engine.StatePending {
			return m
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("memory %s still pending", id)
	return nil
}

func TestCaptureImages(t *testing.T) {
	srv := imageServer(t)
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e := newMediaEngine(t, st, strings.TrimPrefix(srv.URL, "http://"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	defer startCaptures(ctx, e)()
	good := pngBytes(t, 8, 8)
	tests := []struct {
		name      string
		item      string
		wantState string
		wantText  string
	}{
		{"png url", srv.URL + "/cat.png", engine.StateActive, "32×16"},
		{"jpeg url", srv.URL + "/photo.jpg", engine.StateActive, "JPEG"},
		{"gif url", srv.URL + "/anim.gif", engine.StateActive, "GIF"},
		{"webp url", srv.URL + "/tiny.webp", engine.StateActive, "WebP"},
		{"oversized", srv.URL + "/huge.png", engine.StateFailed, "larger than"},
		{"data uri", "data:image/png;base64," + base64.StdEncoding.EncodeToString(good), engine.StateActive, "PNG"},
		{"bare base64", base64.StdEncoding.EncodeToString(good), engine.StateActive, "8×8"},
		{"html behind .png", srv.URL + "/fake.png", engine.StateFailed, "not an image"},
		{"truncated", srv.URL + "/cut.png", engine.StateFailed, "truncated"},
		{"slow server", srv.URL + "/slow.png", engine.StateFailed, "timed out"},
		{"redirect to loopback", srv.URL + "/hop.png", engine.StateFailed, "refused"},
		{"private address", "http://10.1.2.3/x.png", engine.StateFailed, "private"},
		{"link that is not an image", srv.URL + "/fake", engine.StateActive, "/fake"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ref, ok := media.Classify(tt.item)
			if !ok {
				t.Fatalf("Classify(%q) = not an image", tt.item)
			}
			res, err := e.CaptureImage(ctx, "u", engine.CaptureRequest{Ref: ref, Hints: []string{"our cat Miso"}})
			if err != nil {
				t.Fatalf("CaptureImage: %v", err)
			}
			m := waitState(t, e, "u", res.ID)
			got := m.Text + " " + m.Error
			if m.State != tt.wantState || !strings.Contains(got, tt.wantText) {
				t.Errorf("state %s, text %q; want %s containing %q", m.State, got, tt.wantState, tt.wantText)
			}
		})
	}
	hits, err := e.Search(ctx, "u", engine.Query{Text: "Miso the cat"})
	if err != nil || len(hits.Results) == 0 {
		t.Errorf("captured image not searchable by its hint: %v %v", hits, err)
	}
}

func TestCaptureRefusesBrokenInlineImages(t *testing.T) {
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e := newMediaEngine(t, st, "127.0.0.1")
	good := pngBytes(t, 8, 8)
	ref, _ := media.Classify("data:image/png;base64," + base64.StdEncoding.EncodeToString(good[:len(good)-20]))
	if _, err := e.CaptureImage(context.Background(), "u", engine.CaptureRequest{Ref: ref}); engine.ErrorCode(err) != engine.EInvalid {
		t.Fatalf("truncated inline image: err = %v, want invalid", err)
	}
	page, _ := e.List(context.Background(), "u", engine.ListFilter{Page: 1, Size: 10, State: engine.StatePending})
	if page.Total != 0 {
		t.Errorf("a refused image left %d memories", page.Total)
	}
}

func TestCaptureResumesAfterRestart(t *testing.T) {
	srv := imageServer(t)
	dir := t.TempDir()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	e := newMediaEngine(t, st, strings.TrimPrefix(srv.URL, "http://"))
	ref, _ := media.Classify(srv.URL + "/cat.png")
	// No worker runs: the server "crashes" with the capture queued.
	res, err := e.CaptureImage(context.Background(), "u", engine.CaptureRequest{Ref: ref})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	st, err = store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e = newMediaEngine(t, st, strings.TrimPrefix(srv.URL, "http://"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	defer startCaptures(ctx, e)()
	if m := waitState(t, e, "u", res.ID); m.State != engine.StateActive {
		t.Errorf("resumed capture ended %s: %s", m.State, m.Error)
	}
}
