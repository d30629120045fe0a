package extract

import "testing"

// TestContradictsSwitchToOtherKind: a switch to another kind of what a habit names ends
// the habit, whatever its verb; a count is no kind, and another thing is left alone.
func TestContradictsSwitchToOtherKind(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		want     bool
	}{
		{"shifts", "User works weekday shifts at the warehouse", "User switched to weekend shifts", true},
		{"coffee", "User drinks decaf coffee", "User switched to regular coffee", true},
		{"a count is no kind", "User has 2 dogs", "User switched to big dogs", false},
		{"another thing", "User drinks green tea", "User switched to black coffee", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, n := SlotOf(tt.old), SlotOf(tt.new)
			got := o != nil && n != nil && Contradicts(*o, *n)
			if got != tt.want {
				t.Errorf("Contradicts(%q → %q) = %v, want %v (slots %+v, %+v)", tt.old, tt.new, got, tt.want, o, n)
			}
		})
	}
}
