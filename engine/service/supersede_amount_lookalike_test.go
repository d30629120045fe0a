package service_test

import "testing"

// supersedeAmountLookalikes are turns shaped like a told change of amount
// ("landlord raised the rent to …", "doc upped my … to 30 mg", "down to 176 lbs")
// or like one named thing said two ways ("has a …" / "…'s car is a …"), or a
// correction of someone else ("actually he's a doctor, not a nurse", "3 not 2, the
// neighbour i mean"), or a number that is no age or workplace ("my parking permit
// is 120", "i'm at 72k now"), or a rate set by a central bank, that
// change nothing of the user's: another person's charge, a change denied, a lift
// or a limit in kilos, a wish rather than a thing had. The stored fact must stay
// current and a thing had must be kept beside a thing wished for.
var supersedeAmountLookalikes = []scenario{
	{name: "her landlord raised her rent", steps: []string{
		"my rent is 1400 a month", "her landlord raised the rent to 2100, she's furious"},
		facts: []string{"1400"}, never: []string{"User's rent is 2100"}},
	{name: "their landlord raised the rent", steps: []string{
		"my rent is 1400 a month", "their landlord raised the rent to 2100 lol"},
		facts: []string{"1400"}, never: []string{"User's rent is 2100"}},
	{name: "dose never raised", steps: []string{
		"I take 20 mg of lexapro", "doc never raised my lexapro to 30 mg, still the same"},
		facts: []string{"20 mg"}, never: []string{"takes 30 mg"}},
	{name: "dose not raised yet", steps: []string{
		"I take 20 mg of lexapro", "they haven't raised my lexapro to 30 mg yet"},
		facts: []string{"20 mg"}, never: []string{"takes 30 mg"}},
	{name: "a lift is no weight", steps: []string{
		"I weigh 82 kg.", "finally up to 100 kg on deadlift!"},
		facts: []string{"82 kg"}, never: []string{"weighs 100 kg"}},
	{name: "a baggage limit is no weight", steps: []string{
		"I weigh 82 kg.", "up to 23 kg allowed in checked luggage on that airline"},
		facts: []string{"82 kg"}, never: []string{"weighs 23 kg"}},
	{name: "a dream car then the car had", steps: []string{
		"my dream car is a Porsche 911", "I have a Porsche 911 now, bought it used"},
		facts: []string{"has a Porsche 911"}},
	{name: "a boyfriend corrected is not the user", steps: []string{
		"I'm a nurse in Leeds.", "my boyfriend Tom works at the same hospital", "actually he's a doctor, not a nurse"},
		facts: []string{"nurse in Leeds"}, never: []string{"User is a doctor"}},
	{name: "a sister's age corrected is not the user's", steps: []string{
		"I am 40 years old.", "no she's 30, not 40, she's my younger sister"},
		facts: []string{"40 years old"}, never: []string{"User is 30"}},
	{name: "a neighbour's count corrected is not the user's", steps: []string{
		"I have 2 kids.", "wait 3 not 2, the neighbour i mean"},
		facts: []string{"2 kids"}, never: []string{"3 kids"}},
	{name: "pets meant, not kids", steps: []string{
		"I have two kids", "I meant three cats, not kids lol"},
		facts: []string{"three cats"}, never: []string{"two three", "has two kids"}},
	{name: "a central bank's rate is not the user's", steps: []string{
		"my interest rate is 6.5%", "the fed raised the interest rate to 5.5%"},
		facts: []string{"6.5%"}, never: []string{"User's interest rate is 5.5"}},
	{name: "a central bank's rate alone is not the user's", steps: []string{
		"the fed raised the interest rate to 5.5%"},
		never: []string{"User's interest rate"}},
	{name: "a permit number is no age", steps: []string{
		"I'm 38.", "my parking permit is 120"},
		facts: []string{"38"}, never: []string{"120 years"}},
	{name: "a salary reached is no workplace", steps: []string{
		"I work at Lidl.", "i'm at 72k now"},
		facts: []string{"works at Lidl"}, never: []string{"works at 72k"}},
	{name: "a favourite phone then the phone had", steps: []string{
		"my favorite phone is a Pixel 7", "I have a Pixel 7"},
		facts: []string{"has a Pixel 7"}},
}

// TestSupersedeAmountLookalikes runs the look-alikes on fresh engines.
func TestSupersedeAmountLookalikes(t *testing.T) {
	runScenarios(t, supersedeAmountLookalikes)
}
