package extract

import (
	"strings"
	"testing"
)

// TestContradictsEndedStates reads both facts' slots (SlotOf) and asks Contradicts, for
// the changes the fifteenth supersede round found unread: a habit in "-ate" given up, a
// thing given up said with "gave up", a diet one is "on", a school year or school left,
// a state after a fronted event, an amount with the period it comes in, and an amount
// returned to. Each has a look-alike that must not contradict.
func TestContradictsEndedStates(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"a habit in -ate stopped", "User volunteers and donates blood", "User stopped donating", false},
		{"a habit in -ate stopped, said alone", "User meditates every day", "User stopped meditating", true},
		{"a game given up", "User plays chess on Sundays", "User gave up chess in 2023", true},
		{"another game given up", "User plays chess on Sundays", "User gave up golf in 2023", false},
		{"a diet one is on, quit", "User is on a paleo diet", "User quit paleo", true},
		{"a diet one is on, another one", "User is on a paleo diet", "User is vegetarian now", true},
		{"a school year at a school, left", "User is a freshman at Rice", "User dropped out of Rice to travel", true},
		{"a degree studied at a school, finished", "User is studying for a PhD in physics at ETH", "User graduated from ETH in May", true},
		{"another school finished", "User is studying for a PhD in physics at ETH", "User graduated from EPFL in May", false},
		{"a count after a fronted event", "User coaches 12 kids", "After the summer User coaches 9 kids", true},
		{"an amount in the same period", "User sleeps 7 hours a night", "User has been sleeping 5 hours a night", true},
		{"an amount of another unit in the period", "User sleeps 7 hours a night", "User sleeps 2 naps a night", false},
		{"an amount returned to", "User walks 10 km a day", "User is back to 6 km a day", true},
		{"an amount of another unit returned to", "User walks 10 km a day", "User is back to 2 walks a day", false},
		{"a job said with by profession", "User works as a plumber", "User is an electrician by profession", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, n := SlotOf(tt.old), SlotOf(tt.new)
			got := o != nil && n != nil && Contradicts(*o, *n)
			if got != tt.want {
				t.Errorf("Contradicts(%q → %+v, %q → %+v) = %v, want %v", tt.old, o, tt.new, n, got, tt.want)
			}
		})
	}
}

// TestAmountReturnedToIsAFact: an amount returned to, with or without "I'm", is where the
// amount stands now, kept as a fact; "I'm back" alone is a passing state.
func TestAmountReturnedToIsAFact(t *testing.T) {
	for said, want := range map[string]string{
		"I'm back to 3 coffees a day.":             "User is back to 3 coffees a day",
		"Back down to 40 km a week after the flu.": "User is back down to 40 km a week",
		"Back up to 70 kg, finally.":               "User is back up to 70 kg",
	} {
		got := userFacts(t, said)
		if len(got) == 0 || !strings.HasPrefix(got[0], want) {
			t.Errorf("%q gave %q, want a fact opening %q", said, got, want)
		}
	}
	if got := userFacts(t, "I'm back!"); len(got) != 0 {
		t.Errorf("\"I'm back!\" gave %q, want no fact", got)
	}
}

// TestEndedByOthersOrOutgrown: a medicine someone else took the speaker off, an allergy
// outgrown and a pet rehomed each end the fact they name, and nothing else.
func TestEndedByOthersOrOutgrown(t *testing.T) {
	for said, want := range map[string]string{
		"My cardiologist took me off warfarin in May.": "User stopped taking warfarin",
		"We've outgrown our peanut allergy.":           "User is no longer allergic to peanut",
	} {
		if got := userFacts(t, said); len(got) == 0 || !strings.HasPrefix(got[0], want) {
			t.Errorf("%q gave %q, want a fact opening %q", said, got, want)
		}
	}
	if got := userFacts(t, "They took me off the rota."); len(got) > 0 && strings.Contains(got[0], "stopped taking") {
		t.Errorf("\"They took me off the rota.\" gave %q: a rota is nothing taken", got)
	}
	for _, tt := range []struct {
		old, new string
		want     bool
	}{
		{"User takes warfarin", "User stopped taking warfarin in May", true},
		{"User is allergic to peanuts", "User is no longer allergic to peanut", true},
		{"User is allergic to peanuts", "User is no longer allergic to shellfish", false},
		{"User has a rabbit called Bun", "User had to rehome Bun", true},
		{"User has a rabbit called Bun", "User had to rehome Flopsy", false},
	} {
		o, n := SlotOf(tt.old), SlotOf(tt.new)
		if got := o != nil && n != nil && Contradicts(*o, *n); got != tt.want {
			t.Errorf("Contradicts(%q → %+v, %q → %+v) = %v, want %v", tt.old, o, tt.new, n, got, tt.want)
		}
	}
}

