package ingest

import "testing"

// TestDecideBesideAndPeriods checks that a value said to come beside the one held
// ("also") is added, not put in its place, unless the fact says it changed; that "every
// day" and "daily" restate one habit; and that an upgrade of a make the owner has
// replaces the one had while another owner's leaves it; a thing stopped ends what
// named it, but a liking or a car stopped at a light stays.
func TestDecideBesideAndPeriods(t *testing.T) {
	tests := []struct {
		name, fact, old string
		event           string
	}{
		{"a second job", "User also works at a bar on weekends", "User works at a café on weekdays", Add},
		{"a job changed", "User works at a bar now", "User works at a café", Supersede},
		{"also, said now", "User now also works at a bar", "User works at a café", Add},
		{"also a home, said now", "User also lives in Denver now", "User lives in Boston", Add},
		{"also, but instead", "User also works at a bar instead", "User works at a café", Supersede},
		{"every day is daily", "User takes vitamin D every day", "User takes vitamin D daily", None},
		{"every week is weekly", "User calls User's mother every week", "User calls User's mother weekly", None},
		{"every other day is no daily", "User runs every other day", "User runs daily", Add},
		{"an upgrade replaces the phone had", "User upgraded to a Pixel 8", "User has a Pixel 6", Supersede},
		{"the medicine stopped", "User stopped the sertraline in June 2024", "User is taking sertraline every morning", Supersede},
		{"a thing stopped ends no liking", "User stopped the music", "User likes music", Add},
		{"a car stopped is kept", "User stopped the car at the light", "User drives a Mazda 3", Add},
		{"a medicine started ends none taken", "User started taking metformin in the week of 2025-02-24", "User does not take any medication", Supersede},
		{"photos started are no medicine", "User started taking photos of birds", "User does not take any medication", Add},
		{"a bus started is no medicine", "User started taking the bus to work", "User does not take any medication", Add},
		{"eggs started are no meat", "User started eating eggs", "User does not eat any meat", Add},
		{"a thing held beside none of another kind", "User eats eggs", "User does not eat any meat", Add},
		{"another's start ends nothing", "User's wife started taking metformin", "User does not take any medication", Add},
		{"an injury healed", "User's wrist has fully healed", "User has a broken wrist", Supersede},
		{"another part healed", "User's ankle has healed", "User has a broken wrist", Add},
		{"another owner's upgrade", "User's husband upgraded to a Pixel 8", "User has a Pixel 6", Add},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := Decide(tc.fact, nil, []Candidate{{ID: "a", Text: tc.old, Similarity: 0.8}})
			if d.Event != tc.event {
				t.Errorf("Decide(%q) against %q: %+v, want %s", tc.fact, tc.old, d, tc.event)
			}
		})
	}
}
