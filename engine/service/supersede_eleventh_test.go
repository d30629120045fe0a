package service_test

import "testing"

// supersedeEleventh is the eleventh round of held-out style probes, written
// before any fix of this round and without reusing the earlier rounds'
// texts. It leans on what the earlier rounds touch least: other people's
// facts changing, quitting and giving up said many ways, quantities and
// dates, plans changed with "instead", preferences reversed, turns of two
// facts of which only one changes, typo corrections, and additions that
// must not retire anything. A fifth of it is dedupe: the same fact in other
// words (one current memory) beside the same words about another subject or
// time (two memories). Every scenario with a stale value also asserts that
// the stale fact is kept in history with its validity window closed, and
// some assert what a default search ranks first. Baseline before this round's
// fixes: 37/64; after them 53/64 (11 marked known); after the
// distilling fixes of super13 62/64; 63/64 once "left Stripe for Intercom"
// restates the ended fact with the new employer.
var supersedeEleventh = []scenario{
	// Other people's facts change.
	{name: "sister retrained", steps: []string{
		"My sister works as a nurse.", "My sister retrained and is a paramedic now."},
		facts: []string{"paramedic"}, gone: []string{"nurse"}, kept: true},
	{name: "friend relocated", steps: []string{
		"Tomás lives in Valencia.", "Tomás relocated to Seville in June."},
		facts: []string{"Seville"}, gone: []string{"Valencia"}, kept: true,
		query: "Where does Tomás live?", top: "Seville"},
	{name: "dad replaced his car", steps: []string{
		"My dad drives a Toyota Corolla.", "My dad sold his Corolla and bought a Honda Civic."},
		facts: []string{"Civic"}, gone: []string{"Corolla"}, kept: true},
	{name: "mother's birthday", steps: []string{
		"My mom is 64.", "My mom turned 65 last week."},
		facts: []string{"65"}, gone: []string{"mom is 64"}, kept: true},
	{name: "son changed jobs", steps: []string{
		"My wife is a teacher and my son is a chef.", "My son quit cooking and became a pilot."},
		facts: []string{"teacher", "pilot"}, gone: []string{"chef"}, kept: true},

	// Negation: quitting, giving up, no longer.
	{name: "quit smoking", steps: []string{
		"I smoke about ten cigarettes a day.", "I quit smoking three months ago."},
		gone: []string{"cigarettes a day"}, kept: true},
	{name: "gave up coffee", steps: []string{
		"I drink coffee every morning.", "I gave up coffee for Lent and never went back."},
		gone: []string{"coffee every morning"}, kept: true},
	{name: "no longer playing football", steps: []string{
		"I play in a five-a-side football league.", "I'm no longer playing football, my knee is shot."},
		gone: []string{"football league"}, kept: true},
	{name: "stopped volunteering", steps: []string{
		"I volunteer at the food bank on Saturdays.", "I stopped volunteering at the food bank."},
		gone: []string{"volunteers at the food bank"}, kept: true},
	{name: "no netflix anymore", steps: []string{
		"I have a Netflix account.", "I don't have Netflix anymore."},
		gone: []string{"Netflix account"}, kept: true},
	{name: "broke up", steps: []string{
		"I'm dating someone named Chris.", "Chris and I broke up."},
		gone: []string{"dating"}, kept: true},

	// Quantities and dates.
	{name: "weekly distance up", steps: []string{
		"I run 20 km a week.", "I'm up to 35 km a week now."},
		facts: []string{"35 km"}, gone: []string{"20 km"}, kept: true},
	{name: "odometer", steps: []string{
		"My car has 80,000 miles on it.", "My car just passed 95,000 miles."},
		facts: []string{"95,000"}, gone: []string{"80,000"}, kept: true},
	{name: "wedding date moved", steps: []string{
		"Our wedding is on June 14.", "We moved the wedding to September 6."},
		facts: []string{"wedding"}, gone: []string{"June 14", "06-14"}, kept: true,
		query: "When is the wedding?", top: "09-06"},
	{name: "weight down", steps: []string{
		"I weigh 82 kg.", "I'm down to 76 kg."},
		facts: []string{"76 kg"}, gone: []string{"82 kg"}, kept: true},
	{name: "a cat died", steps: []string{
		"I have 3 cats.", "One of our cats passed away, so we have 2 cats now."},
		facts: []string{"2 cats"}, gone: []string{"3 cats"}, kept: true},
	{name: "lesson day moved", steps: []string{
		"My daughter's piano lessons are on Wednesdays.", "My daughter's piano lessons moved to Thursdays."},
		facts: []string{"Thursday"}, gone: []string{"Wednesday"}, kept: true},
	{name: "standup time", steps: []string{
		"Our standup is at 9:30.", "Standup is at 10:15 from now on."},
		facts: []string{"10:15"}, gone: []string{"9:30"}, kept: true,
		query: "What time is standup?", top: "10:15"},
	{name: "headcount grew", steps: []string{
		"Our company has 40 employees.", "Our company has grown to 55 employees."},
		facts: []string{"55"}, gone: []string{"40 employees"}, kept: true},

	// Plans changed.
	{name: "easter trip changed", steps: []string{
		"We're flying to Rome for Easter.", "We're driving to Provence for Easter instead of flying to Rome."},
		facts: []string{"Provence"}, gone: []string{"Rome"}, kept: true},
	{name: "study choice changed", steps: []string{
		"I'm going to study computer science at university.", "I decided to study economics instead of computer science."},
		facts: []string{"economics"}, gone: []string{"computer science"}, kept: true},
	{name: "paint colour changed", steps: []string{
		"We're planning to paint the kitchen blue.", "We'll paint the kitchen green instead."},
		facts: []string{"green"}, gone: []string{"blue"}, kept: true,
		known: "a plan (\"planning to paint the kitchen blue\") fills no slot, and a bare \"instead\" swaps only capitalised names"},
	{name: "train to car", steps: []string{
		"I'm taking the train to the conference.", "I'm renting a car for the conference instead of taking the train."},
		facts: []string{"car"}, gone: []string{"train"}, kept: true},
	{name: "host changed", steps: []string{
		"I'm hosting Thanksgiving this year.", "My brother is hosting Thanksgiving instead of me."},
		facts: []string{"brother"}, gone: []string{"hosting Thanksgiving"}, kept: true},

	// Preferences reversed.
	{name: "came around on olives", steps: []string{
		"I hate olives.", "I've actually come around on olives, I like them now."},
		facts: []string{"olives"}, gone: []string{"hates olives"}, kept: true},
	{name: "aisle over window", steps: []string{
		"I prefer window seats on flights.", "These days I prefer aisle seats."},
		facts: []string{"aisle"}, gone: []string{"window"}, kept: true,
		query: "Which seat does the user prefer?", top: "aisle"},
	{name: "horror no more", steps: []string{
		"I love horror movies.", "I can't stand horror movies anymore since having kids."},
		gone: []string{"loves horror movies"}, kept: true},
	{name: "favourite colour changed", steps: []string{
		"My favourite colour is green.", "My favourite colour is purple now."},
		facts: []string{"purple"}, gone: []string{"green"}, kept: true},
	{name: "coffee with milk now", steps: []string{
		"I drink my coffee black.", "I take milk in my coffee now."},
		facts: []string{"milk"}, gone: []string{"black"}, kept: true},
	{name: "back to light mode", steps: []string{
		"I prefer dark mode.", "I switched back to light mode, it's easier on my eyes."},
		facts: []string{"light mode"}, gone: []string{"dark mode"}, kept: true},

	// Turns of two facts of which only one changes.
	{name: "same city new employer", steps: []string{
		"I live in Dublin and work at Stripe.", "I'm still in Dublin but I left Stripe for Intercom."},
		facts: []string{"Dublin", "Intercom"}, gone: []string{"works at Stripe"}, kept: true,
		query: "Where does the user work?", top: "Intercom"},
	{name: "birthday keeps the rest", steps: []string{
		"I'm 34, married, and have a golden retriever.", "I'm 35 now."},
		facts: []string{"35", "married", "golden retriever"}, gone: []string{"34"}, kept: true},
	{name: "sold one vehicle of two", steps: []string{
		"I drive a Kia and ride a Vespa.", "I sold the Vespa."},
		facts: []string{"Kia"}, gone: []string{"Vespa"}, kept: true},

	// Typo corrections.
	{name: "pet name typo", steps: []string{
		"My cat is named Mitens.", "Sorry, typo: it's Mittens, not Mitens."},
		facts: []string{"Mittens"}, gone: []string{"Mitens"}, kept: true},
	{name: "employer typo", steps: []string{
		"I work at Shopfiy.", "I meant Shopify, not Shopfiy."},
		facts: []string{"Shopify"}, gone: []string{"Shopfiy"}, kept: true},
	{name: "son's name autocorrected", steps: []string{
		"My son's name is Jaxon.", "*Jackson, autocorrect got me."},
		facts: []string{"Jackson"}, gone: []string{"Jaxon"}, kept: true},

	// Additions must not retire anything.
	{name: "a second pet", steps: []string{
		"I have a parrot.", "I also have a tortoise."},
		facts: []string{"parrot", "tortoise"}},
	{name: "a second language", steps: []string{
		"I speak Spanish.", "I'm learning Japanese too."},
		facts: []string{"Spanish", "Japanese"}},
	{name: "a second instrument", steps: []string{
		"I play the guitar.", "I've started playing the drums as well."},
		facts: []string{"guitar", "drums"}},
	{name: "the other child plays too", steps: []string{
		"My daughter plays tennis.", "My son plays tennis too."},
		facts: []string{"daughter", "son plays"}},
	{name: "a second allergy", steps: []string{
		"I'm allergic to cats.", "I'm also allergic to dust mites."},
		facts: []string{"allergic to cats", "dust mites"}},
	{name: "a summer cabin is not a home", steps: []string{
		"I live in Oslo.", "I have a summer cabin in Bergen."},
		facts: []string{"lives in Oslo", "Bergen"}, never: []string{"lives in Bergen"}},
	{name: "wife at the same employer", steps: []string{
		"I work at Philips.", "My wife works at Philips too."},
		facts: []string{"User works at Philips", "wife works at Philips"}},
	{name: "a second visit", steps: []string{
		"I visited Japan in 2019.", "I visited Japan again in 2023."},
		facts: []string{"2019", "2023"}},
	{name: "a daydream is no career change", steps: []string{
		"I work as an accountant.", "Sometimes I think about becoming a teacher."},
		facts: []string{"accountant"}, never: []string{"User is a teacher"}},
	{name: "a question is no move", steps: []string{
		"I live in Madrid.", "Should I move to Barcelona?"},
		facts: []string{"lives in Madrid"}, never: []string{"lives in Barcelona"}},
	{name: "a roommate's quitting is not mine", steps: []string{
		"I work at Nike.", "My roommate just quit Nike."},
		facts: []string{"User works at Nike"}},

	// Dedupe: one fact said again in other words.
	{name: "sister named both ways", steps: []string{
		"I have a sister called Nadia.", "My sister's name is Nadia."},
		once: []string{"Nadia"}},
	{name: "job with and without works", steps: []string{
		"I work as a software developer at Klarna.", "I'm a software developer at Klarna."},
		once: []string{"Klarna"}},
	{name: "swimming reordered", steps: []string{
		"I go swimming twice a week.", "Twice a week I go swimming."},
		once: []string{"swimming"}},
	{name: "favourite band both spellings", steps: []string{
		"My favourite band is Radiohead.", "Radiohead is my favorite band."},
		once: []string{"Radiohead"}},
	{name: "roommates in digits and words", steps: []string{
		"I live with two roommates.", "I live with 2 roommates."},
		once: []string{"roommates"}},
	{name: "bike commute noted by the agent", steps: []string{
		"I commute by bike.", "note: User commutes by bike."},
		once: []string{"bike"}},
	{name: "reading said in chat shorthand", steps: []string{
		"I'm reading Dune right now.", "im reading dune rn"},
		once: []string{"Dune"}},
	{name: "username in lower case", steps: []string{
		"My GitHub username is octo-dev.", "my github username is octo-dev"},
		once: []string{"octo-dev"}},
	{name: "languages reordered", steps: []string{
		"I'm fluent in French and German.", "I'm fluent in German and French."},
		once: []string{"German"}},
	{name: "agent confirms a commute", steps: []string{
		"I take the 7:40 bus to work.", "A: So you catch the 7:40 bus to work? || yep"},
		once: []string{"7:40"}},
	{name: "start year in another tense", steps: []string{
		"I started working at Adyen in 2022.", "I've been working at Adyen since 2022."},
		once: []string{"Adyen"}},
	{name: "same fact across two MCP sessions", steps: []string{
		"mcp[session=a]: User's preferred test runner is pytest.", "mcp[session=b]: User prefers pytest as the test runner."},
		once: []string{"pytest"}},

	// Dedupe's look-alikes: the same words about another subject or time.
	{name: "violin son and daughter", steps: []string{
		"My son plays the violin.", "My daughter plays the violin."},
		facts: []string{"son plays", "daughter plays"}},
	{name: "two trips to one city", steps: []string{
		"I went to Paris in 2018.", "I went to Paris in 2022."},
		facts: []string{"2018", "2022"}},
	{name: "sister and sister-in-law", steps: []string{
		"My sister lives in Boston.", "My sister-in-law lives in Boston."},
		facts: []string{"sister lives", "sister-in-law"}},
	{name: "two half marathons", steps: []string{
		"I ran the Berlin half marathon.", "I ran the Prague half marathon."},
		facts: []string{"Berlin", "Prague"}},
	{name: "a person and her mother", steps: []string{
		"Ana is a lawyer.", "Ana's mother is a lawyer."},
		facts: []string{"Ana is a lawyer", "mother is a lawyer"}},
}

// TestSupersedeEleventh runs the eleventh round on fresh engines.
func TestSupersedeEleventh(t *testing.T) {
	runScenarios(t, supersedeEleventh)
}
