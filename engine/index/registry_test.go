package index

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// fakeStore is a durable store in miniature: per-user rows, written under a
// per-user lock (as the engine's writes are), read by the loader from a
// snapshot taken when the load starts.
type fakeStore struct {
	mu    sync.Mutex
	rows  map[string]map[string]bool
	locks map[string]*sync.Mutex
	slow  time.Duration // a load's delay after its snapshot, to widen races
}

func newFakeStore() *fakeStore {
	return &fakeStore{rows: map[string]map[string]bool{}, locks: map[string]*sync.Mutex{}}
}

func (f *fakeStore) lock(user string) *sync.Mutex {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.locks[user] == nil {
		f.locks[user] = &sync.Mutex{}
	}
	return f.locks[user]
}

func (f *fakeStore) commit(user, id string, put bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.rows[user] == nil {
		f.rows[user] = map[string]bool{}
	}
	if put {
		f.rows[user][id] = true
	} else {
		delete(f.rows[user], id)
	}
}

func (f *fakeStore) ids(user string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Sorted(maps.Keys(f.rows[user]))
}

func (f *fakeStore) load(ctx context.Context, user string, s *Shard) error {
	ids := f.ids(user)
	time.Sleep(f.slow)
	for _, id := range ids {
		s.Upsert(row(id, "", 1), []float32{1, 0}, []string{"word", id})
	}
	return nil
}

func shardIDs(s *Shard) []string {
	var ids []string
	for _, h := range s.TextSearch([]string{"word"}, nil, 1.2, 0.4, nil, 1<<20) {
		ids = append(ids, h.ID)
	}
	slices.Sort(ids)
	return ids
}

