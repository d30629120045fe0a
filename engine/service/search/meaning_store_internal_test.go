package search

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// clearlyNearest takes the store's nearest memory only when it is near
// enough and leads the nearest other finding, a fact and its episode
// being one finding.
func TestClearlyNearest(t *testing.T) {
	shard := index.NewShard(1)
	for _, r := range []index.Row{
		{ID: "ep", State: engine.StateActive, Episode: true},
		{ID: "fact", State: engine.StateActive, Anchor: "ep"},
		{ID: "fact2", State: engine.StateActive, Anchor: "ep"},
		{ID: "other", State: engine.StateActive},
		{ID: "third", State: engine.StateActive},
	} {
		shard.Upsert(r, nil, nil)
	}
	hit := func(id string, cos float64) index.Hit { return index.Hit{ID: id, Score: cos} }
	cases := []struct {
		name string
		near []index.Hit
		want string // "" when none is clearly nearest
	}{
		{"leads its rival", []index.Hit{hit("other", 0.6), hit("third", 0.45)}, "other"},
		{"rival too close", []index.Hit{hit("other", 0.6), hit("third", 0.55)}, ""},
		{"not near enough", []index.Hit{hit("other", 0.39), hit("third", 0.1)}, ""},
		{"lone memory", []index.Hit{hit("other", 0.9)}, ""},
		{"nothing", nil, ""},
		{"its episode is no rival", []index.Hit{hit("fact", 0.6), hit("ep", 0.58), hit("other", 0.45)}, "fact"},
		{"a fact of its episode is no rival", []index.Hit{hit("ep", 0.6), hit("fact", 0.59), hit("fact2", 0.58), hit("third", 0.3)}, "ep"},
		{"only its own finding read", []index.Hit{hit("fact", 0.6), hit("ep", 0.58), hit("fact2", 0.57)}, ""},
		{"its episode leads, the rival is close", []index.Hit{hit("ep", 0.6), hit("fact", 0.59), hit("other", 0.55)}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := clearlyNearest(shard, c.near)
			if c.want == "" && ok || c.want != "" && (!ok || got.ID != c.want) {
				t.Errorf("clearlyNearest = %v, %v; want %q", got, ok, c.want)
			}
		})
	}
}

// A memory brought in goes in front of the first hit that is not
// relevant, or last when all are.
func TestInsertBeforeIrrelevant(t *testing.T) {
	mk := func(spec string) []engine.Scored {
		var out []engine.Scored
		for _, c := range spec {
			out = append(out, engine.Scored{Memory: &engine.Memory{ID: string(c)}, Relevant: c >= 'A' && c <= 'Z'})
		}
		return out
	}
	ids := func(hits []engine.Scored) string {
		var s []byte
		for _, h := range hits {
			s = append(s, h.ID...)
		}
		return string(s)
	}
	cases := []struct{ hits, want string }{
		{"ABcd", "ABxcd"},
		{"abc", "xabc"},
		{"AB", "ABx"},
		{"", "x"},
	}
	for _, c := range cases {
		in := mk(c.hits)
		orig := slices.Clone(in)
		got := ids(insertBeforeIrrelevant(in, engine.Scored{Memory: &engine.Memory{ID: "x"}, Relevant: true}))
		if got != c.want {
			t.Errorf("insert into %q = %q, want %q", c.hits, got, c.want)
		}
		if ids(in) != ids(orig) {
			t.Errorf("insert into %q changed its input to %q", c.hits, ids(in))
		}
	}
}
