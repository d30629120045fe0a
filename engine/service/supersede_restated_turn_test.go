package service_test

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestSupersedeRestatedTurnLinked: a turn whose fact was a restatement of a
// stored one (a NOOP) is linked to that fact, as an added fact's turn is, so
// once a later change retires the fact the turn reads as stale too.
func TestSupersedeRestatedTurnLinked(t *testing.T) {
	cases := []struct {
		name     string
		steps    []string
		restated string // a word only the restating turn says
	}{
		{name: "paraphrase", steps: []string{"I speak fluent Portuguese.", "I speak Portuguese fluently.",
			"I don't speak Portuguese anymore, I forgot it all"}, restated: "fluently"},
		{name: "said again", steps: []string{"I live in Bergen.", "I still live in Bergen.",
			"I moved to Oslo last month."}, restated: "still"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newIntentEngine(t)
			runScenario(t, e, tc.steps)
			all := listMemories(t, e, true)
			state := map[string]string{}
			for _, m := range all {
				state[m.ID] = m.State
			}
			var turn *engine.Memory
			for _, m := range all {
				if m.Source != nil && m.Source.Kind == engine.SourceEpisode && strings.Contains(m.Text, tc.restated) {
					turn = m
				}
			}
			if turn == nil {
				t.Fatalf("no turn says %q", tc.restated)
			}
			retired := false
			for _, id := range turn.Facts {
				retired = retired || state[id] != engine.StateActive
			}
			if !retired {
				t.Errorf("turn %q (facts %v) links no retired fact", turn.Text, turn.Facts)
			}
		})
	}
}
