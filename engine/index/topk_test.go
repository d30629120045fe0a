package index

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTopKMatchesSorting checks the selector against sorting every hit,
// with many ties (scores from a small set) so the id order is exercised.
func TestTopKMatchesSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, tc := range []struct{ n, k int }{{0, 3}, {5, 0}, {1, 1}, {10, 3}, {100, 10}, {1000, 50}, {20, 40}} {
		t.Run(fmt.Sprintf("n=%d,k=%d", tc.n, tc.k), func(t *testing.T) {
			hits := make([]Hit, tc.n)
			top := NewTopK(tc.k)
			for i := range hits {
				hits[i] = Hit{ID: fmt.Sprintf("id%04d", rng.IntN(5000)), Score: float64(rng.IntN(8))}
				top.Offer(hits[i])
			}
			slices.SortFunc(hits, func(a, b Hit) int {
				if better(a, b) {
					return -1
				}
				if better(b, a) {
					return 1
				}
				return 0
			})
			want := hits[:min(max(tc.k, 0), len(hits))]
			if got := top.Sorted(); !cmp.Equal(got, want) {
				t.Errorf("got %v\nwant %v", got, want)
			}
		})
	}
}
