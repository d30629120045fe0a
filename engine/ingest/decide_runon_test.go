package ingest

import "testing"

// TestDecideRunOnCount covers a count said in a run-on turn whose aside stays in the
// fact ("User has three dogs now, adopted another"): the first clause is the new count
// of the stored one; and a count said now without the qualifier the stored one had
// ("at home"). The controls are someone else's count and a past event.
func TestDecideRunOnCount(t *testing.T) {
	tests := []struct {
		name, old, fact string
		want            string
	}{
		{"count with an aside", "User has 2 dogs", "User has three dogs now, adopted another", Supersede},
		{"team with an aside", "User's team has 6 engineers", "User's team has 9 engineers now, two of them remote", Supersede},
		{"qualifier left out", "User has got two cats at home", "User has three cats now", Supersede},
		{"someone else's count without the qualifier", "User has 2 cats at home", "User's sister has 3 cats now", Add},
		{"someone else's count", "User has 2 dogs", "User's sister has 3 dogs now, adopted another", Add},
		{"a past event", "User runs 5 km a day", "User ran 10 km, a personal best", Add},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Decide(tc.fact, nil, []Candidate{{ID: "old", Text: tc.old}}); got.Event != tc.want {
				t.Errorf("Decide(%q) against %q = %+v, want %s", tc.fact, tc.old, got, tc.want)
			}
		})
	}
}
