package capture_test

import (
	"context"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service/capture"
	"github.com/memsvc/memsvc/engine/service/kernel"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

func newKernel(t *testing.T) (*kernel.Kernel, engine.Store) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return kernel.New(engine.DefaultConfig(), st, llm.NewBuiltinEmbedder()), st
}

// Without media the queue refuses images with a clear 503-class error,
// writes nothing, and its runner returns at once.
func TestWithoutMediaImagesAreUnavailable(t *testing.T) {
	k, st := newKernel(t)
	q := capture.New(capture.Deps{Store: st, Kernel: k, Now: time.Now,
		NewMemory: func(string, engine.AddRequest, time.Time) *engine.Memory {
			t.Fatal("a pending memory was built without media")
			return nil
		}})
	_, err := q.CaptureImage(context.Background(), "u", engine.CaptureRequest{Ref: media.Ref{URL: "https://example.com/a.png"}})
	if engine.ErrorCode(err) != engine.EUnavailable {
		t.Fatalf("capture without media: err %v, want unavailable", err)
	}
	done := make(chan struct{})
	go func() { q.RunCaptures(context.Background()); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("RunCaptures without media did not return")
	}
}

// New fills the media defaults the runner and the pending cap rely on.
func TestNewFillsMediaDefaults(t *testing.T) {
	k, st := newKernel(t)
	md := &capture.MediaDeps{}
	capture.New(capture.Deps{Store: st, Kernel: k, Media: md, Now: time.Now})
	if md.MaxPending != 50 || md.Retry.MaxAttempts != media.DefaultRetryPolicy().MaxAttempts {
		t.Errorf("defaults: max pending %d, retry %+v; want 50 and the default policy", md.MaxPending, md.Retry)
	}
}
