package ratelimit

import (
	"context"
	"testing"
	"time"
)

// ctx is the requests' context: these limiters share no buckets.
var ctx = context.Background()

// clock is a settable clock for the limiter.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func TestAllow(t *testing.T) {
	c := &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	l := New(60, 3, c.now) // one a second, three at once
	for i := range 3 {
		if ok, _ := l.Allow(ctx, "alice"); !ok {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	ok, wait := l.Allow(ctx, "alice")
	if ok || wait != time.Second {
		t.Fatalf("fourth request at once: ok=%v retry in %v, want refused, retry in 1s", ok, wait)
	}
	if ok, _ := l.Allow(ctx, "bob"); !ok {
		t.Fatal("another user's first request refused: buckets must be per user")
	}
	c.t = c.t.Add(time.Second)
	if ok, _ := l.Allow(ctx, "alice"); !ok {
		t.Fatal("a request a second later refused: the bucket must refill")
	}
	if ok, _ := l.Allow(ctx, "alice"); ok {
		t.Fatal("a second request in the same second allowed: the sustained rate is one a second")
	}
}

func TestRetryInRoundsUp(t *testing.T) {
	c := &clock{t: time.Unix(0, 0)}
	l := New(6, 1, c.now) // one every ten seconds
	l.Allow(ctx, "alice")
	c.t = c.t.Add(2500 * time.Millisecond)
	if ok, wait := l.Allow(ctx, "alice"); ok || wait != 8*time.Second {
		t.Fatalf("2.5 s after the only token: ok=%v retry in %v, want refused, retry in 8s (7.5 s rounded up)", ok, wait)
	}
}

func TestNoLimit(t *testing.T) {
	var l *Limiter = New(0, 10, nil)
	if l != nil {
		t.Fatal("perMinute 0 must mean no limiter")
	}
	for range 1000 {
		if ok, _ := l.Allow(ctx, "alice"); !ok {
			t.Fatal("a nil limiter refused a request")
		}
	}
}

func TestSweepDropsRefilledBuckets(t *testing.T) {
	c := &clock{t: time.Unix(0, 0)}
	l := New(60, 2, c.now)
	l.Allow(ctx, "idle")
	l.Allow(ctx, "busy")
	l.Allow(ctx, "busy")
	c.t = c.t.Add(time.Minute + time.Second)
	l.Allow(ctx, "busy") // sweeps: idle's bucket is full again, busy's too
	l.Allow(ctx, "busy")
	l.Allow(ctx, "busy") // busy now empty
	if _, ok := l.buckets["idle"]; ok {
		t.Fatal("a refilled bucket survived the sweep")
	}
	c.t = c.t.Add(time.Minute)
	if ok, _ := l.Allow(ctx, "busy"); !ok {
		t.Fatal("a swept or refilled user's request refused")
	}
	if n := len(l.buckets); n != 1 {
		t.Fatalf("%d buckets after the sweeps, want 1 (busy)", n)
	}
}
