package engine

import (
	"math"
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

func TestBM25HandComputed(t *testing.T) {
	// Three documents of lengths 2, 4 and 6 (avgdl 4). "cat" occurs in d1
	// (tf 1) and d2 (tf 2); "dog" in d3 (tf 1).
	postings := map[string][]Posting{
		"cat": {{ID: "d1", TF: 1, DocLen: 2}, {ID: "d2", TF: 2, DocLen: 4}},
		"dog": {{ID: "d3", TF: 1, DocLen: 6}},
	}
	stats := TextStats{Docs: 3, TotalLen: 12}
	k1, b := 1.2, 0.75
	idfCat := math.Log(1 + (3-2+0.5)/(2+0.5)) // ln(1.6)
	idfDog := math.Log(1 + (3-1+0.5)/(1+0.5)) // ln(8/3)
	d1 := idfCat * 1 * 2.2 / (1 + 1.2*(0.25+0.75*0.5))
	d2 := idfCat * 2 * 2.2 / (2 + 1.2)
	d3 := idfDog * 1 * 2.2 / (1 + 1.2*(0.25+0.75*1.5))
	want := []Ranked{{"d3", d3}, {"d2", d2}, {"d1", d1}}
	got := BM25(postings, stats, k1, b, nil)
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("BM25 (-want +got):\n%s", diff)
	}
	// d3 (rare term) > d2 (tf 2) > d1: check the hand numbers agree.
	if !(d3 > d2 && d2 > d1) {
		t.Fatalf("hand-computed order wrong: %v %v %v", d1, d2, d3)
	}
	kept := BM25(postings, stats, k1, b, func(id string) bool { return id != "d3" })
	if len(kept) != 2 || kept[0].ID != "d2" {
		t.Errorf("keep filter not applied: %+v", kept)
	}
	if got := BM25(postings, TextStats{}, k1, b, nil); got != nil {
		t.Errorf("empty corpus scored: %+v", got)
	}
}
