package llm

import (
	"context"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuiltinRerankerOrdering(t *testing.T) {
	cases := []struct {
		name  string
		query string
		docs  []string // in the expected order, best first
	}{
		{
			name:  "exact phrase beats scattered terms",
			query: "support group meeting",
			docs: []string{
				"She went to a support group meeting on Tuesday.",
				"The group had a meeting about support for the new budget.",
				"The meeting was cancelled.",
				"We bought groceries.",
			},
		},
		{
			name:  "proximity: terms close together beat terms far apart",
			query: "Alice Paris apartment",
			docs: []string{
				"Alice rented an apartment in Paris.",
				"Alice said that, after many long years of thinking it over, she might one day visit Paris and look at an apartment.",
				"Bob lives in Paris.",
			},
		},
		{
			name:  "coverage: more query terms beat fewer",
			query: "when did Tom adopt the puppy",
			docs: []string{
				"Tom adopted a puppy in March.",
				"Tom bought a puppy bed.",
				"Tom went skiing.",
				"The weather was cold.",
			},
		},
		{
			name:  "word forms and irregular verbs count as matches",
			query: "running marathon",
			docs: []string{
				"He ran the Boston marathon last year.",
				"The marathon was televised.",
				"He likes cycling.",
			},
		},
		{
			name:  "synonyms count partly",
			query: "car accident",
			docs: []string{
				"She had a car accident on the highway.",
				"Her automobile was damaged in an accident.",
				"The accident happened at work.",
				"A quiet afternoon in the garden.",
			},
		},
		{
			name:  "rare words weigh more than common ones",
			query: "make sourdough bread",
			docs: []string{
				"I bake sourdough every weekend.",
				"I make coffee every morning.",
			},
		},
	}
	r := NewBuiltinReranker()
	if got := r.Name(); got != "builtin-pairwise" {
		t.Errorf("Name() = %q", got)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			scores, err := r.Rerank(context.Background(), tc.query, tc.docs)
			if err != nil {
				t.Fatal(err)
			}
			if len(scores) != len(tc.docs) {
				t.Fatalf("got %d scores for %d docs", len(scores), len(tc.docs))
			}
			for i, s := range scores {
				if s < 0 || s > 1 {
					t.Errorf("score %d = %v outside [0,1]", i, s)
				}
			}
			order := make([]int, len(tc.docs))
			for i := range order {
				order[i] = i
			}
			sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
			want := make([]int, len(tc.docs))
			for i := range want {
				want[i] = i
			}
			if diff := cmp.Diff(want, order); diff != "" {
				t.Errorf("order (-want +got):\n%s\nscores %v", diff, scores)
			}
		})
	}
}

func TestBuiltinRerankerEdgeCases(t *testing.T) {
	r := NewBuiltinReranker()
	ctx := context.Background()
	cases := []struct {
		name  string
		query string
		docs  []string
		want  []float64
	}{
		{"no docs", "anything", nil, []float64{}},
		{"empty query", "", []string{"a doc"}, []float64{0}},
		{"empty doc", "paris", []string{""}, []float64{0}},
		{"identical single term", "Paris", []string{"paris"}, []float64{1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := r.Rerank(ctx, tc.query, tc.docs)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("scores (-want +got):\n%s", diff)
			}
		})
	}
}
