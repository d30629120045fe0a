package extract

import "testing"

func TestAttendedSchoolContradicts(t *testing.T) {
	tests := []struct {
		name     string
		old, new Slot
		want     bool
	}{
		{"school of the pupil ends going to another", Slot{"user's kids", "go", "to oakfield primary", ""}, Slot{"user's kids' school", "is", "hillcrest academy", ""}, true},
		{"children's school", Slot{"user's children", "go", "to oakfield primary", ""}, Slot{"user's children's school", PredicateIdentity, "hillcrest academy", ""}, true},
		{"kids and children are one brood", Slot{"user's kids", "go", "to oakfield primary", ""}, Slot{"user's children's school", PredicateIdentity, "hillcrest academy", ""}, true},
		{"another pupil's school", Slot{"user's son", "go", "to oakfield primary", ""}, Slot{"user's daughter's school", "is", "hillcrest academy", ""}, false},
		{"going to a place that is no school", Slot{"user's kids", "go", "to the park", ""}, Slot{"user's kids' school", "is", "hillcrest academy", ""}, false},
		{"same school", Slot{"user's kids", "go", "to oakfield primary", ""}, Slot{"user's kids' school", "is", "oakfield primary", ""}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Contradicts(tc.old, tc.new); got != tc.want {
				t.Errorf("Contradicts(%+v, %+v) = %v, want %v", tc.old, tc.new, got, tc.want)
			}
		})
	}
}
