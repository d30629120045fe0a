package service_test

import "testing"

// supersedeLookalikes are turns that only look like a change of a current
// fact (an offer taken that is no job, "work with" a person or a tool, a
// second income, a limit that is no price, a home let out) and must leave
// it current, beside the real changes each look-alike is close to, which
// must still retire the old fact.
var supersedeLookalikes = []scenario{
	// An offer taken is a new job only when it is an offer of work.
	{name: "offer for a thing sold", steps: []string{
		"I work at Deloitte.", "I accepted an offer from Sarah for my old bike."},
		facts: []string{"Deloitte"}, never: []string{"works at Sarah"}},
	{name: "offer on a house", steps: []string{
		"I work at Deloitte.", "I accepted the Zillow offer on our house."},
		facts: []string{"Deloitte"}, never: []string{"works at Zillow"}},
	{name: "offer named by a weekday", steps: []string{
		"I work at Google.", "I took the Monday offer."},
		facts: []string{"Google"}, never: []string{"at Monday"}},
	{name: "job offer taken", steps: []string{
		"I work at Deloitte.", "I accepted a job offer from Arup."},
		facts: []string{"Arup"}, gone: []string{"Deloitte"}},

	// "Trabajo con", "arbeite für" a person: whom one works with, no employer.
	{name: "spanish works with a colleague", steps: []string{
		"Trabajo en Telefónica.", "Trabajo con María en el proyecto nuevo."},
		facts: []string{"Telefónica"}, never: []string{"works at María"}},
	{name: "spanish works with a language", steps: []string{
		"I work at Google.", "Trabajo con Python todos los días."},
		facts: []string{"Google"}, never: []string{"works at Python"}},
	{name: "german works for a person", steps: []string{
		"Ich arbeite bei Siemens.", "Ich arbeite für Anna."},
		facts: []string{"Siemens"}, never: []string{"works at Anna"}},
	{name: "spanish new employer", steps: []string{
		"Trabajo en Telefónica.", "Ahora trabajo en Iberdrola."},
		facts: []string{"Iberdrola"}, gone: []string{"Telefónica"}},

	// One part of the day for another is a new schedule.
	{name: "dog walk moved to the evening", steps: []string{
		"I walk the dog every morning.", "I walk the dog every evening now."},
		facts: []string{"evening"}, gone: []string{"every morning"}},
	{name: "shower moved to the night", steps: []string{
		"I shower every morning.", "I shower every night now."},
		facts: []string{"night"}, gone: []string{"every morning"}},

	// A second income or another unit is no new sum.
	{name: "second income", steps: []string{
		"I earn $60,000 a year at the hospital.", "I also earn $200 a week from tutoring."},
		facts: []string{"60,000", "200"}},
	{name: "data allowance is no price", steps: []string{
		"My phone plan costs $30 a month.", "My phone plan went up to 20 GB."},
		facts: []string{"$30"}},
	{name: "price went up", steps: []string{
		"My phone plan costs $30 a month.", "My phone plan went up to $35 a month."},
		facts: []string{"35"}, gone: []string{"$30"}},
	{name: "salary raised in the same period", steps: []string{
		"I earn $60,000 a year.", "I earn $66,000 a year now."},
		facts: []string{"66,000"}, gone: []string{"60,000"}},

	// A new home let out is no move.
	{name: "keys to a flat let out", steps: []string{
		"I live in Sheffield.", "We got the keys to the new flat in Leeds we're renting out."},
		facts: []string{"Sheffield"}, never: []string{"lives in Leeds"}},
	{name: "keys to our new home", steps: []string{
		"I live in Sheffield.", "We got the keys to our new house in Leeds."},
		facts: []string{"Leeds"}, gone: []string{"Sheffield"}},

	// Gone off medication is no taste.
	{name: "gone off medication", steps: []string{
		"I take sertraline every day.", "I have gone off my meds."},
		never: []string{"does not like"}},

	// Someone else's new thing leaves one's own current.
	{name: "sister's new laptop", steps: []string{
		"I use a Dell XPS laptop.", "My sister's new laptop is a MacBook Air."},
		facts: []string{"Dell XPS"}},
	{name: "dad's new phone", steps: []string{
		"I have an old Android phone.", "My dad's new phone is a Pixel 8."},
		facts: []string{"Android"}},
	{name: "sister's new car", steps: []string{
		"I have a red car.", "My sister's new car is a Tesla."},
		facts: []string{"red car"}},
	{name: "son's new bike", steps: []string{
		"I ride a Trek bike.", "My son's new bike is a Specialized."},
		facts: []string{"Trek"}},
	{name: "own new laptop", steps: []string{
		"I use a Dell XPS laptop.", "My new laptop is a MacBook Air."},
		facts: []string{"MacBook Air"}, gone: []string{"Dell XPS"}},

	// Studying somewhere for a test, or a job grade, is no school.
	{name: "studying for exams at a cafe", steps: []string{
		"I study at MIT.", "I'm studying for my exams at Starbucks."},
		facts: []string{"MIT"}, never: []string{"studies at Starbucks"}},
	{name: "senior at a firm", steps: []string{
		"I study at MIT.", "I'm a senior at Deloitte now."},
		facts: []string{"MIT"}, never: []string{"studies at Deloitte"}},
	{name: "first year at a company", steps: []string{
		"I'm in my second year of college.", "I'm in my first year at Google."},
		facts: []string{"second year"}},
	{name: "studying for a bar exam at a school", steps: []string{
		"I study at MIT.", "I'm studying for the bar at Home."},
		facts: []string{"MIT"}, never: []string{"studies at Home"}},
	{name: "studying finance elsewhere", steps: []string{
		"I study at MIT.", "I'm studying finance at Harvard now."},
		facts: []string{"Harvard"}, gone: []string{"MIT"}},
	{name: "studying for a degree elsewhere", steps: []string{
		"I study at MIT.", "I'm studying for a master's in law at Harvard now."},
		facts: []string{"Harvard"}, gone: []string{"MIT"}},
	{name: "studying economics elsewhere", steps: []string{
		"I study at MIT.", "I'm studying economics at Harvard now."},
		facts: []string{"Harvard"}, gone: []string{"MIT"}},
	{name: "freshman then sophomore", steps: []string{
		"I'm a freshman at Rice.", "I'm a sophomore at Rice now."},
		facts: []string{"sophomore"}, gone: []string{"freshman"}},

	// Taken off something by no clinician is no medicine stopped.
	{name: "took me off guard", steps: []string{
		"I work at Google.", "That took me off guard."},
		never: []string{"stopped taking"}},
	{name: "taken off payroll", steps: []string{
		"I work at Google.", "They took me off payroll."},
		never: []string{"stopped taking"}},

	// A training is no current job.
	{name: "nurse by training", steps: []string{
		"I work as a plumber.", "I'm a nurse by training."},
		facts: []string{"plumber"}},

	// Back to a percent or a year is no amount.
	{name: "back to full health", steps: []string{
		"I'm back to 100% after the flu."},
		never: []string{"100%"}},
	{name: "back to a year", steps: []string{
		"Back to 2019 when I lived in Berlin."},
		never: []string{"is back to"}},

	// Someone else's version, or a test device, leaves one's phone current.
	{name: "sister upgraded", steps: []string{
		"My phone is an iPhone 12.", "My sister upgraded to an iPhone 15."},
		facts: []string{"iPhone 12"}},
	{name: "testing on a device", steps: []string{
		"My phone is an iPhone 12.", "I'm testing on iPhone 14."},
		facts: []string{"iPhone 12"}, known: "a version slot names no owner, so any iPhone 15 ends User's iPhone 12"},
	{name: "own upgrade", steps: []string{
		"My phone is an iPhone 12.", "I upgraded to an iPhone 15."},
		facts: []string{"iPhone 15"}, gone: []string{"iPhone 12"}},
}

// TestSupersedeLookalikes runs the look-alikes on fresh engines.
func TestSupersedeLookalikes(t *testing.T) {
	runScenarios(t, supersedeLookalikes)
}
