package service_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestMemoryTypeOfDatedPlan: per API.md, episodic is an event that happened and
// semantic what holds. A plan for a day still ahead holds now (it is what the
// user means to do), so a memory_type=semantic list shows it; an event already
// past is episodic.
func TestMemoryTypeOfDatedPlan(t *testing.T) {
	cases := []struct{ name, said, fact, want string }{
		{"plan ahead", "we are relocating to York in January", "York", engine.TypeSemantic},
		{"appointment ahead", "I have a dentist appointment on Friday", "dentist", engine.TypeSemantic},
		{"event past", "I ran a half marathon last week", "half marathon", engine.TypeEpisodic},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newIntentEngine(t)
			runScenario(t, e, []string{tc.said})
			p, err := e.List(context.Background(), "u", engine.ListFilter{Page: 1, Size: 100, MemoryType: tc.want})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range p.Items {
				if !m.IsEpisode() && strings.Contains(m.Text, tc.fact) {
					return
				}
			}
			t.Errorf("a memory_type=%s list has no fact saying %q: %s", tc.want, tc.fact, statesAndTexts(listMemories(t, e, false)))
		})
	}
}
