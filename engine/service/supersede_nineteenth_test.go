package service_test

import "testing"

// supersedeNineteenth is the nineteenth round of held-out style probes, written
// before any fix of this round, without looking at the pipeline and without
// reusing the earlier rounds' texts. Its new kinds: corrections of someone else
// (a partner, a parent, a roommate, a child), of a pet and of a thing the user
// owns, each beside a fact of the user's own that must survive; corrections a
// turn or two later; "never mind", "scratch that", "nvm", "my bad"; counts in
// words; slang and typos; numbers that are no age ("my locker is 212"); "I'm at
// …" that is no workplace; rates and amounts that belong to someone else.
// Every scenario with a stale value asserts the stale fact is kept in history
// with its validity window closed. Baseline before this round's fixes: 23/46
// (23 marked known); after a correction said with "he/she/they" or naming its
// owner in an aside was read as fixing that one's fact only, a laugh or an aside
// after the wrong value was left out of it, a count meant against a bare thing
// replaced the stored count, a thing's number was no longer an age and an amount
// no longer a workplace, 43/46.
var supersedeNineteenth = []scenario{
	// Corrections of someone else leave the user's facts alone.
	{name: "boyfriend's job corrected beside the user's", steps: []string{
		"I'm a nurse.", "my boyfriend Sam is a nurse too", "wait no he's a paramedic, not a nurse"},
		facts: []string{"User is a nurse", "paramedic"}, never: []string{"User is a paramedic"}},
	{name: "dog's age corrected beside the user's", steps: []string{
		"I'm 34.", "my dog Rex is 5", "no wait he's 6, not 5"},
		facts: []string{"34", "6"}, gone: []string{"Rex is 5"}, never: []string{"User is 6"}, kept: true},
	{name: "sister's city corrected", steps: []string{
		"I live in Denver.", "my sister lives in Boulder", "sorry she lives in Golden, not Boulder"},
		facts: []string{"Denver", "Golden"}, gone: []string{"Boulder"}, never: []string{"User lives in Golden"}, kept: true},
	{name: "roommate's diet corrected", steps: []string{
		"I'm vegetarian.", "my roommate is vegan", "wait no she's pescatarian, not vegan"},
		facts: []string{"vegetarian", "pescatarian"}, never: []string{"User is pescatarian"}},
	{name: "dad's age corrected", steps: []string{
		"I'm 45.", "my dad is 70", "oops he's 72, not 70"},
		facts: []string{"45", "72"}, gone: []string{"dad is 70"}, never: []string{"User is 72"}, kept: true},
	{name: "husband's truck corrected", steps: []string{
		"I drive a Ford F-150.", "my husband drives a Ram", "wait no he drives a Silverado, not a ram"},
		facts: []string{"F-150", "Silverado"}, never: []string{"User drives a Silverado"}},
	{name: "brother's city corrected my bad", steps: []string{
		"my brother lives in Sacramento", "my bad he lives in Stockton, not Sacramento"},
		facts: []string{"Stockton"}, gone: []string{"Sacramento"}, never: []string{"User lives in Stockton"}, kept: true},
	{name: "son's age corrected", steps: []string{
		"my son Ethan is 8", "oops i mean he's 9, not 8"},
		facts: []string{"9"}, gone: []string{"Ethan is 8"}, never: []string{"is he's"}, kept: true},
	{name: "dog's weight corrected beside the user's", steps: []string{
		"I weigh 160 lbs.", "our dog weighs 60 lbs", "sorry he's 65 lbs not 60"},
		facts: []string{"160", "65"}, never: []string{"User weighs 65"}},
	{name: "neighbour's cats are not the user's", steps: []string{
		"I have 1 cat.", "the lady next door has 4 cats", "oops 5 not 4, the neighbour's"},
		facts: []string{"1 cat"}, never: []string{"User has 5"}},
	{name: "neighbour's kids count is not the user's", steps: []string{
		"I have two kids.", "our neighbours have 2 kids as well", "wait 4 not 2, the neighbours i mean"},
		facts: []string{"has two kids"}, never: []string{"User has 4", "User has four"}},

	// Corrections of a pet or a thing the user owns.
	{name: "cat breed corrected", steps: []string{
		"I have a siamese cat named Miso.", "oh wait she's a ragdoll, not a siamese, i always mix them up"},
		facts: []string{"ragdoll"}, gone: []string{"siamese"}, kept: true},
	{name: "kitten name corrected", steps: []string{
		"we got a kitten named Mochi", "oops her name is Mocha not Mochi, my kid named her"},
		facts: []string{"Mocha"}, gone: []string{"Mochi"}, kept: true},
	{name: "laptop brand corrected", steps: []string{
		"my laptop is a Dell", "sorry it's a Lenovo, not a Dell"},
		facts: []string{"Lenovo"}, gone: []string{"Dell"}, kept: true},
	{name: "car colour corrected", steps: []string{
		"I drive a red Mazda 3.", "oops it's blue, not red lol"},
		facts: []string{"blue"}, gone: []string{"red Mazda"}, kept: true},
	{name: "pets meant not kids", steps: []string{
		"I have two kids.", "I meant two dogs, not kids haha"},
		facts: []string{"two dogs"}, never: []string{"two two", "has two kids"}},
	{name: "cats meant not kids count changed", steps: []string{
		"I have 2 kids.", "sorry I meant 3 cats, not kids"},
		facts: []string{"3 cats"}, never: []string{"2 3", "has 2 kids"}},

	// The user's own corrections, chat style.
	{name: "age corrected after a birthday", steps: []string{
		"I'm 27", "sorry, 28 not 27, had a birthday last week"},
		facts: []string{"28"}, gone: []string{"27"}, kept: true},
	{name: "job title corrected", steps: []string{
		"I'm a paralegal.", "actually i'm a legal assistant, not a paralegal, different thing"},
		facts: []string{"legal assistant"}, gone: []string{"is a paralegal"}, kept: true},
	{name: "girlfriend name typo", steps: []string{
		"my girlfriend's name is Kaitlyn", "sorry its Katelyn not Kaitlyn lol"},
		facts: []string{"Katelyn"}, gone: []string{"Kaitlyn"}, kept: true},
	{name: "gym nvm", steps: []string{
		"I go to Planet Fitness.", "nvm it's Anytime Fitness not Planet Fitness, switched ages ago"},
		facts: []string{"Anytime Fitness"}, gone: []string{"Planet Fitness"}, kept: true},
	{name: "allergy never mind", steps: []string{
		"I'm allergic to penicillin.", "never mind, it's amoxicillin, not penicillin"},
		facts: []string{"amoxicillin"}, gone: []string{"penicillin"}, kept: true},
	{name: "scratch that time", steps: []string{
		"my shift starts at 7am", "scratch that, it's 9am"},
		facts: []string{"9"}, gone: []string{"7am"}, kept: true},
	{name: "employer corrected a turn later", steps: []string{
		"I work at Acme as a designer. || A: Nice, how long have you been there? || about 3 years. oh and i meant Apex, not Acme, autocorrect"},
		facts: []string{"Apex"}, never: []string{"works at Acme"}},
	{name: "grade corrected two turns later", steps: []string{
		"I teach 5th grade.", "we went camping last weekend", "it's 6th grade actually, not 5th, got moved up this year"},
		facts: []string{"6th"}, gone: []string{"5th grade"}, kept: true},
	{name: "daughter's grade corrected later", steps: []string{
		"my daughter is in 3rd grade", "we went to the zoo on saturday", "she's in 4th grade actually, not 3rd"},
		facts: []string{"4th"}, gone: []string{"3rd grade"}, kept: true},

	// Counts in words.
	{name: "dogs count in words", steps: []string{
		"I have 2 dogs.", "we have three dogs now, adopted another"},
		facts: []string{"three dogs"}, gone: []string{"2 dogs"}, kept: true},
	{name: "second baby", steps: []string{
		"I've got one kid.", "baby number two arrived!! we have two kids now"},
		facts: []string{"two kids"}, gone: []string{"one kid"}, kept: true},
	{name: "chickens down in words", steps: []string{
		"we have 3 chickens", "we're down to two chickens, a fox got one"},
		facts: []string{"two chickens"}, gone: []string{"3 chickens"}, kept: true},

	// Amounts and rates of someone else.
	{name: "central bank rate is not the user's", steps: []string{
		"my mortgage rate is 6.2%", "the central bank raised the interest rate to 5.25% today"},
		facts: []string{"6.2%"}, never: []string{"mortgage rate is 5.25"}},
	{name: "bank of england cut is not the savings rate", steps: []string{
		"my savings account pays 4%", "the bank of england cut rates to 4.75%"},
		facts: []string{"4%"}, never: []string{"savings account pays 4.75"}},
	{name: "wife's raise is not the user's", steps: []string{
		"I make 55k a year.", "my wife got a raise to 80k"},
		facts: []string{"55k"}, never: []string{"User makes 80k"}},

	// Numbers that are no age.
	{name: "locker number is no age", steps: []string{
		"I'm 41.", "my locker number is 212"},
		facts: []string{"41"}, never: []string{"User is 212", "212 years"}},
	{name: "unit number is no age", steps: []string{
		"I'm 33.", "my apartment is unit 305"},
		facts: []string{"33"}, never: []string{"User is 305", "305 years"}},
	{name: "badge number is no age", steps: []string{
		"I'm 52", "my badge is 118"},
		facts: []string{"52"}, never: []string{"User is 118", "118 years"}},

	// "I'm at …" that is no workplace.
	{name: "salary at is no workplace", steps: []string{
		"I work at Lidl.", "got a raise, i'm at 68k now"},
		facts: []string{"Lidl"}, never: []string{"works at 68k"}},
	{name: "game level is no workplace", steps: []string{
		"I work at Home Depot.", "i'm at level 40 now in elden ring lol"},
		facts: []string{"Home Depot"}, never: []string{"works at level"}},
	{name: "at the gym is no workplace", steps: []string{
		"I'm a nurse at St Mary's.", "i'm at the gym rn, then dinner"},
		facts: []string{"St Mary"}, never: []string{"works at the gym", "works at gym"}},
	{name: "running distance at", steps: []string{
		"I run 2 miles a day.", "i'm at 3 miles a day now"},
		facts: []string{"3 miles"}, gone: []string{"2 miles"}, never: []string{"works at"}, kept: true},

	// Someone else's change; hedges; slang.
	{name: "wife's new job", steps: []string{
		"I work at Kroger.", "my wife got a job at Target, starts monday"},
		facts: []string{"Kroger"}, never: []string{"User works at Target"}},
	{name: "might move to vegas", steps: []string{
		"I live in Reno.", "we might move to vegas if the job works out"},
		facts: []string{"Reno"}, never: []string{"lives in Vegas"}},
	{name: "mom says move", steps: []string{
		"I live in Ohio.", "my mom always says i should move to florida"},
		facts: []string{"Ohio"}, never: []string{"lives in Florida"}},
	{name: "slang craving keeps vegan", steps: []string{
		"I'm vegan.", "lowkey craving a burger rn ngl"},
		facts: []string{"vegan"}},
	{name: "barista to teller slang", steps: []string{
		"im a barista at a lil cafe downtown", "lol not anymore, got hired at a bank, i'm a teller now"},
		facts: []string{"teller"}, gone: []string{"barista"}, kept: true},
	{name: "traded in the car", steps: []string{
		"my car is a 2015 Civic", "traded in the civic for a RAV4 yesterday"},
		facts: []string{"RAV4"}, gone: []string{"2015 Civic"}, kept: true},
	{name: "typo moved", steps: []string{
		"i live in tuscon", "we moved to phoenix last month, tuscon was too small"},
		facts: []string{"phoenix"}, gone: []string{"live in tuscon"}, kept: true},
}

// TestSupersedeNineteenth runs the nineteenth round on fresh engines.
func TestSupersedeNineteenth(t *testing.T) {
	runScenarios(t, supersedeNineteenth)
}
