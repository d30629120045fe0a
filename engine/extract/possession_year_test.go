package extract

import "testing"

// TestPossessionWithModelYear covers a possession named with its model year before the
// make ("User's car is a 2015 Civic"): the make is still named, so the car has the
// identity slot a trade-in replaces. A year before a common noun names no make.
func TestPossessionWithModelYear(t *testing.T) {
	tests := []struct{ fact, want string }{
		{"User's car is a 2015 Civic", "2015 civic"},
		{"User's bike is a 2019 Trek Domane", "2019 trek domane"},
		{"User's car is a 2015 model", ""},
	}
	for _, tc := range tests {
		s := possessionSlot(tc.fact)
		got := ""
		if s != nil {
			got = s.Value
		}
		if got != tc.want {
			t.Errorf("possessionSlot(%q) value %q, want %q", tc.fact, got, tc.want)
		}
	}
}
