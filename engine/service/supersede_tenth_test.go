package service_test

import "testing"

// supersedeTenth is the tenth round of held-out style probes, written before
// any fix of this round and without reusing the earlier rounds' texts. It
// walks domains the earlier sets barely touch: health and medication, money
// and subscriptions, travel and addresses, family and pets, work changes,
// software preferences, times said relatively, corrections of the agent's
// own wrong summary, retractions, hypotheticals and plans, other people's
// facts beside the user's; and a third of it is dedupe (paraphrase, typo,
// tense, an agent's summary, a list in other order) with near-duplicates
// that are NOT one fact and must both stay. Baseline before this round's
// fixes: 33/54 (21 marked known); after them 40/54 (14 known); 41/54 after the eleventh
// round's (cancelling a subscription gives up the service); 42/54 after the
// twenty-second round's (a team moved to fills the team slot, not a home).
var supersedeTenth = []scenario{
	// Health and medication.
	{name: "statin dose raised", steps: []string{
		"I take 20 mg of atorvastatin daily.", "My doctor bumped my atorvastatin up to 40 mg."},
		facts: []string{"40 mg"}, gone: []string{"20 mg"},
		known: "a dose said by the doctor's doing (\"bumped … up to 40 mg\") has another subject than the user's dose"},
	{name: "antidepressant stopped", steps: []string{
		"I'm on sertraline.", "I stopped taking sertraline in January."},
		gone: []string{"on sertraline"}},
	{name: "allergy discovered", steps: []string{
		"I don't have any food allergies.", "Turns out I'm allergic to peanuts, found out at the clinic last week."},
		facts: []string{"peanuts"}, gone: []string{"food allergies"},
		known: "a new allergy does not end \"does not have any food allergies\""},
	{name: "insulin time moved", steps: []string{
		"I take my insulin at 8pm.", "I take my insulin at 10pm now, my endocrinologist changed it."},
		facts: []string{"10pm"}, gone: []string{"8pm"}},

	// Money and subscriptions.
	{name: "streaming plan upgraded", steps: []string{
		"I'm on the basic Spotify plan.", "I upgraded to Spotify Premium Family."},
		facts: []string{"Premium"}, gone: []string{"basic Spotify"},
		known: "\"upgraded to Spotify Premium\" does not end \"is on the basic Spotify plan\""},
	{name: "service cancelled", steps: []string{
		"I subscribe to Audible.", "I cancelled my Audible subscription, wasn't using it."},
		gone: []string{"subscribes to Audible"}},
	{name: "new salary", steps: []string{
		"I earn 52k a year.", "My salary is 61k now after the review."},
		facts: []string{"61k"}, gone: []string{"52k"},
		known: "\"salary is 61k\" and \"earns 52k a year\" are not read as one slot"},
	{name: "two savings goals both true", steps: []string{
		"I save 200 euros a month for retirement.", "I save 100 euros a month for holidays."},
		facts: []string{"retirement", "holidays"}},

	// Travel and addresses.
	{name: "moved twice", steps: []string{
		"I live in Bristol.", "We moved to Bath in the spring.", "And now we're in Cardiff, new job for my partner."},
		facts: []string{"Cardiff"}, gone: []string{"Bristol", "lives in Bath"},
		known: "\"moved to Bath in the spring\" keeps the time phrase in the place, and \"now we're in Cardiff\" fills no place slot"},
	{name: "a conference stay is not a move", steps: []string{
		"I live in Toronto.", "I'm staying in Montreal for two weeks for a conference."},
		facts: []string{"lives in Toronto"}, never: []string{"lives in Montreal"}},
	{name: "street address changed", steps: []string{
		"My address is 12 Elm Street.", "My new address is 48 Oak Avenue."},
		facts: []string{"48 Oak"}, gone: []string{"12 Elm"}},

	// Family and pets.
	{name: "pet died", steps: []string{
		"I have a rabbit named Pepper.", "Pepper died last month, we buried her in the garden."},
		gone:  []string{"rabbit named Pepper"},
		known: "a pet's death does not end \"has a rabbit named Pepper\""},
	{name: "third child born", steps: []string{
		"I have 2 kids.", "Our third was born yesterday, so we have 3 kids now!"},
		facts: []string{"3 kids"}, gone: []string{"2 kids"}},
	{name: "son moved up a grade", steps: []string{
		"My son is in 3rd grade.", "My son started 4th grade this fall."},
		facts: []string{"4th grade"}, gone: []string{"3rd grade"}},
	{name: "daughter had a birthday", steps: []string{
		"My daughter is 6.", "My daughter just turned 7."},
		facts: []string{"7"}, gone: []string{"daughter is 6"}},

	// Work.
	{name: "promoted to staff", steps: []string{
		"I'm a senior engineer at Atlassian.", "I got promoted to staff engineer!"},
		facts: []string{"staff engineer"}, gone: []string{"senior engineer"}},
	{name: "team change", steps: []string{
		"I'm on the payments team.", "I moved to the search team last month."},
		facts: []string{"search team"}, gone: []string{"payments team"}},
	{name: "manager replaced", steps: []string{
		"My manager is Dana.", "Dana left the company, my new manager is Kofi."},
		facts: []string{"Kofi"}, gone: []string{"manager is Dana"}},
	{name: "quit without a next job", steps: []string{
		"I work at Zalando.", "I quit Zalando, taking a few months off."},
		gone: []string{"works at Zalando"}},
	{name: "freelance on the side", steps: []string{
		"I work at Siemens as an engineer.", "I also freelance as a web designer on weekends."},
		facts: []string{"Siemens", "web designer"}},

	// Software preferences.
	{name: "editor switched", steps: []string{
		"I use Sublime Text for coding.", "I switched to Zed for coding."},
		facts: []string{"Zed"}, gone: []string{"Sublime"},
		known: "\"switched to Zed for coding\" does not end \"uses Sublime Text for coding\""},
	{name: "theme changed", steps: []string{
		"My editor theme is Solarized.", "My editor theme is Dracula now."},
		facts: []string{"Dracula"}, gone: []string{"Solarized"}},
	{name: "shell changed", steps: []string{
		"My shell is bash.", "I moved to fish as my shell."},
		facts: []string{"fish"}, gone: []string{"shell is bash"},
		known: "\"moved to fish as my shell\" is read as a move of home"},
	{name: "both IDEs", steps: []string{
		"I use IntelliJ.", "I use both IntelliJ and VS Code depending on the project."},
		facts: []string{"VS Code", "IntelliJ"}},

	// Times said relatively.
	{name: "remote since last month", steps: []string{
		"I commute to the office every day.", "Since last month I've been working fully remote."},
		facts: []string{"remote"}, gone: []string{"commutes to the office"},
		known: "working remote does not end commuting to the office"},
	{name: "new hours starting Monday", steps: []string{
		"My shift is 9 to 5.", "Starting Monday my shift is 7 to 3."},
		facts: []string{"7 to 3"}},
	{name: "part-time until year end", steps: []string{
		"I'm working part-time until the end of the year."},
		facts: []string{"part-time"}},

	// Corrections of the agent's own wrong summary.
	{name: "agent got the weekday wrong", steps: []string{
		"My physio appointment is on Tuesday.",
		"A: Noted, your physio appointment is on Thursday. || no, I said Tuesday, not Thursday"},
		facts: []string{"physio appointment is on 2025-03-04"}, never: []string{"Thursday", "2025-03-06"}},
	{name: "agent note misspelt a name", steps: []string{
		"note: User's niece is named Ella.", "No, my niece's name is Ellie, not Ella."},
		facts: []string{"Ellie"}, gone: []string{"named Ella"}},

	// Retractions.
	{name: "scratch that on an allergy", steps: []string{
		"I'm allergic to penicillin.", "scratch that, it's amoxicillin I'm allergic to, not penicillin."},
		facts: []string{"amoxicillin"}, gone: []string{"allergic to penicillin"}},
	{name: "forget the marathon", steps: []string{
		"I'm training for a marathon in October.", "Forget what I said about the marathon, I'm not running it."},
		gone:  []string{"training for a marathon"},
		known: "\"forget what I said about the marathon\" retracts nothing"},

	// Hypotheticals and plans must not supersede.
	{name: "might move", steps: []string{
		"I live in Hamburg.", "I might move to Berlin next year."},
		facts: []string{"lives in Hamburg"}, never: []string{"lives in Berlin"}},
	{name: "if I get the job", steps: []string{
		"I work at Bosch.", "If I get the job at Airbus, I'll relocate to Toulouse."},
		facts: []string{"works at Bosch"}, never: []string{"works at Airbus"}},
	{name: "would go vegan", steps: []string{
		"I'm vegetarian.", "I'd go vegan if it were easier to find food."},
		facts: []string{"vegetarian"}, never: []string{"User is vegan"}},

	// Other people's facts beside the user's.
	{name: "brother's city beside mine", steps: []string{
		"I live in Graz.", "My brother lives in Vienna."},
		facts: []string{"lives in Graz", "Vienna"}},
	{name: "son's allergy beside mine", steps: []string{
		"I'm allergic to walnuts.", "My son is allergic to eggs."},
		facts: []string{"walnuts", "eggs"}},
	{name: "husband's car beside mine", steps: []string{
		"I drive a Mini.", "My husband drives a Volvo."},
		facts: []string{"Mini", "Volvo"}},

	// Dedupe: one fact said again.
	{name: "medication paraphrased", steps: []string{
		"I take metformin every morning.", "Every morning I take my metformin."},
		once: []string{"metformin"}},
	{name: "landlord name with a typo", steps: []string{
		"My landlord is Mr. Hendricks.", "my landlord is mr hendriks"},
		once:  []string{"landlord"},
		known: "a name one letter apart is read as another person even under the same slot"},
	{name: "learning in another tense", steps: []string{
		"I'm learning Portuguese.", "I've been learning Portuguese."},
		once: []string{"Portuguese"}},
	{name: "agent summary of a membership", steps: []string{
		"My gym membership costs 35 euros a month.", "note: User's gym membership costs 35 euros per month."},
		once: []string{"gym"}},
	{name: "allergies listed in other order", steps: []string{
		"I'm allergic to penicillin, latex and bee stings.", "I'm allergic to bee stings, latex and penicillin."},
		once: []string{"latex"}},
	{name: "subscription in other words", steps: []string{
		"I pay for YouTube Premium.", "I have a YouTube Premium subscription."},
		once:  []string{"YouTube"},
		known: "\"pays for\" and \"has a … subscription\" are not one fact"},
	{name: "city said with other verbs", steps: []string{
		"I'm based in Glasgow.", "I live in Glasgow."},
		once: []string{"Glasgow"}},
	{name: "rent with a currency sign", steps: []string{
		"My rent is 900 pounds a month.", "My rent is £900 per month."},
		once: []string{"rent"}},
	{name: "preference across sessions in other words", steps: []string{
		"mcp[session=x]: User prefers tabs over spaces.", "mcp[session=y]: Prefers tabs to spaces."},
		once: []string{"tabs"}},
	{name: "cardiologist repeated in a long chat", steps: []string{
		"My cardiologist is Dr. Osei. || A: Good to know. || she's great honestly || A: How often do you see her? || every six months || A: Okay. || yeah Dr. Osei is my cardiologist"},
		once: []string{"Osei"}},
	{name: "agent confirms a supplement", steps: []string{
		"I take vitamin D daily.", "A: Just to confirm, you take vitamin D every day? || correct"},
		once: []string{"vitamin D"}},
	{name: "pet breed restated", steps: []string{
		"Our dog is a border collie.", "We have a border collie."},
		once: []string{"collie"}},

	// Dedupe's look-alikes: two facts, both kept.
	{name: "same dose two people", steps: []string{
		"I take 5 mg of melatonin.", "My wife takes 5 mg of melatonin."},
		facts: []string{"User takes", "wife takes"}},
	{name: "two streaming services", steps: []string{
		"I pay for Disney+.", "I pay for Hulu."},
		facts: []string{"Disney", "Hulu"}},
	{name: "two appointments one date", steps: []string{
		"My dentist appointment is on April 12.", "My dermatologist appointment is on April 12."},
		facts: []string{"dentist", "dermatologist"}},
	{name: "renewed two documents", steps: []string{
		"I renewed my passport in 2021.", "I renewed my driving licence in 2021."},
		facts: []string{"passport", "licence"}},
	{name: "likes and dislikes of one child", steps: []string{
		"My son likes swimming.", "My son doesn't like football."},
		facts: []string{"swimming", "football"}},
}

// TestSupersedeTenth runs the tenth round on fresh engines.
func TestSupersedeTenth(t *testing.T) {
	runScenarios(t, supersedeTenth)
}
