package extract

import "testing"

// TestContradictsSwitchToOtherKind: a switch to another kind of what a habit names ends
// the habit, whatever its verb; a count is no kind, and another thing is left alone.
func TestContradictsSwitchToOtherKind(t *testing.T) {
	tests := []contradictCase{
		{"shifts", "User works weekday shifts at the warehouse", "User switched to weekend shifts", true},
		{"coffee", "User drinks decaf coffee", "User switched to regular coffee", true},
		{"a count is no kind", "User has 2 dogs", "User switched to big dogs", false},
		{"another thing", "User drinks green tea", "User switched to black coffee", false},
	}
	wantContradicts(t, tests)
}
