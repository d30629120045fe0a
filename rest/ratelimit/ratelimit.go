// Package ratelimit caps how many requests each user may make: a token
// bucket per user (golang.org/x/time/rate), refilled at a sustained rate
// and holding a burst, so a client that pauses may send a burst at once
// while one that never pauses is held to the sustained rate. Buckets live
// in the memory of one server process: replicas each hold their own.
package ratelimit

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limiter holds one token bucket per user.
type Limiter struct {
	every rate.Limit // tokens per second
	burst int
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	swept   time.Time
}

// New returns a limiter allowing each user perMinute requests a minute,
// burst of them at once; perMinute ≤ 0 returns nil, which allows
// everything. A burst below 1 is 1. now is the clock (nil: time.Now).
func New(perMinute, burst int, now func() time.Time) *Limiter {
	if perMinute <= 0 {
		return nil
	}
	if now == nil {
		now = time.Now
	}
	return &Limiter{every: rate.Limit(float64(perMinute) / 60), burst: max(burst, 1), now: now,
		buckets: map[string]*rate.Limiter{}, swept: now()}
}

// Allow takes one request from user's bucket. When the bucket is empty it
// reports false and how long until a request would be allowed, rounded up
// to whole seconds (what a Retry-After header can say), at least one.
func (l *Limiter) Allow(user string) (ok bool, retryIn time.Duration) {
	if l == nil {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b := l.buckets[user]
	if b == nil {
		b = rate.NewLimiter(l.every, l.burst)
		l.buckets[user] = b
	}
	if b.AllowN(now, 1) {
		return true, 0
	}
	wait := (1 - b.TokensAt(now)) / float64(l.every)
	return false, time.Duration(max(1, math.Ceil(wait))) * time.Second
}

// sweep drops, at most once a minute, the buckets that have refilled:
// they hold nothing a new bucket would not, and without the sweep every
// user ever seen would stay in memory for the life of the process.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	for user, b := range l.buckets {
		if b.TokensAt(now) >= float64(l.burst) {
			delete(l.buckets, user)
		}
	}
}
