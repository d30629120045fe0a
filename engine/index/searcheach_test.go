package index

import (
	"fmt"
	"slices"
	"testing"
)

// SearchEach's one pass gives each filter what Search gives it, to the bit,
// on a shard small enough for one part and on one scanned in parts.
func TestSearchEachIsSearchPerFilter(t *testing.T) {
	keeps := []func(*Row) bool{
		nil,
		func(r *Row) bool { return r.ID[len(r.ID)-1] == '3' },
		func(r *Row) bool { return r.ID[len(r.ID)-1] != '7' },
	}
	for _, n := range []int{300, 2*minScanPart + 100} {
		s := NewShard(4)
		for i := range n {
			s.Upsert(row(fmt.Sprintf("m%06d", i), "", i), []float32{float32(i % 7), float32(i % 5), 1, float32(i % 3)}, nil)
		}
		for _, k := range []int{1, 10, 500} {
			q := []float32{1, 2, 0.5, float32(k % 3)}
			got := s.SearchEach(q, k, keeps...)
			if len(got) != len(keeps) {
				t.Fatalf("n=%d k=%d: %d lists for %d filters", n, k, len(got), len(keeps))
			}
			for j, keep := range keeps {
				if want := s.Search(q, k, keep); !slices.Equal(got[j], want) {
					t.Fatalf("n=%d k=%d filter %d: SearchEach %v…, Search %v…", n, k, j, got[j][:min(3, len(got[j]))], want[:min(3, len(want))])
				}
			}
		}
	}
	if got := NewShard(4).SearchEach([]float32{1}, 5, nil, nil); len(got) != 2 || got[0] != nil {
		t.Errorf("a query of the wrong dimension: %v, want two empty lists", got)
	}
}
