package service_test

import (
	"strings"
	"testing"
	"time"
)

// TestSupersedeValidFromOfDatedFact: a fact holds from when it was said unless
// its text says when its state began ("since 2019", "moved here in 2020"); a
// day still ahead dates an event the fact plans or names, and stays in its
// text. So a change said later ("pulled out of the marathon") is later than
// the plan it ends, and the plan's window closes after it opened.
func TestSupersedeValidFromOfDatedFact(t *testing.T) {
	said := time.Date(2025, 3, 2, 10, 0, 0, 0, time.UTC) // runScenario's first step
	cases := []struct {
		name, step, fact string
		want             time.Time
	}{
		{"event ahead", "I am training for a half marathon in April", "half marathon", said},
		{"day ahead", "my flight to Tokyo is on March 9th", "Tokyo", said},
		{"plan ahead", "we are relocating to Hull in January", "Hull", said},
		{"state since", "I've lived in Leeds since 2019", "Leeds", time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"past move", "I moved to Derby in 2020", "Derby", time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newIntentEngine(t)
			runScenario(t, e, []string{tc.step})
			found := false
			for _, m := range listMemories(t, e, false) {
				if m.IsEpisode() || !strings.Contains(m.Text, tc.fact) {
					continue
				}
				found = true
				if !m.ValidFrom.Equal(tc.want) {
					t.Errorf("%q: valid_from %v, want %v", m.Text, m.ValidFrom, tc.want)
				}
			}
			if !found {
				t.Fatalf("no fact says %q", tc.fact)
			}
		})
	}
	t.Run("window of a plan ended", func(t *testing.T) {
		e := newIntentEngine(t)
		runScenario(t, e, []string{"I am training for a half marathon in April", "I pulled out of the marathon"})
		ended := false
		for _, m := range listMemories(t, e, true) {
			if m.ValidTo == nil || !strings.Contains(m.Text, "half marathon") {
				continue
			}
			ended = true
			if !m.ValidTo.After(m.ValidFrom) { // a closed window, or one as_of can never show
				t.Errorf("%q: window closes (%v) no later than it opens (%v)", m.Text, *m.ValidTo, m.ValidFrom)
			}
		}
		if !ended {
			t.Error("the plan given up was not ended")
		}
	})
}
