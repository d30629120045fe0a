package recall

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

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
