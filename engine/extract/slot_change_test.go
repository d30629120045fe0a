package extract

import "testing"

// TestContradictsByText reads both facts' slots (SlotOf) and asks Contradicts, for the
// changes the eleventh supersede round found unread: amounts said as where they got to,
// a negation naming part of the old value, a stop said in the progressive, a doer
// other than the user, preferences of one kind, and choices said with "instead of".
func TestContradictsByText(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"an amount up to", "User cycles 60 km a week", "User is up to 90 km a week", true},
		{"an amount grown to", "Ben's bakery has 12 staff", "Ben's bakery has grown to 20 staff", true},
		{"an amount passed", "User's bike has 3,000 km on it", "User's bike just passed 4,500 km", true},
		{"an amount of another unit", "User cycles 60 km a week", "User is up to 3 rides a week", false},
		{"an amount of another subject", "User weighs 70 kg", "User's son is up to 30 kg", false},
		{"a negation naming part of the value", "User has a Disney+ subscription", "User does not have Disney+ anymore", true},
		{"a negation naming something else", "User has a Disney+ subscription", "User does not have a car anymore", false},
		{"a stop of a verb with a preposition", "User swims at the lido on Sundays", "User stopped swimming", true},
		{"a stop said in the progressive", "User sings in a gospel choir", "User is no longer singing gospel", true},
		{"a stop of another habit", "User sings in a gospel choir", "User is no longer playing chess", false},
		{"a person the user has quits", "User works at Lidl", "User's flatmate quit Lidl", false},
		{"the user quits", "User works at Lidl", "User quit Lidl", true},
		{"a preference of one kind", "User prefers front rows", "User prefers back rows", true},
		{"a preference of another kind", "User prefers front rows", "User prefers green tea", false},
		{"a choice instead of a thing", "User is taking the ferry to the island", "User is flying to the island instead of taking the ferry", true},
		{"a doer instead of the user", "User is cooking Christmas dinner", "User's sister is cooking Christmas dinner instead of User", true},
		{"a doer instead of the user, another doing", "User is cooking Christmas dinner", "User's sister is baking a cake instead of User", false},
		{"a past verb joined to a job", "User's uncle works as a baker", "User's uncle retrained and is an electrician now", true},
		{"a service cancelled", "User subscribes to Crunchyroll", "User cancelled User's Crunchyroll membership", true},
		{"an account cancelled", "User has a Peloton account", "User canceled the Peloton account", true},
		{"a switch to another kind", "User prefers paper notebooks", "User switched to digital notebooks", true},
		{"a switch back to another kind", "User uses a manual grinder", "User switched back to an electric grinder", true},
		{"a switch to something else", "User prefers paper notebooks", "User switched to green tea", false},
		{"a switch after a stop keeps the stop", "User drinks 3 colas a day", "User stopped drinking cola, switched to sparkling water", true},
		{"an event moved to a day", "User's recital is on 2025-05-10", "User moved the recital to 2025-06-21", true},
		{"another event moved to a day", "User's recital is on 2025-05-10", "User moved the party to 2025-06-21", false},
		{"a frequency said first", "Twice a month User goes bouldering", "User goes bouldering twice a month", false},
		{"a salary of the same period", "User earns $60,000 a year", "User earns $66,000 a year now", true},
		{"a salary said without a period", "User earns $60,000", "User earns $66,000 a year now", true},
		{"a second income", "User earns $60,000 a year at the hospital", "User also earns $200 a week from tutoring", false},
		{"an income of another period", "User earns $60,000 a year", "User earns $200 a week from tutoring", false},
		{"a price set anew", "User's phone plan costs $30 a month", "User's phone plan went up to $35 a month", true},
		{"a price in a currency word", "User's rent costs 1400 euros a month", "User's rent went up to 1,550 euros a month", true},
		{"a limit of another unit", "User's phone plan costs $30 a month", "User's phone plan went up to 20 GB", false},
		{"a thing sold named among its modifiers", "User drives a blue Peugeot hatchback", "User sold the Peugeot", true},
		{"a thing sold not named by the value", "User drives a blue Peugeot hatchback", "User sold the Fiat", false},
		{"a component named with whose it is moved", "The web server for the wiki runs on port 3000", "User moved the web server to port 3100", true},
		{"another component moved", "The web server for the wiki runs on port 3000", "User moved the database to port 3100", false},
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

