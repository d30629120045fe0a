package bench

import "testing"

// TestBM25Baseline: the plain BM25 ranks the turn that shares the query's
// rare words first, reports the same questions, and is in the report.
func TestBM25Baseline(t *testing.T) {
	c := &Conversation{Sessions: []Session{{Number: 1, Turns: []Turn{
		{ID: "D1:1", Speaker: "Ann", Text: "I adopted a greyhound last spring"},
		{ID: "D1:2", Speaker: "Bo", Text: "Nice, what is the dog called?"},
		{ID: "D1:3", Speaker: "Ann", Text: "We call her Biscuit"},
		{ID: "D1:4", Speaker: "Bo", Text: ""},
	}}}}
	b := newBM25Baseline(c)
	got := b.search("when did Ann adopt the greyhound", 2)
	if len(got) == 0 || got[0][0] != "D1:1" {
		t.Fatalf("search = %v, want D1:1 first", got)
	}
	if len(b.ids) != 3 {
		t.Errorf("indexed %d turns, want 3 (the empty one skipped)", len(b.ids))
	}
	if got := b.search("unrelated words entirely", 5); len(got) != 0 {
		t.Errorf("search with no shared term = %v, want none", got)
	}
}
