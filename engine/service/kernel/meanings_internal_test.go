package kernel

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// committingStore is a Badger store that tells when a transaction storing
// meaning vectors (the filler's) has committed.
type committingStore struct {
	*store.Store
	once      sync.Once
	committed chan struct{}
}

func (s *committingStore) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	meanings := false
	err := s.Store.Update(ctx, user, func(tx engine.Tx) error {
		return fn(meaningSpy{tx, &meanings})
	})
	if err == nil && meanings {
		s.once.Do(func() { close(s.committed) })
	}
	return err
}

// meaningSpy is a transaction that notes a PutMeanings.
type meaningSpy struct {
	engine.Tx
	put *bool
}

func (m meaningSpy) PutMeanings(ms []engine.TextMeaning) ([]string, error) {
	*m.put = true
	return m.Tx.(engine.MeaningTx).PutMeanings(ms)
}

func (m meaningSpy) Version() int64 { return versionOf(m.Tx) }

// unitEncoder is a sentence encoder for this test: one unit direction.
type unitEncoder struct{}

func (unitEncoder) EncodeSentences(texts []string) ([][]float32, bool) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = make([]float32, index.MeaningDim)
		out[i][0] = 1
	}
	return out, true
}

// A batch the filler takes from a load's own queue while that load has
// not yet handed out its shard (here: held up to half a second after
// queueing) still reaches the shard: the filler waits for the load it
// would otherwise miss, as the load read the store before the batch
// stored its meanings and queues them no more.
func TestFillerWaitsForTheLoadItRaces(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	old := New(engine.DefaultConfig(), st, llm.NewBuiltinEmbedder()) // no filler: "a" is stored without a meaning
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a := &engine.Memory{ID: "a", UserID: "u", Text: "User has a parrot", State: engine.StateActive,
		MemoryType: engine.TypeSemantic, CreatedAt: now, UpdatedAt: now, ValidFrom: now}
	if err := old.Write(ctx, "u", func(_ engine.Tx, p *Plan) error { p.Put(a, nil); return nil }); err != nil {
		t.Fatal(err)
	}

	cs := &committingStore{Store: st, committed: make(chan struct{})}
	k := New(engine.DefaultConfig(), cs, llm.NewBuiltinEmbedder())
	k.shards = newReplicaShards(k.embed.Dim(), cs, func(ctx context.Context, user string, s *index.Shard) error {
		err := k.loadShard(ctx, user, s) // queues "a" for the filler
		select {                         // the load is slow to hand its shard out
		case <-cs.committed:
		case <-time.After(500 * time.Millisecond):
		}
		return err
	}, 0)
	k.shards.caughtUp = k.needMeanings
	k.FillMeanings(unitEncoder{})
	defer k.Close()
	shard, err := k.shards.Shard(ctx, "u")
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := k.WaitMeanings(wctx); err != nil {
		t.Fatal(err)
	}
	if !shard.HasMeaning("a") {
		t.Error("the loaded shard lacks the meaning the filler stored while it loaded")
	}
}