// TestSwitchedFromPlan: a choice said with what it replaces ends a plan (which fills no
// slot) of the same subject naming the same verb and the replaced thing, and no other.
func TestSwitchedFromPlan(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"the plan replaced", "User is going to learn piano next year", "User decided to learn cello instead of piano", true},
		{"another verb", "User is going to buy a piano next year", "User decided to learn cello instead of piano", false},
		{"another subject", "User's daughter is going to learn piano", "User decided to learn cello instead of piano", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkSwitchedFrom(t, tt.old, tt.new, tt.want) })
	}
}

// TestFrontedFrequencyIsOneSlot: a frequency said before the clause or after it gives one slot.
func TestFrontedFrequencyIsOneSlot(t *testing.T) {
	a, b := SlotOf("Three times a week User goes bouldering"), SlotOf("User goes bouldering three times a week")
	if a == nil || b == nil || *a != *b {
		t.Errorf("slots differ: %+v, %+v", a, b)
	}
}

// TestSplitElidedAfterContraction: "I'm" and "we've" give the second verb of the
// sentence its subject, as "I" and "we" do.
func TestSplitElidedAfterContraction(t *testing.T) {
	for in, want := range map[string][]string{
		"I'm divorced and have three grandchildren":   {"I'm divorced", "I have three grandchildren"},
		"We've been renting for years and own a boat": {"We've been renting for years", "We own a boat"},
		"I'm from Ghent and it rains a lot":           {"I'm from Ghent and it rains a lot"},
	} {
		got := splitElided(in)
		if len(got) != len(want) {
			t.Errorf("splitElided(%q) = %q, want %q", in, got, want)
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("splitElided(%q) = %q, want %q", in, got, want)
			}
		}
	}
}

// TestContradictsSums: a sum earned, a price, or a group's size holds one value at a
// time; a sum paid does not (rent and a gym fee are two bills), nor does a sum of
// another subject or the size of another group.
func TestContradictsSums(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"a salary raised", "User earns $60,000 a year", "User earns $68,000 a year after User's raise", true},
		{"a salary said again", "User earns $60,000 a year", "User earns $60,000 a year", false},
		{"a price risen to", "User's gym membership costs $40 a month", "User's gym membership went up to $55 a month", true},
		{"another thing's price", "User's gym membership costs $40 a month", "User's phone plan went up to $55 a month", false},
		{"two bills paid", "User pays $1400 a month in rent", "User pays $40 a month for the gym", false},
		{"a partner's salary", "User earns $60,000 a year", "User's wife earns $90,000 a year", false},
		{"a weight in two spellings of pound", "User weighs 210 lb", "User is down to 195 pounds", true},
		{"a team grown", "User manages a team of 5", "User manages a team of 9 now after the reorg", true},
		{"a team of the same size", "User manages a team of 5", "User manages a team of 5", false},
		{"two groups' sizes", "User manages a team of 5", "User manages a budget of 9", false},
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

// TestSameStateNounOfVerb: a value said through the noun of a verb ("User's commute is
// …") is the value the verb says ("User commutes …"), and no other value or verb's.
func TestSameStateNounOfVerb(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"noun then verb", "User's commute is 15 miles each way", "User commutes 15 miles each way", true},
		{"verb then noun", "User commutes 15 miles each way", "User's commute is 15 miles each way", true},
		{"another value", "User's commute is 15 miles each way", "User commutes 20 miles each way", false},
		{"another verb", "User's commute is 15 miles each way", "User cycles 15 miles each way", false},
		{"another owner", "User's commute is 15 miles each way", "User's wife commutes 15 miles each way", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, n := SlotOf(tt.old), SlotOf(tt.new)
			got := o != nil && n != nil && SameState(*o, *n)
			if got != tt.want {
				t.Errorf("SameState(%q → %+v, %q → %+v) = %v, want %v", tt.old, o, tt.new, n, got, tt.want)
			}
		})
	}
}
