package ui

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// countingMaker is a thumbnail maker that records how many calls run at
// once and in all.
type countingMaker struct {
	running, peak, calls atomic.Int32
	size                 int
}

func (c *countingMaker) make(data []byte, ct string) ([]byte, string, error) {
	c.calls.Add(1)
	n := c.running.Add(1)
	defer c.running.Add(-1)
	for {
		p := c.peak.Load()
		if n <= p || c.peak.CompareAndSwap(p, n) {
			break
		}
	}
	time.Sleep(20 * time.Millisecond) // a decode takes a while
	return make([]byte, c.size), ct, nil
}

func TestThumbsDecodeOneAtATimeAndOncePerImage(t *testing.T) {
	tests := []struct {
		name      string
		images    int // distinct images, requested round-robin
		requests  int
		wantCalls int32
	}{
		{"one image asked for in parallel", 1, 12, 1},
		{"several images", 4, 12, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			th := newThumbs()
			c := &countingMaker{size: 1000}
			th.make = c.make
			var wg sync.WaitGroup
			for i := 0; i < tt.requests; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					key := fmt.Sprint("img-", i%tt.images)
					if _, _, err := th.get(context.Background(), key, []byte(key), "image/png"); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if p := c.peak.Load(); p > thumbDecodes {
				t.Errorf("%d decodes ran at once, want at most %d", p, thumbDecodes)
			}
			if n := c.calls.Load(); n != tt.wantCalls {
				t.Errorf("%d decodes, want %d (one per image)", n, tt.wantCalls)
			}
		})
	}
}

func TestThumbsCacheIsBounded(t *testing.T) {
	th := newThumbs()
	th.maxSize = 2500
	c := &countingMaker{size: 1000}
	th.make = c.make
	for _, key := range []string{"a", "b", "c", "a"} { // a is dropped by c, made again
		if _, _, err := th.get(context.Background(), key, nil, "image/png"); err != nil {
			t.Fatal(err)
		}
	}
	if n := c.calls.Load(); n != 4 {
		t.Errorf("%d decodes, want 4 (the oldest dropped beyond the size)", n)
	}
	if th.size > th.maxSize {
		t.Errorf("cache holds %d bytes, bound %d", th.size, th.maxSize)
	}
	big := &countingMaker{size: 5000}
	th.make = big.make
	th.get(context.Background(), "huge", nil, "image/png")
	if _, ok := th.cached("huge"); ok {
		t.Error("a thumbnail larger than the cache was kept")
	}
}

func TestThumbsWaitEndsWithTheRequest(t *testing.T) {
	th := newThumbs()
	th.slots <- struct{}{} // a decode is running
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, _, err := th.get(ctx, "x", nil, "image/png")
	if engine.ErrorCode(err) != engine.EUnavailable {
		t.Errorf("err %v, want unavailable once the request ends", err)
	}
}
