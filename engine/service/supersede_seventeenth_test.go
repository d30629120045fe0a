package service_test

import "testing"

// supersedeSeventeenth is the seventeenth round of held-out style probes,
// written before any fix of this round, without looking at the pipeline and
// without reusing the earlier rounds' texts. Its new kinds: health changes
// (a medicine started or stopped, a diagnosis, an injury healed), study and
// work status in French, Spanish and Portuguese, a device or version owned by
// someone else beside the user's own, "there" pointing at a place the turn
// before named, a number corrected, a relative's change that must leave the
// user's fact alone, restatements that must dedupe, two values that
// legitimately coexist, and time-limited states ("this week I'm in …").
// Every scenario with a stale value asserts the stale fact is kept in
// history with its validity window closed. Baseline before this round's
// fixes: 41/59 (18 marked known); after them 49/59 (10 known); after a
// healed part ended its injury, 50/59 (9 known); after a changed dose was
// read as the dose taken, 51/59 (8 known); after "has an X" and "phone is an X"
// were read as one fact, 52/59 (7 known).
var supersedeSeventeenth = []scenario{
	// Health: medicines, diagnoses, injuries.
	{name: "started a medicine", steps: []string{
		"I don't take any medication.", "I started taking metformin last week."},
		facts: []string{"metformin"}, gone: []string{"any medication"}, kept: true},
	{name: "stopped a medicine", steps: []string{
		"I take lisinopril for my blood pressure.", "My doctor took me off lisinopril."},
		gone: []string{"takes lisinopril"}, kept: true},
	{name: "stopped the pills", steps: []string{
		"I'm taking sertraline every morning.", "I stopped the sertraline in June."},
		gone: []string{"taking sertraline"}, kept: true},
	{name: "dose changed", steps: []string{
		"I take 50 mg of levothyroxine.", "My levothyroxine dose went up to 75 mg."},
		facts: []string{"75 mg"}, gone: []string{"50 mg"}, kept: true},
	{name: "diagnosed", steps: []string{
		"I'm healthy, no conditions.", "I was diagnosed with type 2 diabetes in April."},
		facts: []string{"diabetes"}, gone: []string{"no conditions"}, kept: true,
		known: "a diagnosis is not read as ending \"is healthy, no conditions\""},
	{name: "injury healed", steps: []string{
		"I have a broken wrist.", "My wrist has fully healed."},
		gone: []string{"broken wrist"}, kept: true},
	{name: "quit smoking", steps: []string{
		"I smoke about ten cigarettes a day.", "I quit smoking three months ago."},
		gone: []string{"cigarettes a day"}, kept: true},
	{name: "allergy stays when a med changes", steps: []string{
		"I'm allergic to penicillin. || I take ibuprofen for my knee.", "I switched from ibuprofen to naproxen."},
		facts: []string{"penicillin", "naproxen"}, gone: []string{"takes ibuprofen"}, kept: true},

	// Study and work status in other languages.
	{name: "french student then job", steps: []string{
		"Je suis étudiant en droit.", "J'ai trouvé un travail dans un cabinet d'avocats."},
		facts: []string{"cabinet"}, gone: []string{"étudiant"}, kept: true,
		known: "French \"je suis étudiant\" and \"j'ai trouvé un travail\" give no fact"},
	{name: "french moved city", steps: []string{
		"Je vis à Lyon.", "Je viens de déménager à Nantes."},
		facts: []string{"Nantes"}, gone: []string{"Lyon"}, kept: true},
	{name: "spanish student graduated", steps: []string{
		"Estudio medicina en Madrid.", "Ya terminé la carrera y ahora trabajo en un hospital."},
		facts: []string{"hospital"}, gone: []string{"Estudio medicina"}, kept: true,
		known: "Spanish \"estudio X\" gives no fact, so finishing studies ends nothing"},
	{name: "portuguese new job", steps: []string{
		"Eu trabalho na Petrobras.", "Agora eu trabalho na Embraer."},
		facts: []string{"Embraer"}, gone: []string{"Petrobras"}, kept: true},
	{name: "english student to employed", steps: []string{
		"I'm a grad student at Purdue.", "I finished my PhD and now work at Intel."},
		facts: []string{"Intel"}, gone: []string{"grad student"}, kept: true,
		known: "\"finished my PhD\" is not read as ending \"is a grad student\""},

	// A device or version someone else owns.
	{name: "wife's laptop is not mine", steps: []string{
		"I use a ThinkPad X1.", "My wife just bought a MacBook Air."},
		facts: []string{"ThinkPad", "MacBook Air"}},
	{name: "son's console", steps: []string{
		"I play on a PS5.", "My son got a Nintendo Switch for his birthday."},
		facts: []string{"PS5", "Switch"}},
	{name: "own phone upgraded after partner's", steps: []string{
		"I have a Pixel 6. || My husband has a Pixel 7.", "I upgraded to a Pixel 8."},
		facts: []string{"Pixel 8", "Pixel 7"}, gone: []string{"Pixel 6"}, kept: true},
	{name: "team's python version vs mine", steps: []string{
		"I use Python 3.10 on my laptop.", "Our CI server runs Python 3.12."},
		facts: []string{"3.10", "3.12"},
		known: "\"our CI server runs Python 3.12\" retires the user's own Python version"},
	{name: "my node version bumped", steps: []string{
		"I use Node 16 for my side project.", "I upgraded my side project to Node 20."},
		facts: []string{"Node 20"}, gone: []string{"Node 16"}, kept: true},

	// "there" pointing at the place the turn before named.
	{name: "moved there", steps: []string{
		"I live in Utrecht.", "My sister lives in Groningen. || I moved there in May to be near her."},
		facts: []string{"Groningen"}, gone: []string{"lives in Utrecht"}, kept: true},
	{name: "work there now", steps: []string{
		"I work at a bakery.", "There's a bookstore on Main Street. || I work there now."},
		facts: []string{"bookstore"}, gone: []string{"works at a bakery"}, kept: true,
		known: "\"work there\" does not take the place the turn before named"},
	{name: "visited there is no move", steps: []string{
		"I live in Tampa.", "My aunt lives in Orlando. || I visited there last weekend."},
		facts: []string{"Tampa"}, never: []string{"User lives in Orlando"}},

	// A number corrected.
	{name: "age corrected", steps: []string{
		"I'm 34.", "Sorry, typo, I'm 43."},
		facts: []string{"43"}, gone: []string{"User is 34"}, kept: true},
	{name: "rent corrected", steps: []string{
		"My rent is $1,200 a month.", "Correction: my rent is $1,500 a month."},
		facts: []string{"1,500"}, gone: []string{"1,200"}, kept: true},
	{name: "apartment floor corrected", steps: []string{
		"I live on the 4th floor.", "Actually it's the 5th floor, not the 4th."},
		facts: []string{"5th floor"}, gone: []string{"4th floor"}, kept: true},
	{name: "hours of sleep corrected", steps: []string{
		"I sleep about 6 hours a night.", "I sleep about 7 hours a night, I said 6 by mistake."},
		facts: []string{"7 hours"}, gone: []string{"6 hours"}, kept: true},

	// A relative's change that must not end the user's fact.
	{name: "dad retired, user still works", steps: []string{
		"I work as an accountant.", "My dad retired from his accounting job."},
		facts: []string{"accountant"}},
	{name: "sister quit smoking", steps: []string{
		"I smoke a pipe.", "My sister quit smoking."},
		facts: []string{"pipe"}},
	{name: "brother stopped the medicine", steps: []string{
		"I take metoprolol.", "My brother stopped taking metoprolol."},
		facts: []string{"takes metoprolol"}},
	{name: "mom moved away", steps: []string{
		"I live in Halifax.", "My mom moved from Halifax to Calgary."},
		facts: []string{"Halifax"}, never: []string{"User lives in Calgary"}},
	{name: "cousin's new school", steps: []string{
		"I study at McGill.", "My cousin transferred to Concordia."},
		facts: []string{"McGill", "Concordia"}},

	// Time-limited states.
	{name: "this week in Lisbon", steps: []string{
		"I live in Madrid.", "This week I'm in Lisbon for a conference."},
		facts: []string{"Madrid", "Lisbon"}},
	{name: "working from home today", steps: []string{
		"I work at the office downtown.", "I'm working from home today."},
		facts: []string{"office downtown"}},
	{name: "staying at parents this month", steps: []string{
		"I live in an apartment in Queens.", "This month I'm staying at my parents' place."},
		facts: []string{"Queens"}},
	{name: "on sick leave until friday", steps: []string{
		"I teach fourth grade.", "I'm on sick leave until Friday."},
		facts: []string{"fourth grade"}},

	// Talk that must not change anything.
	{name: "doctor suggested a med", steps: []string{
		"I take atorvastatin.", "My doctor suggested I might switch to rosuvastatin."},
		facts: []string{"atorvastatin"}, never: []string{"User takes rosuvastatin"}},
	{name: "asked about a job", steps: []string{
		"I work at a pharmacy.", "Should I apply for a job at the hospital?"},
		facts: []string{"pharmacy"}, never: []string{"works at the hospital"}},
	{name: "if I moved", steps: []string{
		"I live in Oslo.", "If I moved to Bergen, would I need a car?"},
		facts: []string{"Oslo"}, never: []string{"lives in Bergen"}},

	// Dedupe: one fact restated.
	{name: "medicine restated", steps: []string{
		"I take vitamin D daily.", "I take vitamin D every day."},
		once: []string{"vitamin D"}},
	{name: "diagnosis restated", steps: []string{
		"I have asthma.", "I've got asthma."},
		once: []string{"asthma"}},
	{name: "french job restated", steps: []string{
		"Je travaille chez Renault.", "Je travaille chez Renault depuis deux ans."},
		once: []string{"Renault"}},
	{name: "city restated with country", steps: []string{
		"I live in Toronto.", "I live in Toronto, Canada."},
		once: []string{"Toronto"}},
	{name: "job restated with article", steps: []string{
		"I'm a pharmacist.", "I work as a pharmacist."},
		once: []string{"pharmacist"}},
	{name: "age restated", steps: []string{
		"I'm 29 years old.", "I am 29."},
		once: []string{"29"}},
	{name: "phone restated", steps: []string{
		"I have an iPhone 14.", "My phone is an iPhone 14."},
		once: []string{"iPhone 14"}},
	{name: "allergy restated", steps: []string{
		"I'm allergic to peanuts.", "I have a peanut allergy."},
		once: []string{"peanut"}},
	{name: "number restated in words", steps: []string{
		"I have 3 cats.", "I have three cats."},
		once: []string{"cats"}},
	{name: "distance restated in miles", steps: []string{
		"I walk 2 miles every morning.", "Every morning I walk 2 miles."},
		once: []string{"miles"}},
	{name: "spanish city restated", steps: []string{
		"Vivo en Sevilla.", "Yo vivo en Sevilla."},
		once: []string{"Sevilla"}},

	// Two values that legitimately coexist.
	{name: "two medicines", steps: []string{
		"I take metformin.", "I also take a statin."},
		facts: []string{"metformin", "statin"}},
	{name: "two jobs", steps: []string{
		"I work at a café on weekdays.", "I also work at a bar on weekends."},
		facts: []string{"café", "bar"}},
	{name: "two homes", steps: []string{
		"I live in Boston during the week.", "I have a cabin in Vermont where I spend weekends."},
		facts: []string{"Boston", "Vermont"}},
	{name: "two languages spoken", steps: []string{
		"I speak Dutch.", "I speak English too."},
		facts: []string{"Dutch", "English"}},
	{name: "two allergies", steps: []string{
		"I'm allergic to cats.", "I'm allergic to shellfish."},
		facts: []string{"cats", "shellfish"}},
	{name: "two diagnoses", steps: []string{
		"I have migraines.", "I was also diagnosed with anemia."},
		facts: []string{"migraine", "anemia"}},

	// Changes said more plainly, for the common case.
	{name: "new doctor", steps: []string{
		"My doctor is Dr. Patel.", "I switched doctors, my doctor is now Dr. Nguyen."},
		facts: []string{"Nguyen"}, gone: []string{"Dr. Patel"}, kept: true},
	{name: "gym days changed", steps: []string{
		"I go to the gym three times a week.", "I go to the gym five times a week now."},
		facts: []string{"five times"}, gone: []string{"three times"}, kept: true},
	{name: "no longer vegan", steps: []string{
		"I'm vegan.", "I'm not vegan anymore, I eat fish now."},
		facts: []string{"fish"}, gone: []string{"User is vegan"}, kept: true},
	{name: "bank switched", steps: []string{
		"I bank with Chase.", "I moved my accounts from Chase to a credit union."},
		facts: []string{"credit union"}, gone: []string{"banks with Chase"}, kept: true},
	{name: "glasses to contacts", steps: []string{
		"I wear glasses.", "I switched to contact lenses."},
		facts: []string{"contact lenses"}, gone: []string{"wears glasses"}, kept: true,
		known: "\"switched to contact lenses\" is not read as ending \"wears glasses\""},
}

// TestSupersedeSeventeenth runs the seventeenth round on fresh engines.
func TestSupersedeSeventeenth(t *testing.T) {
	runScenarios(t, supersedeSeventeenth)
}
