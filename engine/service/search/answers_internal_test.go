package search

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
)

// The answers view holds the turn after each question among the best hits,
// in the questions' order, in explicit sessions and implicit conversations
// alike; a statement lends nothing, a turn the query filters out is not
// lent to, and a hit past the best answerHits is not read.
func TestAnswerViewFollowsQuestions(t *testing.T) {
	t0 := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	at := func(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }
	texts := map[string]string{
		"q1": "Ann: Have you ever been to a concert?", "a1": "Bob: Yes, last summer I saw my first one.",
		"s1": "Ann: I baked bread today.", "s2": "Bob: Sounds lovely.",
		"q2": "Ann: Where did you grow up？", "a2": "Bob: In a small town by the sea.",
		"q3": "Bob: Did you sleep well?", "a3": "Ann: Not really.",
	}
	rows := []index.Row{
		{ID: "q1", SessionID: "x", ValidFrom: at(0), Speaker: "ann"}, {ID: "a1", SessionID: "x", ValidFrom: at(1), Speaker: "bob"},
		{ID: "s1", SessionID: "x", ValidFrom: at(2), Speaker: "ann"}, {ID: "s2", SessionID: "x", ValidFrom: at(3), Speaker: "bob"},
		// No session id: an implicit conversation, hours after the first.
		{ID: "q2", ValidFrom: at(600), Speaker: "ann"}, {ID: "a2", ValidFrom: at(601), Speaker: "bob"},
		{ID: "q3", SessionID: "y", ValidFrom: at(900), Speaker: "bob"},
		{ID: "a3", SessionID: "y", ValidFrom: at(901), Speaker: "ann", MemoryType: "other"},
	}
	shard := index.NewShard(2)
	shard.SetConversationGap(time.Hour)
	for i, r := range rows {
		r.State, r.CreatedAt = engine.StateActive, t0.Add(time.Duration(i)*time.Second)
		shard.Upsert(r, nil, []string{"w"})
	}
	e := &Searcher{load: func(_ context.Context, _ string, ids []string) ([]*engine.Memory, error) {
		var out []*engine.Memory
		for _, id := range ids {
			out = append(out, &engine.Memory{ID: id, Text: texts[id]})
		}
		return out, nil
	}}
	fused := []recall.Ranked{{ID: "q2", Score: 3}, {ID: "s1", Score: 2.5}, {ID: "q3", Score: 2.2}, {ID: "q1", Score: 2}}
	got, err := e.answerView(context.Background(), e.reads("u"), shard, &engine.Query{MemoryType: ""}, fused)
	if err != nil {
		t.Fatal(err)
	}
	want := []recall.Ranked{{ID: "a2", Score: 3}, {ID: "a3", Score: 2.2}, {ID: "a1", Score: 2}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answers view (-want +got):\n%s", diff)
	}
	filtered, err := e.answerView(context.Background(), e.reads("u"), shard, &engine.Query{MemoryType: "other"}, fused)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]recall.Ranked{{ID: "a3", Score: 2.2}}, filtered); diff != "" {
		t.Errorf("answers view filtered to memory type other (-want +got):\n%s", diff)
	}
	late := make([]recall.Ranked, 0, answerHits+1)
	for range answerHits {
		late = append(late, recall.Ranked{ID: "s2", Score: 1})
	}
	if got, _ := e.answerView(context.Background(), e.reads("u"), shard, &engine.Query{}, append(late, recall.Ranked{ID: "q1"})); got != nil {
		t.Errorf("a question past the best %d hits lent to %v", answerHits, got)
	}
}

// A turn asks when a question mark ends one of its words; the question an
// answer's episode keeps after it is not the turn's own, and a URL's query
// asks nothing.
func TestAsks(t *testing.T) {
	for s, want := range map[string]bool{
		"Ann: Have you ever been to a concert?":                                         true,
		"Ann: Where did you grow up？ I never asked.":                                    true,
		"Bob: see https://shop.test/list?page=2 for the rest":                           false,
		"Bob: the form posts to /search?q=tea&lang=en":                                  false,
		"User: three years (in reply to Assistant: How long have you had the turtles?)": false,
		"User: Why? (in reply to Assistant: I moved the deploy to Fridays.)":            true,
		"Ann: I baked bread today.":                                                     false,
	} {
		if got := asks(engine.WithoutQuestion(s)); got != want {
			t.Errorf("asks(%q) = %v, want %v", s, got, want)
		}
	}
}
