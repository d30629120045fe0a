package kernel

import (
	"testing"
	"time"
)

// The filler waits for a pause in the writes, but never longer than the
// cap after the oldest write it has queued.
func TestMeaningHoldOff(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	const quiet, maxDelay = 500 * time.Millisecond, 5 * time.Second
	cases := []struct {
		name                 string
		now, lastAdd, oldest time.Duration
		want                 time.Duration
	}{
		{"just written", 0, 0, 0, quiet},
		{"writes paused", 600 * time.Millisecond, 0, 0, 0},
		{"halfway through the pause", 300 * time.Millisecond, 100 * time.Millisecond, 0, 300 * time.Millisecond},
		{"writes go on: the cap", 4900 * time.Millisecond, 4800 * time.Millisecond, 0, 100 * time.Millisecond},
		{"past the cap", 6 * time.Second, 5900 * time.Millisecond, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := holdOff(at(c.now), at(c.lastAdd), at(c.oldest), quiet, maxDelay); got != c.want {
				t.Errorf("holdOff = %v, want %v", got, c.want)
			}
		})
	}
}
