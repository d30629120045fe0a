package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
)

func TestOneSlotPerFindingOrder(t *testing.T) {
	ep := func(id string, facts ...string) engine.Scored {
		return engine.Scored{Memory: &engine.Memory{ID: id, Source: &engine.Source{Kind: engine.SourceEpisode}, Facts: facts}}
	}
	fact := func(id, episode string) engine.Scored {
		return engine.Scored{Memory: &engine.Memory{ID: id, Source: &engine.Source{Kind: "conversation", EpisodeID: episode}}}
	}
	plain := func(id string) engine.Scored { return engine.Scored{Memory: &engine.Memory{ID: id}} }
	tests := []struct {
		name string
		in   []engine.Scored
		want []string
	}{
		{"episode first: its fact takes its place", []engine.Scored{ep("E1"), plain("x"), fact("F1", "E1")}, []string{"F1", "x"}},
		{"fact first: its episode is dropped", []engine.Scored{fact("F1", "E1"), plain("x"), ep("E1")}, []string{"F1", "x"}},
		{"two facts of one episode both stay", []engine.Scored{ep("E1"), fact("F1", "E1"), fact("F2", "E1")}, []string{"F1", "F2"}},
		{"an episode without ranked facts stays", []engine.Scored{ep("E1"), ep("E2"), fact("F2", "E2")}, []string{"E1", "F2"}},
		{"facts without episodes untouched", []engine.Scored{plain("a"), fact("F", ""), plain("b")}, []string{"a", "F", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, h := range oneSlotPerFinding(tt.in) {
				got = append(got, h.ID)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
