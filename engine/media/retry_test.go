package media

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	p := RetryPolicy{Base: time.Second, Cap: 10 * time.Second, MaxAttempts: 4}
	tests := []struct {
		name    string
		attempt int
		rand    float64
		want    time.Duration
	}{
		{"first retry, no jitter", 1, 0, 500 * time.Millisecond},
		{"first retry, max jitter", 1, 0.999999999, 999999999 * time.Nanosecond},
		{"second retry", 2, 0, time.Second},
		{"third retry, half jitter", 3, 0.5, 3 * time.Second},
		{"capped", 10, 0, 5 * time.Second},
		{"huge attempt does not overflow", 1 << 30, 1 - 1e-9, 10*time.Second - 5*time.Nanosecond},
		{"zero counts as one", 0, 0, 500 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p.Rand = func() float64 { return tt.rand }
			if got := p.Backoff(tt.attempt); got != tt.want {
				t.Errorf("Backoff(%d) with rand %v = %v, want %v", tt.attempt, tt.rand, got, tt.want)
			}
		})
	}
}

func TestDefaultBackoffBounds(t *testing.T) {
	p := DefaultRetryPolicy()
	for attempt := 1; attempt <= MaxAttempts; attempt++ {
		d := Backoff(attempt)
		hi := min(p.Base<<(attempt-1), p.Cap)
		if d < hi/2 || d >= hi {
			t.Errorf("Backoff(%d) = %v, want in [%v, %v)", attempt, d, hi/2, hi)
		}
	}
}

func TestIsPermanent(t *testing.T) {
	status := func(code int) error {
		return &Error{Cause: CauseHTTPStatus, Status: code, Reason: fmt.Sprintf("HTTP %d", code)}
	}
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"refused", newError(CauseRefused, nil, "refused"), true},
		{"not an image", newError(CauseNotImage, nil, "not an image: text/html"), true},
		{"too large", newError(CauseTooLarge, nil, "image larger than 10 MiB"), true},
		{"corrupt", newError(CauseCorrupt, nil, "truncated"), true},
		{"wrapped permanent", fmt.Errorf("capture: %w", newError(CauseRefused, nil, "refused")), true},
		{"timeout", newError(CauseTimeout, nil, "timed out"), false},
		{"network", newError(CauseNetwork, nil, "connection refused"), false},
		{"404", status(404), true},
		{"410", status(410), true},
		{"429", status(429), false},
		{"408", status(408), false},
		{"500", status(500), false},
		{"503", status(503), false},
		{"cancelled", fmt.Errorf("fetch: %w", context.Canceled), false},
		{"unknown error", errors.New("disk full"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsPermanent(tt.err); got != tt.want {
				t.Errorf("IsPermanent(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

func TestShouldRetry(t *testing.T) {
	p := RetryPolicy{Base: time.Second, Cap: time.Minute, MaxAttempts: 3}
	transient := newError(CauseTimeout, nil, "timed out")
	tests := []struct {
		name    string
		attempt int
		err     error
		want    bool
	}{
		{"transient, attempts left", 2, transient, true},
		{"transient, attempts used up", 3, transient, false},
		{"permanent", 1, newError(CauseNotImage, nil, "not an image"), false},
		{"success", 1, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := p.ShouldRetry(tt.attempt, tt.err); got != tt.want {
				t.Errorf("ShouldRetry(%d, %v) = %v, want %v", tt.attempt, tt.err, got, tt.want)
			}
		})
	}
}
