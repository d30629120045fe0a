package bench

import (
	"strings"
	"testing"
)

// TestDescribeMissShowsTopK: a miss lists every hit of the top k, in rank
// order, and where its evidence ranked in the deeper search.
func TestDescribeMissShowsTopK(t *testing.T) {
	c := &Conversation{ID: "c", Sessions: []Session{{Number: 1}}}
	for _, id := range []string{"D1:1", "D1:2", "D1:3", "D1:4", "D1:5", "D1:6", "D1:7"} {
		c.Sessions[0].Turns = append(c.Sessions[0].Turns, Turn{ID: id, Speaker: "Ann", Text: "turn " + id})
	}
	q := Question{Text: "what did Ann say?", Evidence: []string{"D1:7"}}
	var hits []Hit
	for _, id := range []string{"D1:1", "D1:2", "D1:3", "D1:4", "D1:5", "D1:6", "D1:7"} {
		hits = append(hits, Hit{ID: id, Text: "Ann: turn " + id, Turns: []string{id}})
	}
	m := describeMiss(c, q, QuestionScore{}, hits, 5)
	if len(m.Top) != 5 {
		t.Fatalf("top has %d hits, want the top k (5)", len(m.Top))
	}
	for i, h := range m.Top {
		if h.Turns[0] != hits[i].ID {
			t.Errorf("top[%d] = %v, want %s", i, h.Turns, hits[i].ID)
		}
	}
	if len(m.Evidence) != 1 || m.Evidence[0].Rank != 7 {
		t.Errorf("evidence = %+v, want D1:7 at rank 7", m.Evidence)
	}
}

// TestSummaryRecallFourPlaces: the summary line shows recall to four places:
// one question of 760 moves LoCoMo dev recall by at most 0.0013, and changes
// are judged in such steps, which three places hid.
func TestSummaryRecallFourPlaces(t *testing.T) {
	r := &Report{K: 10, Overall: Scores{Recall: 0.79093}, BaselineBM25: Scores{Recall: 0.62847}}
	s := r.Summary()
	for _, want := range []string{"recall@10=0.7909 ", "bm25=0.6285 "} {
		if !strings.Contains(s, want) {
			t.Errorf("summary %q lacks %q", s, want)
		}
	}
}
