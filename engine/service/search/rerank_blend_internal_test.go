package search

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

func TestBlendOrders(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e"}
	hits := make([]engine.Scored, len(ids))
	for i, id := range ids {
		hits[i] = engine.Scored{Memory: &engine.Memory{ID: id}}
	}
	tests := []struct {
		name  string
		order []int // the reranker's order, indexes into hits
		want  []string
	}{
		{"agreeing reranker keeps the order", []int{0, 1, 2, 3, 4}, []string{"a", "b", "c", "d", "e"}},
		// e: 3/65 + 1/61 beats d: 3/64 + 1/65, not c: 3/63 + 1/64.
		{"reranker's first rises, the fused order weighs more", []int{4, 0, 1, 2, 3}, []string{"a", "b", "c", "e", "d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, h := range blendOrders(60, hits, tt.order) {
				got = append(got, h.ID)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("blended %v, want %v", got, tt.want)
			}
		})
	}
}
