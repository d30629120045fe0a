package ingest

import "testing"

// TestGivesUpPlan: a plan ends when its holder gives it up, and only then.
func TestGivesUpPlan(t *testing.T) {
	cases := []struct {
		name, old, fact string
		want            bool
	}{
		{"stay after all", "User is relocating to York in January 2027", "User is staying in Leeds after all", true},
		{"changed mind", "User is moving to Cardiff in spring 2027", "User changed User's mind about Cardiff", true},
		{"pulled out", "User is training for a half marathon in April 2027", "User pulled out of the marathon", true},
		{"not anymore", "User is planning to learn Italian in summer 2027", "User is not learning Italian anymore", true},
		{"called off", "User is planning to move to Spain", "User called off the move to Spain", true},
		{"mind about other thing", "User is moving to Cardiff in spring 2027", "User changed User's mind about the sofa", false},
		{"someone else stays", "User is relocating to York in January 2027", "User's sister is staying in Leeds after all", false},
		{"no plan", "User lives in York", "User changed User's mind about York", false},
		{"stay without after all", "User is relocating to York in January 2027", "User is staying in a hotel in Leeds", false},
		{"not anymore other", "User is planning to learn Italian in summer 2027", "User is not learning Spanish anymore", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReadings()
			if got := givesUpPlan(tc.old, tc.fact, r.terms(tc.old), r.negated(tc.fact)); got != tc.want {
				t.Errorf("givesUpPlan(%q, %q) = %v, want %v", tc.old, tc.fact, got, tc.want)
			}
		})
	}
}
