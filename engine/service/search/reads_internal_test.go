package search

import (
	"context"
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// A search's reads go to the store once per memory, in the order asked,
// skipping the ones that vanished, the second time as the first.
func TestReadsLoadEachMemoryOnce(t *testing.T) {
	stored := map[string]bool{"a": true, "b": true, "c": true}
	var asked []string
	rd := &reads{user: "u", got: map[string]*engine.Memory{},
		load: func(_ context.Context, user string, ids []string) ([]*engine.Memory, error) {
			asked = append(asked, ids...)
			var out []*engine.Memory
			for _, id := range ids {
				if stored[id] {
					out = append(out, &engine.Memory{ID: id})
				}
			}
			return out, nil
		}}
	ids := func(ms []*engine.Memory) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = m.ID
		}
		return out
	}
	first, _ := rd.Load(context.Background(), []string{"b", "gone", "a"})
	second, _ := rd.Load(context.Background(), []string{"c", "a", "gone", "b"})
	if got := ids(first); !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("first = %v, want [b a]", got)
	}
	if got := ids(second); !slices.Equal(got, []string{"c", "a", "b"}) {
		t.Errorf("second = %v, want [c a b]", got)
	}
	if !slices.Equal(asked, []string{"b", "gone", "a", "c"}) {
		t.Errorf("store asked for %v, want each id once: [b gone a c]", asked)
	}
}
