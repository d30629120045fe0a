package recall

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
			[]Ranked{{ID: "a", Score: 1.0 / 61}, {ID: "b", Score: 1.0 / 62}}},
		{"agreement wins", 60, [][]Ranked{{{ID: "a"}, {ID: "b"}}, {{ID: "b"}, {ID: "c"}}},
			[]Ranked{{ID: "b", Score: 1.0/62 + 1.0/61}, {ID: "a", Score: 1.0 / 61}, {ID: "c", Score: 1.0 / 62}}},
		{"ties broken by id", 60, [][]Ranked{{{ID: "z"}}, {{ID: "m"}}},
			[]Ranked{{ID: "m", Score: 1.0 / 61}, {ID: "z", Score: 1.0 / 61}}},
		{"k changes the weight", 1, [][]Ranked{{{ID: "a"}, {ID: "b"}}},
			[]Ranked{{ID: "a", Score: 0.5}, {ID: "b", Score: 1.0 / 3}}},
		{"input scores are ignored", 60, [][]Ranked{{{ID: "a", Score: 0.1}, {ID: "b", Score: 99}}},
			[]Ranked{{ID: "a", Score: 1.0 / 61}, {ID: "b", Score: 1.0 / 62}}},
		{"empty", 60, nil, []Ranked{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WeightedRRF(tt.k, nil, tt.lists...)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Errorf("RRF (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFlooredRRF(t *testing.T) {
	a, b, c := Ranked{ID: "a"}, Ranked{ID: "b"}, Ranked{ID: "c"}
	tests := []struct {
		name   string
		floors []int
		lists  [][]Ranked
		want   []Ranked
	}{
		{"no floors is WeightedRRF", nil, [][]Ranked{{a, b}, {c}},
			[]Ranked{{ID: "a", Score: 1.0 / 61}, {ID: "c", Score: 1.0 / 61}, {ID: "b", Score: 1.0 / 62}}},
		// c, absent from the floored first list, counts there at rank 3
		// and so passes b, which only the first list holds.
		{"a floored list counts what it lacks", []int{3, 0}, [][]Ranked{{a, b}, {c}},
			[]Ranked{{ID: "c", Score: 1.0/61 + 1.0/63}, {ID: "a", Score: 1.0 / 61}, {ID: "b", Score: 1.0 / 62}}},
		{"each floored list lends to the others", []int{0, 3}, [][]Ranked{{a, b}, {c}},
			[]Ranked{{ID: "a", Score: 1.0/61 + 1.0/63}, {ID: "b", Score: 1.0/62 + 1.0/63}, {ID: "c", Score: 1.0 / 61}}},
		{"only documents some list holds", []int{5}, [][]Ranked{{a}},
			[]Ranked{{ID: "a", Score: 1.0 / 61}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FlooredRRF(60, nil, tt.floors, tt.lists...)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Errorf("FlooredRRF (-want +got):\n%s", diff)
			}
		})
	}
}
