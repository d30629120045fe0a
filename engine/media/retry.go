package media

import (
	"math/rand/v2"
	"time"
)

// MaxAttempts is how many times a capture is tried (the first try included)
// before a transient failure becomes final.
const MaxAttempts = 6

// RetryPolicy is a bounded exponential backoff with jitter. The delay before
// retry n (after n failed attempts) is drawn from [d/2, d) where
// d = min(Base·2^(n-1), Cap): the lower bound keeps a retry from firing at
// once, the spread keeps many failed captures from retrying in lockstep.
type RetryPolicy struct {
	Base        time.Duration
	Cap         time.Duration
	MaxAttempts int
	// Rand returns a number in [0, 1); tests inject a fixed value. Nil means
	// math/rand/v2.
	Rand func() float64
}

// DefaultRetryPolicy is 10 s, 20 s, 40 s, 80 s, 160 s (each halved to
// doubled by jitter), capped at 15 minutes, MaxAttempts tries in all: about
// five minutes of patience for a flaky image host.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{Base: 10 * time.Second, Cap: 15 * time.Minute, MaxAttempts: MaxAttempts}
}

// Backoff returns the delay before the next try after `attempt` failed
// attempts (attempt ≥ 1), using DefaultRetryPolicy.
func Backoff(attempt int) time.Duration { return DefaultRetryPolicy().Backoff(attempt) }

// Backoff returns the delay before the next try after `attempt` failed
// attempts. Attempts below 1 count as 1.
func (p RetryPolicy) Backoff(attempt int) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	d := p.Base
	for i := 1; i < attempt && d < p.Cap; i++ {
		d *= 2 // doubling step by step cannot overflow the way Base<<attempt can
	}
	if d > p.Cap {
		d = p.Cap
	}
	r := rand.Float64
	if p.Rand != nil {
		r = p.Rand
	}
	half := d / 2
	return half + time.Duration(r()*float64(d-half))
}

// ShouldRetry reports whether a capture that failed with err on its
// `attempt`-th try should be tried again.
func (p RetryPolicy) ShouldRetry(attempt int, err error) bool {
	return err != nil && !IsPermanent(err) && attempt < p.MaxAttempts
}
