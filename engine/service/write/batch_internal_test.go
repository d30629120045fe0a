package write

import (
	"fmt"
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// A request's own facts are all compared with a new one up to
// batchNeighbours of them; past that, only the most similar ones, so a
// message of thousands of facts is not compared pair by pair.
func TestBatchCandidatesKeepsTheMostSimilar(t *testing.T) {
	for _, n := range []int{3, batchNeighbours, batchNeighbours + 1, 10 * batchNeighbours} {
		p, batch := &plan{}, map[string]*engine.Memory{}
		for i := range n {
			m := &engine.Memory{ID: fmt.Sprintf("m%04d", i), Text: fmt.Sprint("fact ", i), State: engine.StateActive}
			batch[m.ID] = m
			p.Put(m, []float32{float32(i), 1}) // the later, the more similar to the query below
		}
		batch["gone"] = &engine.Memory{ID: "gone", State: engine.StateSuperseded}
		got := batchCandidates(p, batch, map[string]bool{"m0000": true}, []float32{1, 0})
		var ids []string
		for _, c := range got {
			if c.Similarity != 0 || c.Text != batch[c.ID].Text {
				t.Fatalf("n=%d: candidate %+v", n, c)
			}
			ids = append(ids, c.ID)
		}
		slices.Sort(ids)
		var want []string
		for i := max(1, n-batchNeighbours); i < n; i++ { // m0000 was seen, "gone" is not active
			want = append(want, fmt.Sprintf("m%04d", i))
		}
		if !slices.Equal(ids, want) {
			t.Errorf("n=%d: candidates %v, want %v", n, ids, want)
		}
	}
}
