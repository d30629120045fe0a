package ingest

import "testing"

// TestQuantityChangedWithoutUnitOrRate covers an amount named by its subject ("rent
// is N") whose new value is said without the period the old one gave, and whose number
// falls in the range of a year: the amount changed. The controls are two years, an
// event in the past, and an amount of another thing.
func TestQuantityChangedWithoutUnitOrRate(t *testing.T) {
	tests := []struct {
		old, fact string
		want      bool
	}{
		{"User's rent is 1800 a month", "User's rent is 1950", true},
		{"User's mortgage is 2300 per month", "User's mortgage is 2100 per month", true},
		{"User's parking permit is 90 a year", "User's parking permit is 120", true},
		{"User visited Lisbon in 2019", "User visited Lisbon in 2023", false},
		{"User's rent was 1200", "User's rent was 1300", false},
		{"User's rent is 1800 a month", "User's deposit is 1950", false},
	}
	for _, tc := range tests {
		if got := QuantityChanged(tc.old, tc.fact); got != tc.want {
			t.Errorf("QuantityChanged(%q, %q) = %v, want %v", tc.old, tc.fact, got, tc.want)
		}
	}
}
