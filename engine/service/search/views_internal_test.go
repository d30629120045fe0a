package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine/recall"
)

func TestViewsFloorsHeld(t *testing.T) {
	l := []recall.Ranked{{ID: "a"}}
	tests := []struct {
		name  string
		build func(v *views)
		want  []int
	}{
		{"the passage view counts what it lacks", func(v *views) {
			v.add("bm25", l, 1)
			v.addFloored("passage", l, 8)
			v.add("vector", l, 1)
		}, []int{0, 51, 0}},
		{"none beside a fact view", func(v *views) {
			v.add("bm25", l, 1)
			v.addFacts("bm25-facts", l, 1)
			v.addFloored("passage", l, 8)
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := &views{depth: 50}
			tt.build(v)
			if diff := cmp.Diff(tt.want, v.floorsHeld()); diff != "" {
				t.Errorf("floorsHeld (-want +got):\n%s", diff)
			}
		})
	}
}
