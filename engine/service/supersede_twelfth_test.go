package service_test

import "testing"

// supersedeTwelfth is the twelfth round of held-out style probes, written
// before any fix of this round and without reusing the earlier rounds'
// texts. Its new kinds: facts an assistant's summary states back, updates
// spread over several short turns, changes dated relatively ("since last
// spring"), counts that change, roles and titles, relationships, ownership
// ended, preferences negated, and turns that must NOT supersede (another
// person's fact, a hypothetical, a question, a story about the past). A
// quarter is dedupe across paraphrase, word order, tense, abbreviation and
// an agent's read-back, beside look-alikes that are two facts. Every
// scenario with a stale value asserts the stale fact is kept in history
// with its validity window closed. Baseline before this round's fixes:
// 35/69; after them 55/69 (14 marked known); 56/69 after the thirteenth round's
// (a unit written out is written short: "six feet" is "6 ft").
var supersedeTwelfth = []scenario{
	// An assistant's summary states the change, the user confirms.
	{name: "agent reads back a move", steps: []string{
		"I live in Chicago.", "A: Got it — you moved to Denver? || Yep, as of last month."},
		facts: []string{"Denver"}, gone: []string{"Chicago"}, kept: true,
		query: "Where does the user live?", top: "Denver"},
	{name: "agent congratulates a new job", steps: []string{
		"I work at Oracle.", "I just started at Datadog. || A: Congrats — so you're at Datadog now."},
		facts: []string{"Datadog"}, gone: []string{"Oracle"}, kept: true},
	{name: "agent notes a new dentist", steps: []string{
		"My dentist is Dr. Patel.", "A: Noted, your new dentist is Dr. Huang. || right"},
		facts: []string{"Huang"}, gone: []string{"Patel"}, kept: true},

	// Updates spread over two or three short turns.
	{name: "news then move then city", steps: []string{
		"I live in Chicago.", "I have news. || We moved! || to Denver, two weeks ago"},
		facts: []string{"Denver"}, gone: []string{"Chicago"}, kept: true},
	{name: "new phone over three turns", steps: []string{
		"My phone is a Pixel 6.", "Guess what? || New phone! || Got an iPhone 15."},
		facts: []string{"iPhone 15"}, gone: []string{"Pixel 6"}, kept: true,
		known: "\"got an iPhone 15\" after \"New phone!\" does not end \"User's phone is a Pixel 6\", which reads as a version of \"Pixel\""},
	{name: "quit then landed", steps: []string{
		"I work at Accenture.", "Big change at work. || I quit Accenture. || I'm at Deloitte now."},
		facts: []string{"Deloitte"}, gone: []string{"works at Accenture"}, kept: true},

	// Changes dated relatively.
	{name: "vegan since last spring", steps: []string{
		"I eat meat.", "Since last spring I've been vegan."},
		facts: []string{"vegan"}, gone: []string{"eats meat"}, kept: true},
	{name: "remote for two months", steps: []string{
		"I work from the office every day.", "For the past two months I've been working from home."},
		facts: []string{"from home"}, gone: []string{"office every day"}, kept: true},
	{name: "gym day since january", steps: []string{
		"I go to the gym on Mondays.", "Since January I've been going to the gym on Fridays."},
		facts: []string{"Friday"}, gone: []string{"Monday"}, kept: true,
		known: "the day of a habit (\"on Fridays\") is no part of its slot, so going on Fridays does not end going on Mondays"},
	{name: "sleep lately", steps: []string{
		"I sleep about 6 hours a night.", "Lately I've been getting 8 hours of sleep."},
		facts: []string{"8 hours"}, gone: []string{"6 hours"}, kept: true,
		known: "\"getting 8 hours of sleep\" and \"sleeps about 6 hours a night\" are not read as one amount"},

	// Counts that change.
	{name: "third child born", steps: []string{
		"We have two kids.", "Our third was born on Tuesday!"},
		gone: []string{"two kids"}, kept: true,
		known: "a birth (\"our third was born\") does not change the count of \"two kids\""},
	{name: "another cat adopted", steps: []string{
		"I have two cats.", "We adopted another cat, so three now."},
		facts: []string{"three"}, gone: []string{"two cats"}, kept: true,
		known: "\"so three now\" after adopting another cat is not read as a count of cats"},
	{name: "guitars down by one", steps: []string{
		"I own 4 guitars.", "Sold one of my guitars, down to 3."},
		facts: []string{"3"}, gone: []string{"4 guitars"}, kept: true,
		known: "\"down to 3\" takes its unit from \"one of my guitars\", which is not read"},
	{name: "team shrank", steps: []string{
		"Our team has 6 engineers.", "Two engineers left, so the team is 4 people now."},
		facts: []string{"4 people"}, gone: []string{"6 engineers"}, kept: true,
		known: "\"the team is 4 people\" and \"User's team has 6 engineers\" count in other units, of another subject"},
	{name: "houseplants up", steps: []string{
		"I have 12 houseplants.", "I'm up to 15 houseplants."},
		facts: []string{"15"}, gone: []string{"12 houseplants"}, kept: true},

	// Roles and titles.
	{name: "promoted to staff", steps: []string{
		"I'm a senior engineer at Atlassian.", "I got promoted to staff engineer!"},
		facts: []string{"staff engineer"}, gone: []string{"senior engineer"}, kept: true,
		query: "What is the user's job title?", top: "staff engineer",
		known: "a default search for the job title ranks \"works at Atlassian\" over \"works as a staff engineer\""},
	{name: "assistant professor now", steps: []string{
		"I'm a teaching assistant.", "I'm now an assistant professor."},
		facts: []string{"assistant professor"}, gone: []string{"teaching assistant"}, kept: true},
	{name: "wife made head nurse", steps: []string{
		"My wife is a nurse.", "My wife was promoted to head nurse."},
		facts: []string{"head nurse"}, gone: []string{"wife is a nurse"}, kept: true},
	{name: "stepped down as treasurer", steps: []string{
		"I'm the treasurer of our book club.", "I stepped down as treasurer of the book club."},
		gone: []string{"is the treasurer"}, kept: true},

	// Relationships.
	{name: "divorced", steps: []string{
		"I'm married.", "My wife and I divorced last year."},
		facts: []string{"divorced"}, gone: []string{"is married"}, kept: true},
	{name: "no longer single", steps: []string{
		"I'm single.", "I've been seeing someone since March."},
		gone: []string{"is single"}, kept: true},
	{name: "new best friend", steps: []string{
		"My best friend is Jake.", "Jake and I had a falling out; Priya is my best friend now."},
		facts: []string{"Priya"}, gone: []string{"best friend is Jake"}, kept: true},
	{name: "engaged then married", steps: []string{
		"I'm engaged to Sam.", "Sam and I got married in May."},
		facts: []string{"married"}, gone: []string{"engaged"}, kept: true},

	// Ownership ended.
	{name: "sold my car", steps: []string{
		"I drive a Mazda 3.", "I sold my car last week."},
		gone: []string{"Mazda"}, kept: true},
	{name: "sold the boat", steps: []string{
		"I have a boat.", "We finally sold the boat."},
		gone: []string{"has a boat"}, kept: true},
	{name: "renting to owning", steps: []string{
		"I rent an apartment in Leeds.", "We bought a house in Leeds."},
		facts: []string{"house"}, gone: []string{"rents an apartment"}, kept: true},
	{name: "console given away", steps: []string{
		"I own a Nintendo Switch.", "I gave my Nintendo Switch to my nephew."},
		gone: []string{"owns a Nintendo Switch"}, kept: true},

	// Preferences negated.
	{name: "no coffee anymore", steps: []string{
		"I drink coffee.", "I don't drink coffee anymore."},
		gone: []string{"drinks coffee"}, kept: true},
	{name: "spicy food no more", steps: []string{
		"I love spicy food.", "I can't handle spicy food these days."},
		gone: []string{"loves spicy food"}, kept: true},
	{name: "not into jazz anymore", steps: []string{
		"I like jazz.", "I'm not into jazz anymore."},
		gone: []string{"likes jazz"}, kept: true},
	{name: "facebook deleted", steps: []string{
		"I use Facebook.", "I deleted my Facebook account."},
		gone: []string{"uses Facebook"}, kept: true},
	{name: "tabs dropped", steps: []string{
		"I prefer tabs for indentation.", "I don't use tabs anymore, spaces only."},
		facts: []string{"spaces"}, gone: []string{"prefers tabs"}, kept: true},

	// Plans, dates and values changed.
	{name: "trip with a bare instead", steps: []string{
		"We're going to Crete in July.", "Actually we're going to Sicily instead."},
		facts: []string{"Sicily"}, gone: []string{"Crete"}, kept: true},
	{name: "flight moved", steps: []string{
		"My flight is on Friday.", "My flight got moved to Sunday."},
		facts: []string{"03-09"}, gone: []string{"03-07"}, kept: true},
	{name: "email changed", steps: []string{
		"My email is ana@oldmail.com.", "New email: ana@newmail.io"},
		facts: []string{"ana@newmail.io"}, gone: []string{"ana@oldmail.com"}, kept: true},
	{name: "rent went up", steps: []string{
		"My rent is $1,800 a month.", "My rent went up to $2,050."},
		facts: []string{"2,050"}, gone: []string{"1,800"}, kept: true},
	{name: "next book", steps: []string{
		"I'm reading Dune.", "Finished Dune, now reading Hyperion."},
		facts: []string{"Hyperion"}, gone: []string{"reading Dune"}, kept: true},
	{name: "report to someone else", steps: []string{
		"My manager is Priya.", "I report to Daniel now."},
		facts: []string{"Daniel"}, gone: []string{"manager is Priya"}, kept: true},
	{name: "language dropped for another", steps: []string{
		"I'm learning Spanish.", "I dropped Spanish and picked up Italian."},
		facts: []string{"Italian"}, gone: []string{"learning Spanish"}, kept: true},
	{name: "moved over to a mac", steps: []string{
		"I use Windows.", "I moved over to a Mac."},
		facts: []string{"Mac"}, gone: []string{"uses Windows"}, kept: true,
		known: "\"moved over to a Mac\" is not read as a switch of computer"},

	// Turns that must not supersede.
	{name: "a friend's move is not mine", steps: []string{
		"I live in Denver.", "My friend Ola just moved to Austin."},
		facts: []string{"lives in Denver", "Austin"}, never: []string{"User lives in Austin"}},
	{name: "a brother's new job is not mine", steps: []string{
		"I work at Google.", "My brother got a job at Meta."},
		facts: []string{"works at Google", "Meta"}},
	{name: "a hypothetical move", steps: []string{
		"I live in Boston.", "If I moved to Denver, I'd need a car."},
		facts: []string{"lives in Boston"}, never: []string{"lives in Denver", "User moved to Denver"}},
	{name: "a hypothetical diet", steps: []string{
		"I'm a vegetarian.", "If I ever stopped being vegetarian, I'd start with sushi."},
		facts: []string{"is a vegetarian"}},
	{name: "a question about a job", steps: []string{
		"I work at Fidelity.", "Do you think I should take the job at Vanguard?"},
		facts: []string{"works at Fidelity"}, never: []string{"works at Vanguard"}},
	{name: "a question about a car", steps: []string{
		"I drive a Subaru.", "Would a Tesla be a better car for me?"},
		facts: []string{"Subaru"}, never: []string{"drives a Tesla"}},
	{name: "a childhood home", steps: []string{
		"I live in Portland.", "When I was a kid I lived in Phoenix."},
		facts: []string{"lives in Portland"}, never: []string{"User lives in Phoenix"}},
	{name: "a past job told as a story", steps: []string{
		"I work as a pharmacist.", "Years ago I worked as a bartender."},
		facts: []string{"pharmacist"}, never: []string{"works as a bartender"}},
	{name: "a mother's wish is no move", steps: []string{
		"I live in Leeds.", "My mom keeps asking me to move to York."},
		facts: []string{"lives in Leeds"}, never: []string{"lives in York"}},
	{name: "a move called off", steps: []string{
		"I live in Boston.", "I'm not moving to Denver after all."},
		facts: []string{"lives in Boston"}, never: []string{"lives in Denver"}},
	{name: "a neighbour's dog", steps: []string{
		"I have a cat.", "My neighbour has a dog."},
		facts: []string{"has a cat", "dog"}},

	// Dedupe: one fact said again in other words.
	{name: "city abbreviated", steps: []string{
		"I live in NYC.", "I live in New York City."},
		once: []string{"lives"}},
	{name: "LA spelled out", steps: []string{
		"I work in LA.", "I work in Los Angeles."},
		once:  []string{"work"},
		known: "an initialism (\"LA\") and the name it stands for are not read as one"},
	{name: "doctorate said two ways", steps: []string{
		"I have a PhD in chemistry.", "I've got a doctorate in chemistry."},
		once:  []string{"chemistry"},
		known: "\"PhD\" and \"doctorate\" are not read as one thing"},
	{name: "grandma call reordered", steps: []string{
		"On Sundays I call my grandma.", "I call my grandma on Sundays."},
		once: []string{"grandma"}},
	{name: "married years in digits", steps: []string{
		"I've been married for ten years.", "I have been married for 10 years."},
		once: []string{"married"}},
	{name: "wife's job reworded", steps: []string{
		"My wife Elena is a dentist.", "Elena, my wife, works as a dentist."},
		once:  []string{"dentist"},
		known: "a name in apposition (\"Elena, my wife,\") is not read as the name before the kin word"},
	{name: "allergy as a noun", steps: []string{
		"I'm allergic to penicillin.", "I have a penicillin allergy."},
		once: []string{"penicillin"}},
	{name: "birthday date format", steps: []string{
		"My birthday is March 3.", "My birthday is on the 3rd of March."},
		once: []string{"birthday"}},
	{name: "car make abbreviated", steps: []string{
		"I drive a VW Golf.", "I drive a Volkswagen Golf."},
		once:  []string{"Golf"},
		known: "a make's short form (\"VW\") and its full name are not read as one"},
	{name: "agent reads back a count", steps: []string{
		"I have two dogs.", "A: So you have 2 dogs, right? || yes"},
		once: []string{"dogs"}},
	{name: "remote both ways", steps: []string{
		"I work remotely.", "I work remote."},
		once: []string{"remote"}},
	{name: "move echoed by the agent", steps: []string{
		"We moved to Tucson. || A: Got it — you moved to Tucson."},
		once: []string{"Tucson"}},
	{name: "height in words", steps: []string{
		"I'm 6 ft tall.", "I'm six feet tall."},
		once: []string{"tall"}},
	{name: "daughter's name reordered", steps: []string{
		"My daughter is called Zoe.", "Zoe is my daughter's name."},
		once: []string{"Zoe"}},
	{name: "job past and present tense", steps: []string{
		"I've worked at Siemens since 2019.", "I work at Siemens, since 2019."},
		once: []string{"Siemens"}},

	// Dedupe's look-alikes: two facts that must both stay.
	{name: "brother and I in one city", steps: []string{
		"My brother lives in Lyon.", "I live in Lyon."},
		facts: []string{"brother lives", "User lives"}},
	{name: "two meetings", steps: []string{
		"I have a meeting Monday at 10.", "I have a meeting Tuesday at 10."},
		facts: []string{"03-03", "03-04"}},
	{name: "two vitamins", steps: []string{
		"I take vitamin D.", "I take vitamin B12."},
		facts: []string{"vitamin D", "B12"}},
}

// TestSupersedeTwelfth runs the twelfth round on fresh engines.
func TestSupersedeTwelfth(t *testing.T) {
	runScenarios(t, supersedeTwelfth)
}
