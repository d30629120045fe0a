package kernel

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// failingStore is a Badger store whose transactions storing meanings fail
// while fails is above zero (each failure counts it down; below zero they
// always fail), telling tried of each attempt.
type failingStore struct {
	*store.Store
	fails atomic.Int64
	tried chan struct{}
}

var errUnreachable = errors.New("store unreachable")

func (s *failingStore) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	return s.Store.Update(ctx, user, func(tx engine.Tx) error { return fn(failingTx{tx, s}) })
}

type failingTx struct {
	engine.Tx
	s *failingStore
}

func (f failingTx) PutMeanings(ms []engine.TextMeaning) ([]string, error) {
	select {
	case f.s.tried <- struct{}{}:
	default:
	}
	if n := f.s.fails.Load(); n != 0 {
		f.s.fails.Add(-1)
		return nil, errUnreachable
	}
	return f.Tx.(engine.MeaningTx).PutMeanings(ms)
}

func (f failingTx) Version() int64 { return versionOf(f.Tx) }

// failingKernel is a kernel over a failingStore whose first fails
// attempts fail, with a filler that backs off backoff first, and one
// memory written for it to fill.
func failingKernel(t *testing.T, fails int64, backoff time.Duration) (*Kernel, *failingStore) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	fs := &failingStore{Store: st, tried: make(chan struct{}, 1)}
	fs.fails.Store(fails)
	k := New(engine.DefaultConfig(), fs, llm.NewBuiltinEmbedder())
	k.fillMeanings(unitEncoder{}, backoff)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	m := &engine.Memory{ID: "a", UserID: "u", Text: "User has a parrot", State: engine.StateActive,
		MemoryType: engine.TypeSemantic, CreatedAt: now, UpdatedAt: now, ValidFrom: now}
	if err := k.Write(context.Background(), "u", func(_ engine.Tx, p *Plan) error { p.Put(m, nil); return nil }); err != nil {
		t.Fatal(err)
	}
	return k, fs
}

// A batch the store failed to store is stored on a later attempt, not
// left until the shard's next load.
func TestFillerRetriesABatchTheStoreFailed(t *testing.T) {
	k, fs := failingKernel(t, 2, time.Millisecond)
	defer k.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := k.WaitMeanings(ctx); err != nil {
		t.Fatal(err)
	}
	shard, err := k.shards.Shard(ctx, "u")
	if err != nil {
		t.Fatal(err)
	}
	if !shard.HasMeaning("a") || fs.fails.Load() != 0 {
		t.Errorf("after two failures: meaning held %v, failures left %d; want true, 0", shard.HasMeaning("a"), fs.fails.Load())
	}
}

// A filler waiting to try a failed batch again stops at Close, not at
// the end of its wait.
func TestCloseStopsAFillerWaitingToRetry(t *testing.T) {
	k, fs := failingKernel(t, -1, time.Minute)
	select {
	case <-fs.tried:
	case <-time.After(10 * time.Second):
		t.Fatal("the filler never tried to store")
	}
	start := time.Now()
	k.Close()
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Close took %v while the filler waited to retry", d)
	}
}
