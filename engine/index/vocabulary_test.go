package index_test

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// Terms lists each held term once with how many memories hold it, and
// drops a term once the only memory holding it is removed.
func TestTermsListsHeldTermsWithTheirCounts(t *testing.T) {
	s := index.NewShard(4)
	s.Upsert(index.Row{ID: "a", State: engine.StateActive}, nil, []string{"espresso", "meet", "meet"})
	s.Upsert(index.Row{ID: "b", State: engine.StateActive}, nil, []string{"meet", "river"})
	s.Remove("b")
	s.Upsert(index.Row{ID: "c", State: engine.StateActive}, nil, []string{"meet"})
	got := map[string]int{}
	s.Terms(func(term string, df int) { got[term] += df })
	if got["espresso"] != 1 || got["meet"] < 2 || len(got) > 3 {
		t.Errorf("terms %v: want espresso 1 and meet 2 (a retired posting may count until compaction)", got)
	}
}
