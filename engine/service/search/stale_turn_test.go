package search

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// TestEndedIn: only a plain word of ending ("quit", "gave up", "no
// longer", "stopped", "instead of") says what ended; an order to stop, a
// move or a removal says nothing here.
func TestEndedIn(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"quit", "Leo quit judo, he is doing chess club now on thursdays instead.", []string{"judo"}},
		{"gave up", "I gave up squash after the knee surgery", []string{"squash"}},
		{"no longer", "we no longer go to the allotment", []string{"allotment"}},
		{"stopped going to", "she stopped going to choir in march", []string{"choir"}},
		{"instead of", "tea in the mornings instead of coffee", []string{"coffee"}},
		{"an order to stop", "stop the dev server before you rebuild", nil},
		{"a move", "moved the queue to Redis", nil},
		{"a removal", "removed the retry wrapper", nil},
		{"the new thing", "he is doing chess club now instead", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := endedIn(tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("endedIn(%q) = %q; want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestRankStaleTurns: a turn shown as itself goes below the other shown
// hits, under the floor, when one of its facts no longer holds, or when it
// has no facts and a later turn ends what it names; a turn whose facts all
// hold, a turn something later merely changed, a fact, and the hits past
// the shown places keep their place and score.
func TestRankStaleTurns(t *testing.T) {
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	type mem struct {
		id, anchor, state, text string
		minutes                 int
	}
	stored := []mem{
		{id: "T", text: "User: Leo does judo on thursdays."},
		{id: "K", text: "User: Leo's kite club meets on sundays.", minutes: 1},
		{id: "KF", anchor: "K", text: "Leo's kite club meets on sundays", minutes: 1},
		{id: "R", text: "User: our jobs use retry: 25", minutes: 2},
		{id: "L", text: "User: Leo quit judo, he is doing chess club now on thursdays instead.", minutes: 60},
		{id: "LF", anchor: "L", text: "Leo quit judo", minutes: 60},
		{id: "Q", text: "User: Leo quit the kite club.", minutes: 61},
		{id: "R5", text: "User: email jobs get retry: 5 from now on", minutes: 62},
		{id: "C", text: "User: Leo's piano lessons are on mondays.", minutes: 5},
		{id: "S", text: "User: the swimming club meets on fridays.", minutes: 10},
		{id: "SF", anchor: "S", state: engine.StateSuperseded, text: "The swimming club meets on fridays", minutes: 10},
	}
	shard := index.NewShard(2)
	byID := map[string]*engine.Memory{}
	for _, m := range stored {
		when := at.Add(time.Duration(m.minutes) * time.Minute)
		state := m.state
		if state == "" {
			state = engine.StateActive
		}
		shard.Upsert(index.Row{ID: m.id, State: state, SessionID: "s", Speaker: "user", Episode: m.anchor == "",
			Anchor: m.anchor, CreatedAt: when, ValidFrom: when}, nil, text.Analyze(m.text))
		mm := &engine.Memory{ID: m.id, Text: m.text, State: state}
		if m.anchor == "" {
			mm.Source = &engine.Source{Kind: engine.SourceEpisode}
		}
		byID[m.id] = mm
	}
	byID["S"].Facts = []string{"SF"}
	byID["K"].Facts = []string{"KF"}
	e := &Searcher{cfg: engine.Config{BM25K1: 1.2, BM25B: 0.4, RelevanceFloor: 0.5},
		load: func(_ context.Context, _ string, ids []string) ([]*engine.Memory, error) {
			var out []*engine.Memory
			for _, id := range ids {
				out = append(out, byID[id])
			}
			return out, nil
		}}
	hit := func(id string, score float64) engine.Scored {
		return engine.Scored{Memory: byID[id], Score: score, Relevant: score >= 0.5}
	}
	tests := []struct {
		name      string
		hits      []engine.Scored
		limit     int
		wantOrder []string
		wantStale map[string]bool
	}{
		{"no facts, ended later", []engine.Scored{hit("T", 1), hit("LF", 0.8), hit("C", 0.2)}, 3,
			[]string{"LF", "C", "T"}, map[string]bool{"T": true}},
		{"a fact of it superseded", []engine.Scored{hit("S", 0.9), hit("C", 0.6)}, 2,
			[]string{"C", "S"}, map[string]bool{"S": true}},
		{"its facts hold, though ended later", []engine.Scored{hit("K", 0.9), hit("C", 0.6)}, 2, []string{"K", "C"}, nil},
		{"no facts, changed but not ended", []engine.Scored{hit("R", 0.9), hit("C", 0.6)}, 2, []string{"R", "C"}, nil},
		{"current turns stay", []engine.Scored{hit("C", 0.9), hit("LF", 0.8)}, 2, []string{"C", "LF"}, nil},
		{"past the shown places", []engine.Scored{hit("LF", 0.8), hit("T", 0.7)}, 1, []string{"LF", "T"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits := append([]engine.Scored(nil), tt.hits...)
			got := e.rankStaleTurns(context.Background(), e.reads("u"), shard, hits, tt.limit)
			var order []string
			for _, h := range got {
				order = append(order, h.ID)
				if tt.wantStale[h.ID] && (h.Relevant || h.Score > staleTurnScore) {
					t.Errorf("stale turn %s scored %v (relevant %v); want at most %v, not relevant", h.ID, h.Score, h.Relevant, staleTurnScore)
				}
				if !tt.wantStale[h.ID] && h.Score != hitScore(tt.hits, h.ID) {
					t.Errorf("%s scored %v; want its score %v kept", h.ID, h.Score, hitScore(tt.hits, h.ID))
				}
			}
			if !slices.Equal(order, tt.wantOrder) {
				t.Fatalf("order %v; want %v", order, tt.wantOrder)
			}
		})
	}
}

func hitScore(hits []engine.Scored, id string) float64 {
	for _, h := range hits {
		if h.ID == id {
			return h.Score
		}
	}
	return -1
}