// TestContradictsPossessionsAndHomes: a possession said as what it is, a new one of a
// kind, whom one lives with, and a year of one's studies.
func TestContradictsPossessionsAndHomes(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"a new car ends the car driven", "User drives a Ford Fiesta", "User's new car is a Skoda Octavia", true},
		{"a new car of another owner", "User drives a Ford Fiesta", "User's wife's new car is a Skoda Octavia", false},
		{"a new laptop ends the laptop used", "User uses a Lenovo ThinkPad laptop", "User's new laptop is a Framework 13", true},
		{"a new laptop leaves the phone", "User uses a Lenovo ThinkPad laptop", "User's new phone is a Nothing Phone", false},
		{"a phone's make said again", "User's phone is a Galaxy S21", "User's phone is an iPhone 14", true},
		{"a phone's model upgraded", "User's phone is a Pixel 6", "User upgraded to a Pixel 8", true},
		{"a phone's model said again", "User's phone is a Pixel 8", "User upgraded to a Pixel 8", false},
		{"a car with no make", "User drives a Ford Fiesta", "User's new car is a mess", false},
		{"someone moved in", "User lives alone", "User's girlfriend moved in with User in June", true},
		{"the user moved in with someone", "User lives alone", "User moved in with User's partner", true},
		{"a flatmate left", "User shares an apartment with Jo", "User lives alone now", true},
		{"a shared car is no home", "User lives alone", "User shares a car with Jo", false},
		{"a sister's move-in is hers", "User's sister lives alone", "User's boyfriend moved in with User", false},
		{"a thing stolen", "User rides a Brompton", "User's Brompton got stolen", true},
		{"a car written off", "User drives a Ford Fiesta", "User's car was written off in the crash", true},
		{"a sister's car written off", "User drives a Ford Fiesta", "User's sister's car was written off", false},
		{"a major switched", "User is majoring in chemistry", "User switched User's major to nursing", true},
		{"a major said again", "User is majoring in chemistry", "User is majoring in chemistry", false},
		{"a year of studies", "User is in User's first year of medical school", "User is in User's second year of medical school", true},
		{"a year of something else", "User is in User's first year of marriage", "User is in User's second year of marriage", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, n := SlotOf(tt.old), SlotOf(tt.new)
			got := o != nil && n != nil && Contradicts(*o, *n)
			if got != tt.want {
				t.Errorf("Contradicts(%q → %+v, %q → %+v) = %v, want %v", tt.old, o, tt.new, n, got, tt.want)
			}
		})
	}
}

// TestSameStatePossession: a car said as what it is and as what one drives is one fact.
func TestSameStatePossession(t *testing.T) {
	for _, tt := range []struct {
		old, new string
		want     bool
	}{
		{"User drives a Mini Cooper", "User's car is a Mini Cooper", true},
		{"User rides a Vespa", "User's scooter is a Vespa", true},
		{"User drives a Mini Cooper", "User's car is a Fiat 500", false},
		{"User drives a Mini Cooper", "User's sister's car is a Mini Cooper", false},
	} {
		o, n := SlotOf(tt.old), SlotOf(tt.new)
		if got := o != nil && n != nil && SameState(*o, *n); got != tt.want {
			t.Errorf("SameState(%q → %+v, %q → %+v) = %v, want %v", tt.old, o, tt.new, n, got, tt.want)
		}
	}
}

// TestKinOwnerOfPossessive: a bare kin word with a possessive is the speaker's kin's.
func TestKinOwnerOfPossessive(t *testing.T) {
	if got := userFacts(t, "Dad's truck is a Ford."); len(got) == 0 || !strings.HasPrefix(got[0], "User's dad's truck") {
		t.Errorf("\"Dad's truck is a Ford.\" gave %q, want it of User's dad", got)
	}
}
