package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
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

// TestFactsRankThroughTheirEpisode: a fact of an episode the query keeps
// leaves the turn views and lends its fact-view place to that episode, which
// is then shown as the fact; a fact whose episode is retired ranks as itself.
func TestFactsRankThroughTheirEpisode(t *testing.T) {
	shard := index.NewShard(2)
	for _, r := range []index.Row{
		{ID: "E1", State: engine.StateActive, Episode: true},
		{ID: "F1", State: engine.StateActive, Anchor: "E1"},
		{ID: "F2", State: engine.StateActive, Anchor: "E1"},
		{ID: "E2", State: engine.StateSuperseded, Episode: true},
		{ID: "F3", State: engine.StateActive, Anchor: "E2"},
		{ID: "T", State: engine.StateActive},
	} {
		shard.Upsert(r, nil, nil)
	}
	ids := func(l []recall.Ranked) []string {
		var out []string
		for _, r := range l {
			out = append(out, r.ID)
		}
		return out
	}
	view := func(ids ...string) []recall.Ranked {
		var l []recall.Ranked
		for i, id := range ids {
			l = append(l, recall.Ranked{ID: id, Score: float64(len(ids) - i)})
		}
		return l
	}
	q := &engine.Query{}
	if diff := cmp.Diff([]string{"F3", "E1", "T"}, ids(turnsOnly(shard, q, view("F1", "F3", "E1", "T")))); diff != "" {
		t.Errorf("turn view (-want +got):\n%s", diff)
	}
	shown := map[string]string{}
	lent := lendFacts(shard, q, view("F2", "F3", "F1"), shown)
	// F2 stands for E1; F1, E1's other fact, is a finding of its own.
	if diff := cmp.Diff([]string{"E1", "F3", "F1"}, ids(lent)); diff != "" {
		t.Errorf("fact view (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]string{"E1": "F2"}, shown); diff != "" {
		t.Errorf("shown (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"T", "F2", "F3"}, ids(presentFacts(view("T", "E1", "F3"), shown))); diff != "" {
		t.Errorf("presented (-want +got):\n%s", diff)
	}
	// A view that ranked F2 as itself (a prior's) must not give it a second place.
	if diff := cmp.Diff([]string{"F2", "T"}, ids(presentFacts(view("F2", "T", "E1"), shown))); diff != "" {
		t.Errorf("a fact ranked as itself and through its episode (-want +got):\n%s", diff)
	}
	withOld := &engine.Query{IncludeSuperseded: true}
	if diff := cmp.Diff([]string{"E2"}, ids(lendFacts(shard, withOld, view("F3"), map[string]string{}))); diff != "" {
		t.Errorf("with include_superseded the retired episode is lent to (-want +got):\n%s", diff)
	}
}

// TestFactViewsHoldFactsAndNotes: the fact views rank facts and memories
// stored as written, never the episodes the facts lend to.
func TestFactViewsHoldFactsAndNotes(t *testing.T) {
	keep := factsFor(&engine.Query{})
	for _, tt := range []struct {
		name string
		row  index.Row
		want bool
	}{
		{"fact of an episode", index.Row{State: engine.StateActive, Anchor: "E"}, true},
		{"note stored as written", index.Row{State: engine.StateActive}, true},
		{"episode", index.Row{State: engine.StateActive, Episode: true}, false},
		{"superseded fact", index.Row{State: engine.StateSuperseded, Anchor: "E"}, false},
	} {
		if got := keep(&tt.row); got != tt.want {
			t.Errorf("%s: kept %v, want %v", tt.name, got, tt.want)
		}
	}
}
