package postgres_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/rest/ratelimit"
)

// settable is a clock the test moves by hand.
type settable struct {
	mu sync.Mutex
	t  time.Time
}

func (c *settable) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *settable) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// sharedLimiters are n replicas' limiters, each on its own pool to one
// database, all reading clock.
func sharedLimiters(t *testing.T, n, perMinute, burst int, clock *settable) []*ratelimit.Limiter {
	t.Helper()
	url := pg.NewDatabase(t)
	out := make([]*ratelimit.Limiter, n)
	for i := range out {
		out[i] = ratelimit.New(perMinute, burst, clock.now)
		out[i].Share(open(t, url))
	}
	return out
}

// Three replicas draw from one bucket per user: together they allow the
// burst once, not three times, refill it at the sustained rate once, and
// keep users apart.
func TestRateLimitSharedAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	clock := &settable{t: time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)}
	const burst = 10
	limiters := sharedLimiters(t, 3, 60, burst, clock) // one a second
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for i := range 3 * burst {
		wg.Go(func() {
			if ok, _ := limiters[i%3].Allow(ctx, "alice"); ok {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if got := allowed.Load(); got != burst {
		t.Fatalf("%d of %d requests over 3 replicas allowed, want the burst of %d once", got, 3*burst, burst)
	}
	ok, wait := limiters[1].Allow(ctx, "alice")
	if ok || wait != time.Second {
		t.Fatalf("request past the burst: ok=%v retry in %v, want refused, retry in 1s", ok, wait)
	}
	if ok, _ := limiters[2].Allow(ctx, "bob"); !ok {
		t.Fatal("another user's first request refused: buckets must be per user")
	}
	clock.add(2500 * time.Millisecond) // two requests' worth, and a half
	for i := range 2 {
		if ok, _ := limiters[i].Allow(ctx, "alice"); !ok {
			t.Fatalf("refilled request %d refused", i+1)
		}
	}
	if ok, wait := limiters[2].Allow(ctx, "alice"); ok || wait != time.Second {
		t.Fatalf("third request after 2.5 s: ok=%v retry in %v, want refused, retry in 1s (0.5 s rounded up)", ok, wait)
	}
}

// A replica whose database stops answering judges by its own bucket:
// requests are neither all refused nor let through without a limit.
func TestRateLimitFallsBackWhenTheDatabaseFails(t *testing.T) {
	ctx := context.Background()
	clock := &settable{t: time.Unix(1e9, 0)}
	l := ratelimit.New(60, 2, clock.now)
	st := open(t, pg.NewDatabase(t))
	l.Share(st)
	st.Close()
	for i := range 2 {
		if ok, _ := l.Allow(ctx, "alice"); !ok {
			t.Fatalf("request %d of the burst refused with the database closed", i+1)
		}
	}
	if ok, _ := l.Allow(ctx, "alice"); ok {
		t.Fatal("a request past the burst allowed with the database closed: the replica's own bucket must hold")
	}
}

// BenchmarkTakeToken is what the shared limit adds to each request of the
// hosted form: one UPSERT round trip (compare BenchmarkLocalAllow).
func BenchmarkTakeToken(b *testing.B) {
	ctx := context.Background()
	l := ratelimit.New(1<<30, 1<<20, nil)
	l.Share(open(b, pg.NewDatabase(b)))
	b.ResetTimer()
	for b.Loop() {
		if ok, _ := l.Allow(ctx, "alice"); !ok {
			b.Fatal("refused")
		}
	}
}

// BenchmarkLocalAllow is the in-memory bucket alone, for comparison.
func BenchmarkLocalAllow(b *testing.B) {
	ctx := context.Background()
	l := ratelimit.New(1<<30, 1<<20, nil)
	for b.Loop() {
		if ok, _ := l.Allow(ctx, "alice"); !ok {
			b.Fatal("refused")
		}
	}
}

// An allowed request says no wait, on the shared buckets as on a
// replica's own: it was 1 s on the shared ones, and only a refusal has a
// wait to tell.
func TestRateLimitSharedAllowedSaysNoWait(t *testing.T) {
	ctx := context.Background()
	clock := &settable{t: time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)}
	shared := sharedLimiters(t, 1, 60, 2, clock)[0]
	local := ratelimit.New(60, 2, clock.now)
	for i := range 2 {
		for name, l := range map[string]*ratelimit.Limiter{"shared": shared, "local": local} {
			if ok, wait := l.Allow(ctx, "alice"); !ok || wait != 0 {
				t.Errorf("%s request %d within the burst: ok=%v retry in %v, want allowed, 0", name, i+1, ok, wait)
			}
		}
	}
	if ok, wait := shared.Allow(ctx, "alice"); ok || wait != time.Second {
		t.Errorf("shared request past the burst: ok=%v retry in %v, want refused, retry in 1s", ok, wait)
	}
}
