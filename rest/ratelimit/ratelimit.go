// Package ratelimit caps how many requests each user may make: a token
// bucket per user (golang.org/x/time/rate), refilled at a sustained rate
// and holding a burst, so a client that pauses may send a burst at once
// while one that never pauses is held to the sustained rate. Buckets live
// in the memory of one server process, unless the limiter shares them
// (Share): replicas of the hosted form keep one bucket per user in their
// database, so a key behind a load balancer gets its limit once, not once
// per replica.
package ratelimit

import (
	"context"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Shared keeps buckets every replica reaches. TakeToken takes one request
// from key's bucket, which refills one request every interval and holds
// burst, and reports whether it was allowed and, if not, how long until
// one would be.
type Shared interface {
	TakeToken(ctx context.Context, key string, now time.Time, interval time.Duration, burst int) (ok bool, retryIn time.Duration, err error)
}

// sharedWait bounds the wait for the shared buckets: past it (a database
// slow to answer, a pool with no free connection) the request is judged by
// this replica's own bucket instead of waiting longer to be judged.
const sharedWait = 500 * time.Millisecond

// Limiter holds one token bucket per user.
type Limiter struct {
	every rate.Limit // tokens per second
	burst int
	now   func() time.Time

	shared Shared // nil: the buckets below are the only ones

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

// Share makes s hold the users' buckets. The limiter's own buckets remain
// the fallback for a request s cannot judge (an error, or no answer within
// sharedWait): the database that failed to answer usually fails the
// request too, and an answering replica should not refuse for it.
func (l *Limiter) Share(s Shared) {
	if l != nil {
		l.shared = s
	}
}

// Allow takes one request from user's bucket. When the bucket is empty it
// reports false and how long until a request would be allowed, rounded up
// to whole seconds (what a Retry-After header can say), at least one; an
// allowed request reports 0.
func (l *Limiter) Allow(ctx context.Context, user string) (ok bool, retryIn time.Duration) {
	if l == nil {
		return true, 0
	}
	now := l.now()
	if l.shared != nil {
		ctx, cancel := context.WithTimeout(ctx, sharedWait)
		defer cancel()
		interval := time.Duration(float64(time.Second) / float64(l.every))
		ok, wait, err := l.shared.TakeToken(ctx, user, now, interval, l.burst)
		switch {
		case err != nil: // judged by this replica's bucket below
		case ok:
			return true, 0 // as allowLocal: a wait is said of a refusal only
		default:
			return false, wholeSeconds(wait.Seconds())
		}
	}
	return l.allowLocal(now, user)
}

// allowLocal takes one request from user's bucket in this process.
func (l *Limiter) allowLocal(now time.Time, user string) (bool, time.Duration) {
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
	return false, wholeSeconds((1 - b.TokensAt(now)) / float64(l.every))
}

// wholeSeconds rounds a wait up to whole seconds, at least one.
func wholeSeconds(s float64) time.Duration {
	return time.Duration(max(1, math.Ceil(s))) * time.Second
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
