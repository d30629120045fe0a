package service_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// rankOf returns the 1-based rank of the memory with text in the results of
// q, 0 when absent.
func rankOf(t *testing.T, e *service.Engine, q engine.Query, text string) int {
	t.Helper()
	res, err := e.Search(context.Background(), "u", q)
	if err != nil {
		t.Fatal(err)
	}
	return slices.IndexFunc(res.Results, func(s engine.Scored) bool { return s.Text == text }) + 1
}

// A query naming a date prefers what was said around it; without the prior
// the same memory ranks lower.
func TestTimePriorPrefersMemoriesSaidThen(t *testing.T) {
	at := func(m time.Month, d int) time.Time { return time.Date(2024, m, d, 18, 0, 0, 0, time.UTC) }
	turns := []engine.AddRequest{
		{Text: "Anna: I went to a pottery class and made a bowl", Timestamp: at(1, 5), SessionID: "1"},
		{Text: "Anna: I went on a long bike ride by the river", Timestamp: at(2, 10), SessionID: "2"},
		{Text: "Anna: Tried the climbing gym after work, my arms hurt", Timestamp: at(3, 12), SessionID: "3"},
		{Text: "Anna: I went baking with my sister, we made bread", Timestamp: at(4, 20), SessionID: "4"},
		{Text: "Anna: I went to the cinema and saw a thriller", Timestamp: at(5, 20), SessionID: "5"},
	}
	target := turns[2].Text
	q := engine.Query{Text: "Where did Anna go on 12 March 2024?"}
	for _, tt := range []struct {
		name   string
		weight float64
		want   func(rank int) bool
	}{
		{"prior", 0, func(r int) bool { return r == 1 }},
		{"no prior", -1, func(r int) bool { return r != 1 }},
	} {
		e, _, _ := newEngineWith(t, t.TempDir(), engine.Config{TimeWeight: tt.weight})
		if _, err := e.Add(context.Background(), "u", turns); err != nil {
			t.Fatal(err)
		}
		if r := rankOf(t, e, q, target); !tt.want(r) {
			t.Errorf("%s: the memory said on 12 March ranks %d", tt.name, r)
		}
		// A month covers its days.
		if r := rankOf(t, e, engine.Query{Text: "Where did Anna go in March 2024?"}, target); tt.weight == 0 && r != 1 {
			t.Errorf("%s: March 2024: rank %d, want 1", tt.name, r)
		}
	}
}

// A query naming one speaker prefers what that speaker said over another
// speaker's line that merely mentions them.
func TestSpeakerPriorPrefersTheNamedSpeaker(t *testing.T) {
	turns := []engine.AddRequest{
		// A remark, not a question: the reply to a question ranks with it
		// (the answers view, engine/service/search), prior or none.
		{Text: "Ben: Anna, your garden looks amazing, I love the roses in the garden", SessionID: "1"},
		{Text: "Anna: Yes! My garden has roses and tulips now", SessionID: "1"},
		{Text: "Ben: I spent the weekend fixing my bike", SessionID: "2"},
		{Text: "Anna: The bakery on the corner finally reopened", SessionID: "2"},
	}
	q := engine.Query{Text: "What does Anna grow in her garden?"}
	var ranks []int
	for _, w := range []float64{-1, 0} {
		e, _, _ := newEngineWith(t, t.TempDir(), engine.Config{SpeakerWeight: w})
		if _, err := e.Add(context.Background(), "u", turns); err != nil {
			t.Fatal(err)
		}
		ranks = append(ranks, rankOf(t, e, q, turns[1].Text))
	}
	if ranks[1] != 1 || ranks[0] == 1 {
		t.Errorf("Anna's own line ranks %d without the prior and %d with it, want lower then 1", ranks[0], ranks[1])
	}
}
