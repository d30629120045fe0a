package recall

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/timeref"
)

func TestNamedSpeakers(t *testing.T) {
	speakers := []string{"anna", "ben", "mary ann"}
	tests := []struct {
		query string
		want  map[string]bool
	}{
		{"What is Anna's favourite book?", map[string]bool{"anna": true}},
		{"did BEN and anna meet?", map[string]bool{"anna": true, "ben": true}},
		{"What did Mary Ann bake?", map[string]bool{"mary ann": true}},
		{"Where does Annabel live?", nil},              // a longer name is not the speaker
		{"What did Anna, Ben and Mary Ann plan?", nil}, // every speaker: no preference
		{"what is the capital of France", nil},
	}
	for _, tt := range tests {
		got := namedSpeakers(tt.query, speakers)
		if len(got) == 0 {
			got = nil
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("namedSpeakers(%q) (-want +got):\n%s", tt.query, diff)
		}
	}
	if got := namedSpeakers("Anna?", nil); got != nil {
		t.Errorf("no speakers: %v", got)
	}
}

func TestAroundWidensByPrecision(t *testing.T) {
	d := func(m time.Month, day int) time.Time { return time.Date(2024, m, day, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		span     timeref.Span
		from, to time.Time
	}{
		{timeref.Span{Start: d(3, 12), End: d(3, 13), Precision: timeref.Day}, d(3, 11), d(3, 15)},
		{timeref.Span{Start: d(3, 1), End: d(4, 1), Precision: timeref.Month}, d(2, 27), d(4, 8)},
		{timeref.Span{Start: d(1, 1), End: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), Precision: timeref.Year},
			d(1, 1), time.Date(2025, 1, 15, 0, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		from, to := around(tt.span)
		if !from.Equal(tt.from) || !to.Equal(tt.to) {
			t.Errorf("around(%v..%v) = %v..%v, want %v..%v", tt.span.Start, tt.span.End, from, to, tt.from, tt.to)
		}
	}
}

// A day named keeps few memories: the time view goes on past the fused
// candidates with the others said then, so a turn no view ranked can rise;
// a month named keeps too many, and its view stays the fused one.
func TestWithPriorsNarrowGoesPastFused(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2024, 3, d, 12, 0, 0, 0, time.UTC) }
	shard := index.NewShard(1)
	for i, r := range []index.Row{{ID: "early", ValidFrom: day(1)}, {ID: "said", ValidFrom: day(12)}, {ID: "also", ValidFrom: day(12)}} {
		r.State, r.CreatedAt = "active", day(1).Add(time.Duration(i)*time.Second)
		shard.Upsert(r, nil, []string{"w"})
	}
	now := day(20)
	more := func(keep func(*index.Row) bool, n int) []Ranked {
		var out []Ranked
		for _, id := range []string{"also", "said", "early"} {
			if r, ok := shard.Get(id); ok && keep(&r) && len(out) < n {
				out = append(out, Ranked{ID: id})
			}
		}
		return out
	}
	fused := []Ranked{{ID: "early", Score: 1}}
	tests := []struct {
		query  string
		narrow bool
		want   []string
	}{
		{"what did I cook on 12 March 2024?", true, []string{"also", "said", "early"}},
		{"what did I cook in March 2024?", false, []string{"early"}},
	}
	for _, tt := range tests {
		ps := Priors(shard, tt.query, now, 0, 8)
		if len(ps) != 1 || ps[0].Narrow != tt.narrow {
			t.Fatalf("%q: priors %+v, want one time prior, narrow %v", tt.query, ps, tt.narrow)
		}
		var got []string
		for _, r := range WithPriors(60, shard, ps, 50, fused, [][]Ranked{fused}, []float64{1}, nil, more) {
			got = append(got, r.ID)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.query, diff)
		}
	}
}
