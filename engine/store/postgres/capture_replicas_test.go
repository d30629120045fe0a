package postgres_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/png"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store/postgres"
	"github.com/memsvc/memsvc/llm"
)

// countingCaptioner stands in for a hosted vision model and counts calls.
type countingCaptioner struct{ calls atomic.Int64 }

func (c *countingCaptioner) Caption(ctx context.Context, _ []byte, _ string) (string, string, error) {
	c.calls.Add(1)
	select { // long enough that both replicas' workers look at the queue meanwhile
	case <-time.After(50 * time.Millisecond):
	case <-ctx.Done():
		return "", "", ctx.Err()
	}
	return "a small test pattern", "", nil
}

// distinctPNG is a 3×3 PNG whose pixels encode i.
func distinctPNG(t *testing.T, i int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 3))
	for p := range img.Pix {
		img.Pix[p] = byte(i >> (8 * (p % 3)))
	}
	img.Pix[3] = 255
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// imageReplicas opens n engines with image capture on one database, each
// with its own store (pool) as its blob store, sharing one captioner.
func imageReplicas(t *testing.T, url string, n int, c engine.Captioner) ([]*service.Engine, []*postgres.Store) {
	t.Helper()
	engs, stores := make([]*service.Engine, n), make([]*postgres.Store, n)
	for i := range engs {
		st := open(t, url)
		eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
			Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
			Extractors: []engine.Extractor{extract.NewBuiltin()},
			Media:      &service.MediaDeps{Fetcher: media.NewFetcher(media.FetchConfig{}), Blobs: st, Captioner: c, Lease: 2 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		cctx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); eng.RunCaptures(cctx) }()
		t.Cleanup(func() { stop(); <-done; eng.Close() })
		engs[i], stores[i] = eng, st
	}
	return engs, stores
}

// TestEachImageCapturedOnceAcrossReplicas: images sent through two
// replicas at once are each captured exactly once (one vision call each),
// whichever replica's worker takes the job; every one ends active and
// readable on both replicas; deleting them through the other replica
// removes the images from the shared database.
func TestEachImageCapturedOnceAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	var c countingCaptioner
	r, stores := imageReplicas(t, url, 2, &c)
	const perReplica = 6
	var (
		mu  sync.Mutex
		ids []string
		wg  sync.WaitGroup
	)
	for on := range 2 {
		wg.Go(func() {
			for i := range perReplica {
				ref, _ := media.Classify("data:image/png;base64," + base64.StdEncoding.EncodeToString(distinctPNG(t, on*100+i)))
				res, err := r[on].CaptureImage(ctx, "u", engine.CaptureRequest{Ref: ref})
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				ids = append(ids, res.ID)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	shas := map[string]bool{}
	for _, id := range ids {
		for end := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			m, err := r[1].Get(ctx, "u", id)
			if err != nil {
				t.Fatal(err)
			}
			if m.State == engine.StateActive {
				shas[m.Source.BlobSHA256] = true
				break
			}
			if m.State == engine.StateFailed || time.Now().After(end) {
				t.Fatalf("image %s: %s %s (%d vision calls so far)", id, m.State, m.Error, c.calls.Load())
			}
		}
	}
	time.Sleep(300 * time.Millisecond) // a second capture would be under way by now
	if got := c.calls.Load(); got != 2*perReplica {
		t.Errorf("vision model called %d times for %d images; want once each", got, 2*perReplica)
	}
	if _, notFound, err := r[0].Delete(ctx, "u", ids); err != nil || len(notFound) != 0 {
		t.Fatalf("delete: %v, not found %v", err, notFound)
	}
	for sha := range shas {
		if _, err := stores[1].GetBlob(ctx, sha); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("image %.12s after its memory was deleted: %v; want gone", sha, err)
		}
	}
}
