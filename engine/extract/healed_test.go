package extract

import "testing"

// TestHealedInjury checks that a part of the body said to have healed ends the injury
// of that part its owner had, and that another part, another owner and a thing that is
// no injury are left alone.
func TestHealedInjury(t *testing.T) {
	cases := []struct {
		old, fact string
		want      bool
	}{
		{"User has a broken wrist", "User's wrist has fully healed", true},
		{"User has a sprained ankle", "User's ankle is finally better", true},
		{"User's son has a broken arm", "User's son's arm has healed", true},
		{"User has a broken wrist", "User's ankle has healed", false},        // another part
		{"User has a broken wrist", "User's son's wrist has healed", false},  // another owner
		{"User has a broken phone", "User's phone has recovered", false},     // no part of the body
		{"User has a broken wrist", "User's wrist is healing slowly", false}, // not yet healed
		{"User had a broken wrist in 2019", "User's wrist has healed", true},
	}
	for _, c := range cases {
		if got := HealedInjury(c.old, c.fact); got != c.want {
			t.Errorf("HealedInjury(%q, %q) = %v, want %v", c.old, c.fact, got, c.want)
		}
	}
}
