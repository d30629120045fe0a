package kernel_test

import (
	"context"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/service/kernel"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// hashEncoder is a sentence encoder for tests: a text's vector is drawn
// from a generator seeded by its hash, so equal texts have equal vectors
// and different texts different ones. It counts the texts it encodes.
type hashEncoder struct{ encoded atomic.Int64 }

func (h *hashEncoder) EncodeSentences(texts []string) ([][]float32, bool) {
	h.encoded.Add(int64(len(texts)))
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = textVector(t)
	}
	return out, true
}

func textVector(text string) []float32 {
	f := fnv.New64a()
	f.Write([]byte(text))
	rng := rand.New(rand.NewPCG(f.Sum64(), 1))
	v := make([]float32, index.MeaningDim)
	for i := range v {
		v[i] = float32(rng.NormFloat64())
	}
	return v
}

// fillingKernel is a kernel over st with a meaning filler of enc; the
// test's cleanup stops it.
func fillingKernel(t *testing.T, st engine.Store, enc kernel.SentenceEncoder) *kernel.Kernel {
	t.Helper()
	k := kernel.New(engine.DefaultConfig(), st, llm.NewBuiltinEmbedder())
	k.FillMeanings(enc)
	t.Cleanup(k.Close)
	return k
}

func openStore(t *testing.T, dir string) *store.Store {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func put(t *testing.T, k *kernel.Kernel, ms ...*engine.Memory) {
	t.Helper()
	err := k.Write(context.Background(), "u", func(_ engine.Tx, p *kernel.Plan) error {
		for _, m := range ms {
			p.Put(m, nil)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func waitMeanings(t *testing.T, k *kernel.Kernel) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := k.WaitMeanings(ctx); err != nil {
		t.Fatal(err)
	}
}

// storedMeanings lists the ids the store has a meaning for.
func storedMeanings(t *testing.T, st engine.Store) []string {
	t.Helper()
	var ids []string
	err := st.(engine.MeaningStore).ScanMeanings(context.Background(), "u", func(id string, _ engine.Meaning) error {
		ids = append(ids, id)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// wantMeaning checks that the loaded shard holds id's meaning, the one of
// text (its cosine with text's vector is 1).
func wantMeaning(t *testing.T, k *kernel.Kernel, id, text string) {
	t.Helper()
	shard, err := k.Shards().Shard(context.Background(), "u")
	if err != nil {
		t.Fatal(err)
	}
	q := textVector(text)
	var n float32
	for _, x := range q {
		n += x * x
	}
	for i := range q {
		q[i] /= float32(math.Sqrt(float64(n)))
	}
	cos, have := shard.MeaningCosines(q, []string{id})
	if !have[0] || cos[0] < 0.99 {
		t.Errorf("%s: shard's meaning held %v, cosine with %q's %v, want 1", id, have[0], text, cos[0])
	}
}

// The filler fills a memory's meaning after its write, in the store and
// the shard; a new text replaces it, a supersede (same text) keeps it
// without encoding again, a deletion takes it, an image placeholder
// waits for its text.
func TestFillerFillsAfterWrites(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	enc := &hashEncoder{}
	k := fillingKernel(t, st, enc)
	pending := memory("p", "an image being captured")
	pending.State = engine.StatePending
	put(t, k, memory("a", "User has a parrot"), memory("b", "User drives a van"), pending)
	waitMeanings(t, k)
	if got := storedMeanings(t, st); !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("stored meanings after a write = %v, want a and b (not the placeholder)", got)
	}
	wantMeaning(t, k, "a", "User has a parrot")

	put(t, k, memory("a", "User has two parrots"))
	superseded := memory("b", "User drives a van")
	superseded.State = engine.StateSuperseded
	put(t, k, superseded)
	waitMeanings(t, k)
	wantMeaning(t, k, "a", "User has two parrots")
	wantMeaning(t, k, "b", "User drives a van")
	if n := enc.encoded.Load(); n != 3 {
		t.Errorf("texts encoded = %d, want 3 (a twice, b once)", n)
	}

	err := k.Write(context.Background(), "u", func(_ engine.Tx, p *kernel.Plan) error {
		p.Deletes = append(p.Deletes, "a")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := storedMeanings(t, st); !slices.Equal(got, []string{"b"}) {
		t.Errorf("stored meanings after a delete = %v, want b", got)
	}
}

// Memories stored without a meaning (before meanings existed, or by a
// process stopped before its filler came to them) are filled when a later
// process loads their shard; an evicted shard's reload reads the stored
// meanings without encoding again.
func TestFillerBackfillsAfterRestartAndReloads(t *testing.T) {
	dir := t.TempDir()
	st := openStore(t, dir)
	old := kernel.New(engine.DefaultConfig(), st, llm.NewBuiltinEmbedder()) // no filler: as before this change
	for _, id := range []string{"a", "b", "c"} {
		put(t, old, memory(id, "memory "+id))
	}
	st.Close()

	st = openStore(t, dir)
	defer st.Close()
	enc := &hashEncoder{}
	k := fillingKernel(t, st, enc)
	if _, err := k.Shards().Shard(context.Background(), "u"); err != nil { // a search loads it
		t.Fatal(err)
	}
	waitMeanings(t, k)
	if got := storedMeanings(t, st); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Fatalf("stored meanings after the restart's backfill = %v", got)
	}
	wantMeaning(t, k, "c", "memory c")

	k.Shards().Drop("u") // as an eviction does
	wantMeaning(t, k, "b", "memory b")
	waitMeanings(t, k)
	if n := enc.encoded.Load(); n != 3 {
		t.Errorf("texts encoded = %d, want 3: the reload read the stored meanings", n)
	}
}

// Writes and searches of several users race the filler (run with -race):
// every memory ends with the meaning of its last text, and none of a
// deleted memory remains.
func TestFillerUnderConcurrentWrites(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	k := fillingKernel(t, st, &hashEncoder{})
	ctx := context.Background()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 40 {
				id := string(rune('a' + i%8))
				text := "text " + id + " v" + string(rune('0'+w)) + string(rune('0'+i/8))
				err := k.Write(ctx, "u", func(_ engine.Tx, p *kernel.Plan) error {
					if i%13 == 12 {
						p.Deletes = append(p.Deletes, "z")
					}
					p.Put(memory(id, text), nil)
					if i%13 == 0 {
						p.Put(memory("z", "to be deleted"), nil)
					}
					return nil
				})
				if err != nil && engine.ErrorCode(err) != engine.ENotFound {
					t.Error(err)
				}
				if s, err := k.Shards().Shard(ctx, "u"); err == nil {
					s.MeaningCosines(textVector(text), []string{id})
				}
			}
		}()
	}
	wg.Wait()
	waitMeanings(t, k)
	err := st.View(ctx, "u", func(tx engine.Tx) error {
		for i := range 8 {
			id := string(rune('a' + i))
			m, err := tx.GetMemory(id)
			if err != nil {
				return err
			}
			wantMeaning(t, k, id, m.Text)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.Shards().Shard(ctx, "u"); err != nil {
		t.Fatal(err)
	}
	zErr := st.View(ctx, "u", func(tx engine.Tx) error { _, err := tx.GetMemory("z"); return err })
	if engine.ErrorCode(zErr) == engine.ENotFound && slices.Contains(storedMeanings(t, st), "z") {
		t.Error("a deleted memory's meaning is still stored")
	}
}

// searchingStore is a Badger store where a search catches the user's shard
// up right after each transaction commits, before its writer applies it
// to the shard (the race of a search with any write).
type searchingStore struct {
	*store.Store
	k atomic.Pointer[kernel.Kernel]
}

func (s *searchingStore) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	if err := s.Store.Update(ctx, user, fn); err != nil {
		return err
	}
	if k := s.k.Load(); k != nil {
		if _, err := k.Shards().Shard(ctx, user); err != nil {
			return err
		}
	}
	return nil
}

// A search that catches the shard up to the filler's transaction before
// the filler sets its meanings replays none (they record no change): the
// loaded shard still gets them, not only the store.
func TestFillerSetsMeaningsASearchCaughtUpTo(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	ss := &searchingStore{Store: st}
	k := fillingKernel(t, ss, &hashEncoder{})
	ss.k.Store(k)
	put(t, k, memory("a", "User has a parrot"))
	waitMeanings(t, k)
	if got := storedMeanings(t, st); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("stored meanings = %v, want a", got)
	}
	wantMeaning(t, k, "a", "User has a parrot")
}

// noEncoder is a sentence encoder whose weights cannot be read.
type noEncoder struct{ asked atomic.Int64 }

func (n *noEncoder) EncodeSentences([]string) ([][]float32, bool) {
	n.asked.Add(1)
	return nil, false
}

// An encoder that cannot encode stops the filler for good: it queues
// nothing more (a queue nobody empties would grow with every write) and
// is not waited for.
func TestFillerStopsWhenTheEncoderCannot(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	enc := &noEncoder{}
	k := fillingKernel(t, st, enc)
	put(t, k, memory("a", "User has a parrot"))
	for _, id := range []string{"b", "c", "d"} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err := k.WaitMeanings(ctx)
		cancel()
		if err != nil {
			t.Fatalf("WaitMeanings with an encoder that cannot encode: %v", err)
		}
		put(t, k, memory(id, "memory "+id))
	}
	if n := enc.asked.Load(); n != 1 {
		t.Errorf("encoder asked %d times, want once", n)
	}
	if got := storedMeanings(t, st); len(got) != 0 {
		t.Errorf("stored meanings = %v, want none", got)
	}
}

// A memory whose meaning is stored already (by another replica's filler,
// or before a catch-up dropped it from the shard for a write that kept the
// text) is not encoded again: the filler reads the stored one.
func TestFillerReadsMeaningsAnotherReplicaStored(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	enc1, enc2 := &hashEncoder{}, &hashEncoder{}
	k1, k2 := fillingKernel(t, st, enc1), fillingKernel(t, st, enc2)
	fillOnOneReplicaThenCatchUp(t, k1, k2)
	if n1, n2 := enc1.encoded.Load(), enc2.encoded.Load(); n1 != 2 || n2 != 0 {
		t.Errorf("texts encoded by the writing replica %d, by the other %d; want 2 and 0", n1, n2)
	}
}

// fillOnOneReplicaThenCatchUp has k2 load user u's shard, k1 write two
// memories and fill their meanings, then k2's shard catch up and its filler
// run: k2 must end with both meanings, however it came by them.
func fillOnOneReplicaThenCatchUp(t *testing.T, k1, k2 *kernel.Kernel) {
	t.Helper()
	ctx := context.Background()
	if _, err := k2.Shards().Shard(ctx, "u"); err != nil { // loaded before the write
		t.Fatal(err)
	}
	put(t, k1, memory("a", "User has a parrot"), memory("b", "User drives a van"))
	waitMeanings(t, k1)
	if _, err := k2.Shards().Shard(ctx, "u"); err != nil { // catches up: a and b wait for k2's filler
		t.Fatal(err)
	}
	waitMeanings(t, k2)
	wantMeaning(t, k2, "a", "User has a parrot")
	wantMeaning(t, k2, "b", "User drives a van")
}
