package extract

import (
	"slices"
	"testing"
)

func TestVerblessAttributes(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"two measurements", "ring size 7, gloves 8.5", []string{"my ring size is 7", "my gloves is 8.5"}},
		{"a unit and and", "height 180 cm and weight 75 kg", nil}, // "and" without a comma joins no list here
		{"a unit after a comma list", "height 180 cm, weight 75 kg", []string{"my height is 180 cm", "my weight is 75 kg"}},
		{"one item is left to the other rules", "ring size 7", nil},
		{"a sequence is no attribute", "day 3, week 2", nil},
		{"a verb is no attribute", "ran 5, swam 2", nil},
		{"a count is no attribute", "two kids, one dog", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := verblessAttributes(tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("verblessAttributes(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
