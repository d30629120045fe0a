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
