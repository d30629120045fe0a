package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestRRF(t *testing.T) {
	tests := []struct {
		name  string
		k     int
		lists [][]Ranked
		want  []Ranked
	}{
		{"single list keeps order", 60, [][]Ranked{{{ID: "a"}, {ID: "b"}}},
			[]Ranked{{"a", 1.0 / 61}, {"b", 1.0 / 62}}},
		{"agreement wins", 60, [][]Ranked{{{ID: "a"}, {ID: "b"}}, {{ID: "b"}, {ID: "c"}}},
			[]Ranked{{"b", 1.0/62 + 1.0/61}, {"a", 1.0 / 61}, {"c", 1.0 / 62}}},
		{"ties broken by id", 60, [][]Ranked{{{ID: "z"}}, {{ID: "m"}}},
			[]Ranked{{"m", 1.0 / 61}, {"z", 1.0 / 61}}},
		{"k changes the weight", 1, [][]Ranked{{{ID: "a"}, {ID: "b"}}},
			[]Ranked{{"a", 0.5}, {"b", 1.0 / 3}}},
		{"input scores are ignored", 60, [][]Ranked{{{ID: "a", Score: 0.1}, {ID: "b", Score: 99}}},
			[]Ranked{{"a", 1.0 / 61}, {"b", 1.0 / 62}}},
		{"empty", 60, nil, []Ranked{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RRF(tt.k, tt.lists...)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Errorf("RRF (-want +got):\n%s", diff)
			}
		})
	}
}
