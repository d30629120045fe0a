package extract

import "testing"

// TestCommuteAndShiftSlots: how one gets to work and which shift one works are one value
// at a time, whatever verb says them; a way said beside another, or someone else's, is not.
func TestCommuteAndShiftSlots(t *testing.T) {
	tests := []contradictCase{
		{"drive then bike", "User drives to work", "User bikes to work these days", true},
		{"train then bus", "User takes the train to work", "User takes the bus to work", true},
		{"by means then a verb", "User commutes by subway", "User walks to the office now", true},
		{"no longer drives", "User drives to work", "User doesn't drive to work anymore", true},
		{"cycle and bike are one way", "User bikes to work", "User cycles to work", false},
		{"a second way beside", "User commutes by train", "User also commutes by bike sometimes", false},
		{"another person's way", "User takes the subway to work", "User's partner drives to work", false},
		{"takes time, no way", "User drives to work", "User takes time to work out", false},
		{"goes by bike, then the train", "User goes by bike to work every day", "User takes the train to work, the bike got stolen", true},
		{"gets to the office by bus, then drives", "User gets by bus to the office", "User drives to work now", true},
		{"goes by bike said twice", "User goes by bike to work every day", "User cycles to work", false},
		{"night then day shifts", "User works night shifts at the hospital", "User switched to day shifts in March", true},
		{"nights then the day shift", "User works nights", "User is on the day shift now", true},
		{"night shift said twice", "User works nights", "User works the night shift", false},
		{"days of the week are no shift", "User works nights", "User works four days a week", false},
	}
	wantContradicts(t, tests)
}

// TestPlansMembershipsAndPartners: a plan is ended by switching from its provider, a
// membership moved elsewhere ends the old one, "gave up on X" gives X up, a break-up
// ends a partner said by name, and what a friend named leaves is not the user's.
func TestPlansMembershipsAndPartners(t *testing.T) {
	tests := []contradictCase{
		{"switched provider", "User is on the Verizon unlimited plan", "User switched from Verizon to T-Mobile", true},
		{"another provider left", "User is on the Verizon unlimited plan", "User switched from Comcast to Sonic", false},
		{"membership moved", "User has a membership at Planet Fitness", "User moved User's membership to Equinox", true},
		{"gave up on", "User is learning German on Duolingo", "User gave up on German", true},
		{"gave up on another", "User is learning German on Duolingo", "User gave up on French", false},
		{"broke up with the named partner", "User has a girlfriend named Priya", "Priya and User broke up last week", true},
		{"broke up with the partner named beside a fact", "User's partner Sam is a chef", "Sam and User broke up in October 2026", true},
		{"broke up with another", "User's partner Sam is a chef", "Alex and User broke up years ago", false},
		{"someone else's partner", "User's sister's husband Tom is a chef", "Tom and User broke up", false},
		{"a friend left the employer", "User works at Deloitte", "User's friend Sam left Deloitte for KPMG", false},
	}
	wantContradicts(t, tests)
}
