package search

import (
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
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

// TestListTurnsAfterRerank: after the reranker has gathered one session's
// turns at the top of a list question's hits, the other session's best
// hit rises among them again; any other question keeps the reranked order.
func TestListTurnsAfterRerank(t *testing.T) {
	t0 := time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)
	shard := index.NewShard(2)
	ids := []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1"}
	for i, id := range ids {
		shard.Upsert(index.Row{ID: id, SessionID: id[:1], ValidFrom: t0.Add(time.Duration(i) * time.Minute), CreatedAt: t0}, nil, []string{"w"})
	}
	hits := make([]engine.Scored, len(ids))
	for i, id := range ids {
		hits[i] = engine.Scored{Memory: &engine.Memory{ID: id}}
	}
	e := &Searcher{cfg: engine.Config{RRFK: 60}}
	order := func(q string) []string {
		var got []string
		for _, h := range e.listTurnsHits(shard, recall.ListQuestion(q, shard.Speakers()), hits) {
			got = append(got, h.ID)
		}
		return got
	}
	if got := order("What hobbies does she have?"); slices.Index(got, "b1") >= 8 {
		t.Errorf("list question: %v, want b1 above a8", got)
	}
	if got := order("Where does she live?"); !slices.Equal(got, ids) {
		t.Errorf("other question: %v, want the reranked order %v", got, ids)
	}
}
