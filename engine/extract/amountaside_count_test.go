package extract

import (
	"strings"
	"testing"
)

// TestCountedRate checks the clause split after a comma that a count opens: a rate
// measures what came before and stays with it.
func TestCountedRate(t *testing.T) {
	cases := []struct {
		words string
		want  bool
	}{
		{"1400 euros a month", true},
		{"90 dollars each", true},
		{"3 dogs live with us", false},
		{"2 yrs sober this month", false},
		{"fifty euros a month", false},
	}
	for _, tc := range cases {
		if got := countedRate(strings.Fields(tc.words)); got != tc.want {
			t.Errorf("countedRate(%q) = %v, want %v", tc.words, got, tc.want)
		}
	}
}

// TestSettingMeasured checks settings said with "only" and sums that look like years.
func TestSettingMeasured(t *testing.T) {
	cases := []struct{ fact, subject, value string }{
		{"The walk to the station is only 12 minutes", "walk to the station", "12 minutes"},
		{"The lease is 1950 euros a month", "lease", "1950 euros"},
		{"The drive to the office is 20 minutes", "drive to the office", "20 minutes"},
	}
	for _, tc := range cases {
		s := SlotOf(tc.fact)
		if s == nil || s.Predicate != PredicateSetting || s.Subject != tc.subject || s.Value != tc.value {
			t.Errorf("SlotOf(%q) = %+v, want setting %q = %q", tc.fact, s, tc.subject, tc.value)
		}
	}
}