func TestRegistryEvictsLeastRecentlyUsed(t *testing.T) {
	st := newFakeStore()
	for _, u := range []string{"a", "b", "c"} {
		for i := range 50 {
			st.commit(u, fmt.Sprintf("%s%03d", u, i), true)
		}
	}
	probe := NewShard(2)
	st.load(context.Background(), "a", probe)
	one := probe.Bytes()
	r := NewRegistry(2, st.load, 2*one+one/2) // room for two shards
	ctx := context.Background()
	for _, u := range []string{"a", "b", "a", "c"} { // b is the least recently used when c loads
		if _, err := r.Shard(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	got := r.CacheStats()
	want := CacheStats{Shards: 2, Bytes: 2 * one, Budget: 2*one + one/2, Loads: 3, Evictions: 1}
	if got != want {
		t.Fatalf("CacheStats = %+v, want %+v", got, want)
	}
	r.mu.Lock()
	_, bLoaded := r.shards["b"]
	r.mu.Unlock()
	if bLoaded {
		t.Error("b, the least recently used, was not the one evicted")
	}
	s, err := r.Shard(ctx, "b") // reloaded on demand, evicting a
	if err != nil || s.Len() != 50 {
		t.Fatalf("reload of b: %v, %d rows", err, s.Len())
	}
	if got := r.CacheStats(); got.Loads != 4 || got.Evictions != 2 || got.Bytes > got.Budget {
		t.Errorf("after reload: %+v", got)
	}
}

func TestRegistryKeepsOneShardLargerThanBudget(t *testing.T) {
	st := newFakeStore()
	st.commit("big", "x", true)
	r := NewRegistry(2, st.load, 1)
	s1, _ := r.Shard(context.Background(), "big")
	s2, _ := r.Shard(context.Background(), "big")
	if s1 != s2 || r.CacheStats().Loads != 1 {
		t.Errorf("the shard in use was evicted: %+v", r.CacheStats())
	}
}

// TestRegistryEvictionUnderConcurrentWrites runs writers, searchers and
// constant eviction over many users (run it with -race): every write the
// store acknowledged must be in the user's shard afterwards, even when it
// reached a shard evicted meanwhile or landed while a reload was reading.
func TestRegistryEvictionUnderConcurrentWrites(t *testing.T) {
	st := newFakeStore()
	st.slow = 200 * time.Microsecond
	const users = 40
	probe := NewShard(2)
	for i := range 30 {
		probe.Upsert(row(fmt.Sprint(i), "", 1), []float32{1, 0}, []string{"word", fmt.Sprint(i)})
	}
	r := NewRegistry(2, st.load, 3*probe.Bytes()) // a few users at a time: constant eviction
	ctx := context.Background()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for i := range 300 {
				user := fmt.Sprintf("u%02d", rng.IntN(users))
				id := fmt.Sprintf("%s-w%d-%03d", user, w, i)
				s, err := r.Shard(ctx, user) // as the engine: shard first, then lock, commit, apply
				if err != nil {
					t.Error(err)
					return
				}
				mu := st.lock(user)
				mu.Lock()
				time.Sleep(st.slow / 2) // deciding the write: evictions and reloads happen meanwhile
				remove := i%5 == 4
				if remove {
					id = fmt.Sprintf("%s-w%d-%03d", user, w, i-1)
				}
				st.commit(user, id, !remove)
				if remove {
					s.Remove(id)
				} else {
					s.Upsert(row(id, "", 1), []float32{1, 0}, []string{"word", id})
				}
				// Acknowledged: whatever shard the user has now must show it.
				cur, err := r.Shard(ctx, user)
				if err != nil {
					t.Error(err)
				} else if _, has := cur.Get(id); has == remove {
					t.Errorf("%s: write of %s (remove %v) missing from the current shard", user, id, remove)
				}
				mu.Unlock()
			}
		})
	}
	for g := range 3 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 2))
			for range 400 {
				s, err := r.Shard(ctx, fmt.Sprintf("u%02d", rng.IntN(users)))
				if err != nil {
					t.Error(err)
					return
				}
				s.Search([]float32{1, 0}, 5, nil)
				s.TextSearch([]string{"word"}, nil, 1.2, 0.4, nil, 5)
			}
		})
	}
	wg.Wait()
	stats := r.CacheStats()
	if stats.Evictions == 0 {
		t.Fatalf("no eviction happened: %+v", stats)
	}
	for u := range users {
		user := fmt.Sprintf("u%02d", u)
		s, err := r.Shard(ctx, user)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := shardIDs(s), st.ids(user); !slices.Equal(got, want) {
			t.Errorf("%s: shard holds %d ids, store %d\nshard %v\nstore %v", user, len(got), len(want), got, want)
		}
	}
	t.Logf("%+v", r.CacheStats())
}

// TestBytesTrackHeap holds the shard's accounted size to what the Go heap
// grew by building it: 5,000 rows of 512-d vectors and a dozen terms; and
// holds what three tags and five metadata entries' hashes a row add (made
// per row, as the write path makes them, so the heap counts them) to what
// they add to the heap, which the whole's ratio alone would hide.
func TestBytesTrackHeap(t *testing.T) {
	const n, dim = 5000, 512
	in := heapInputs(n, dim)
	plainBytes, plainHeap := buildAndMeasure(t, in, dim, false)
	bytes, heap := buildAndMeasure(t, in, dim, true)
	labelBytes, labelHeap := bytes-plainBytes, heap-plainHeap
	t.Logf("labels add %d B accounted (%d per row), %d B heap (%d per row)", labelBytes, labelBytes/n, labelHeap, labelHeap/n)
	if ratio := float64(labelBytes) / float64(labelHeap); ratio < 0.8 || ratio > 1.25 {
		t.Errorf("tags and metadata add %d accounted bytes, %d heap bytes: ratio %.2f outside [0.8, 1.25]", labelBytes, labelHeap, ratio)
	}
	runtime.KeepAlive(in)
}

type heapInput struct {
	r     Row
	vec   []float32
	terms []string
}

