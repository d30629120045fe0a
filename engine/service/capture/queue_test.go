package capture_test

import (
	"bytes"
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/log"

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

// TestFullDiskLogsOnce: a claim on the job queue is a write, so while the
// disk is full the store refused it at every tick of the runner, and the
// runner logged an error each second. It now says so once, and once more
// when the store takes writes again.
func TestFullDiskLogsOnce(t *testing.T) {
	var free atomic.Uint64
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true, MinFree: 64 << 20,
		FreeSpace: func(string) (uint64, bool) { return free.Load(), true }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var logs bytes.Buffer // written by RunCaptures, which runs on this goroutine
	k := kernel.New(engine.DefaultConfig(), st, llm.NewBuiltinEmbedder())
	q := capture.New(capture.Deps{Store: st, Kernel: k, Media: &capture.MediaDeps{}, Now: time.Now,
		NewID: func() string { return "w1" }, Logger: log.New(&logs)})
	ctx, cancel := context.WithTimeout(context.Background(), 2500*time.Millisecond)
	defer cancel()
	go func() {
		time.Sleep(1500 * time.Millisecond)
		free.Store(1 << 40)
	}()
	q.RunCaptures(ctx)
	out := logs.String()
	if n := strings.Count(out, "takes no writes"); n != 1 {
		t.Errorf("logged the refused claims %d times, want once:\n%s", n, out)
	}
	if strings.Count(out, "takes writes again") != 1 || strings.Contains(out, "ERRO") {
		t.Errorf("want one line when writes resume and no error lines:\n%s", out)
	}
}
