package search

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/recall"
)

// View is one ranked view of a search as Explain shows it: its name and
// the memory ids it ranked, best first.
type View struct {
	Name string
	IDs  []string
}

// Explain ranks user's memories for q as Search does and returns every
// view the fusion read (bm25, passage, vector, their neighbouring-turn and
// fact views, the vector feedback view), then "fused", the views' fusion,
// and "final", the order after the query priors and list turn-taking,
// before the reranker. It is for measuring where a search loses a memory
// (memsvc bench recall --explain-misses); Search never calls it.
func (e *Searcher) Explain(ctx context.Context, user string, q engine.Query) ([]View, error) {
	shard, err := e.shardFor(ctx, user, &q)
	if err != nil {
		return nil, err
	}
	list := recall.ListQuestion(q.Text, shard.Speakers())
	v, fused, _, err := e.gather(ctx, e.reads(user), shard, &q)
	if err != nil {
		return nil, err
	}
	out := make([]View, 0, len(v.lists)+2)
	for i, l := range v.lists {
		out = append(out, View{Name: v.names[i], IDs: rankedIDs(l)})
	}
	final := e.finish(shard, &q, list, fused, v)
	return append(out, View{Name: "fused", IDs: rankedIDs(fused)}, View{Name: "final", IDs: rankedIDs(final)}), nil
}

func rankedIDs(l []recall.Ranked) []string {
	ids := make([]string, len(l))
	for i, r := range l {
		ids[i] = r.ID
	}
	return ids
}