func heapInputs(n, dim int) []heapInput {
	rng := rand.New(rand.NewPCG(3, 3))
	in := make([]heapInput, n)
	vocab := make([]string, 3000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("term%d", i)
	}
	for i := range in {
		vec := make([]float32, dim)
		for j := range vec {
			vec[j] = rng.Float32() - 0.5
		}
		terms := make([]string, 12)
		for j := range terms {
			terms[j] = vocab[rng.IntN(len(vocab))]
		}
		in[i] = heapInput{Row{ID: fmt.Sprintf("01JD%022d", i), State: "active", SessionID: fmt.Sprintf("s%d", i/20),
			AppName: "claude", CreatedAt: time.Unix(int64(i), 0), Categories: []string{"work"}}, vec, terms}
	}
	return in
}

// buildAndMeasure builds a shard of in, with tags and metadata hashes when
// labels, and returns its accounted bytes and the heap it grew by, which
// it holds to each other.
func buildAndMeasure(t *testing.T, in []heapInput, dim int, labels bool) (accounted, grew int64) {
	rng := rand.New(rand.NewPCG(5, 5))
	before := heapInUse()
	s := NewShard(dim)
	for i, x := range in {
		if labels {
			x.r.Tags = []string{fmt.Sprintf("tag%d", i%7), fmt.Sprintf("tag%d", i%11), "shared"}
			x.r.Meta = make([]uint64, 10) // a key's and a pair's hash per entry
			for j := range x.r.Meta {
				x.r.Meta[j] = rng.Uint64()
			}
			slices.Sort(x.r.Meta)
		}
		s.Upsert(x.r, x.vec, x.terms)
	}
	s.PassageSearch([]string{"term1"}, nil, []float64{0.8, 0.64}, 1.2, 0.4, nil, 10) // builds sessions and the layout
	grew = heapInUse() - before
	accounted = s.Bytes()
	n := int64(len(in))
	t.Logf("labels %v: accounted %d B (%d per row), heap grew %d B (%d per row)", labels, accounted, accounted/n, grew, grew/n)
	if ratio := float64(accounted) / float64(grew); ratio < 0.8 || ratio > 1.25 {
		t.Errorf("labels %v: accounted %d bytes, heap grew %d: ratio %.2f outside [0.8, 1.25]", labels, accounted, grew, ratio)
	}
	runtime.KeepAlive(s)
	return accounted, grew
}

func heapInUse() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestRegistryReplaysWritesThatLandDuringALoad pins the race the concurrent
// test hits by chance: a writer holds the user's evicted shard while a
// reload has already read the store; its write must reach the new shard.
func TestRegistryReplaysWritesThatLandDuringALoad(t *testing.T) {
	ctx := context.Background()
	st := newFakeStore()
	st.commit("u", "old", true)
	read, release := make(chan struct{}), make(chan struct{})
	reloading := false
	r := NewRegistry(2, func(ctx context.Context, user string, s *Shard) error {
		ids := st.ids(user) // the load's snapshot
		if reloading {
			close(read)
			<-release
		}
		for _, id := range ids {
			s.Upsert(row(id, "", 1), []float32{1, 0}, nil)
		}
		return nil
	}, 0)
	held, err := r.Shard(ctx, "u") // a writer's shard
	if err != nil {
		t.Fatal(err)
	}
	r.Drop("u") // evicted before the writer applies its write
	reloading = true
	reloaded := make(chan *Shard)
	go func() {
		s, _ := r.Shard(ctx, "u")
		reloaded <- s
	}()
	<-read                      // the reload's snapshot misses the write…
	st.commit("u", "new", true) // …which commits now
	held.Upsert(row("new", "", 2), []float32{0, 1}, nil)
	close(release)
	s := <-reloaded
	if s == held {
		t.Fatal("the reload handed out the evicted shard")
	}
	if _, ok := s.Get("new"); !ok {
		t.Errorf("the write that landed during the reload is missing (%d rows)", s.Len())
	}
	if _, ok := s.Get("old"); !ok {
		t.Error("the reload lost what the store held")
	}
}
