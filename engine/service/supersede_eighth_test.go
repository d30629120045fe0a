package service_test

import "testing"

// supersedeEighth is the eighth round of held-out style probes, written
// before any fix of this round and without reusing the earlier rounds'
// texts. It leans on what a demanding user of a memory service does: a
// change that arrives a few turns into a later conversation and only
// indirectly, an agent's summary of a change, numbers and quantities,
// dates and schedules, people and renamed things, negations, one value of
// two changing, lists losing a member; then what must not supersede (two
// people, a plan beside the current state, someone else's opinion, a
// question, sarcasm) and dedupe (other words, typos, another tense, a
// reordered list, an exact repeat, a more specific restatement).
var supersedeEighth = []scenario{
	// A change a few turns into a later conversation, said indirectly.
	{name: "ended up going with another host", steps: []string{
		"We host the backend on Heroku.",
		"A: Did you finish comparing hosting providers? || yeah, we ended up going with Fly instead. migration is done"},
		facts: []string{"Fly"}, gone: []string{"Heroku"},
		known: "\"ended up going with Fly instead\" fills no slot: the decision words of an indirect change are not read as a switch of host"},
	{name: "new job told in reply to a question", steps: []string{
		"I'm a cashier at Lidl.",
		"A: How's work going these days? || A: Still at Lidl? || nope, quit last month. I'm a barista at a café downtown now"},
		facts: []string{"barista"}, gone: []string{"Lidl"}},
	{name: "ci vendor changed in a reply", steps: []string{
		"Our CI runs on CircleCI.",
		"A: Are you still on CircleCI for builds? || no, we moved everything to Buildkite in the spring"},
		facts: []string{"Buildkite"}, gone: []string{"CircleCI"},
		known: "\"moved everything to Buildkite\" names no slot of its own; the assistant's question that names CircleCI is not joined to the reply"},
	{name: "change at the end of a long chat", steps: []string{
		"I live in Utrecht.",
		"A: What are you up to this weekend? || mostly unpacking tbh || A: Unpacking? || yeah we moved to Rotterdam on Thursday"},
		facts: []string{"Rotterdam"}, gone: []string{"Utrecht"}},

	// An agent's summary states the change.
	{name: "agent note switched browser", steps: []string{
		"note: User uses Firefox as their main browser.", "note: User switched to Brave as their main browser."},
		facts: []string{"Brave"}, gone: []string{"Firefox"},
		known: "\"switched to Brave as their main browser\" with a purpose after the new value fills no switch slot"},
	{name: "agent note new employer", steps: []string{
		"note: User works at Capgemini as a consultant.", "note: User left Capgemini and now works at Accenture."},
		facts: []string{"Accenture"}, gone: []string{"works at Capgemini"}},
	{name: "agent note grocery budget", steps: []string{
		"note: User's monthly grocery budget is 400 dollars.", "note: User's monthly grocery budget is now 550 dollars."},
		facts: []string{"550"}, gone: []string{"400 dollars"}},

	// Numbers and quantities.
	{name: "salary raised", steps: []string{
		"My salary is $85,000 a year.", "Got a raise! My salary is $97,000 now."},
		facts: []string{"97,000"}, gone: []string{"85,000"}},
	{name: "rent went up", steps: []string{
		"Our rent is 1,450 euros a month.", "The landlord raised our rent to 1,600 euros a month."},
		facts: []string{"1,600"}, gone: []string{"1,450"}},
	{name: "weight dropped", steps: []string{
		"I weigh 82 kg.", "I weigh 76 kg now after cutting sugar."},
		facts: []string{"76 kg"}, gone: []string{"82 kg"}},
	{name: "shoe size corrected", steps: []string{
		"My shoe size is 42.", "My shoe size is 43, not 42, I measured again."},
		facts: []string{"43"}, gone: []string{"size is 42"}},
	{name: "third child", steps: []string{
		"We have two kids.", "We have three kids now, our son was born in June."},
		facts: []string{"three kids"}, gone: []string{"two kids"}},
	{name: "team shrank", steps: []string{
		"Our team is 12 people.", "After the reorg our team is down to 8 people."},
		facts: []string{"8 people"}, gone: []string{"12 people"}},
	{name: "runs per week", steps: []string{
		"I run 3 times a week.", "I run 5 times a week now."},
		facts: []string{"5 times"}, gone: []string{"3 times"}},
	{name: "hours cut", steps: []string{
		"I work 40 hours a week.", "I cut down to 32 hours a week."},
		facts: []string{"32 hours"}, gone: []string{"40 hours"}},

	// Dates and schedules.
	{name: "review meeting moved", steps: []string{
		"The quarterly review is on April 8.", "The quarterly review was moved to April 15."},
		facts: []string{"2025-04-15"}, gone: []string{"April 8", "2025-04-08"}},
	{name: "son's birthday corrected", steps: []string{
		"My son's birthday is July 9.", "Oops, my son's birthday is June 9, I mixed up the months."},
		facts: []string{"June"}, gone: []string{"July"}},
	{name: "standup time moved", steps: []string{
		"Standup is at 9:30 every day.", "Standup moved to 10:15 starting this week."},
		facts: []string{"10:15"}, gone: []string{"9:30"}},
	{name: "lesson day changed", steps: []string{
		"My piano lesson is on Wednesdays.", "My piano lesson is on Fridays now."},
		facts: []string{"Friday"}, gone: []string{"Wednesday"}},

	// People, relationships and renamed things.
	{name: "new partner", steps: []string{
		"My girlfriend is Hannah.", "Hannah and I broke up a while ago. My girlfriend is Jules now."},
		facts: []string{"Jules"}, gone: []string{"girlfriend is Hannah"}},
	{name: "friend joined a company alone", steps: []string{
		"My friend Omar joined Meta."},
		facts: []string{"Omar", "Meta"}},
	{name: "friend joined another company", steps: []string{
		"My friend Omar works at Oracle.", "Omar joined Meta last month."},
		facts: []string{"Meta"}, gone: []string{"Oracle"},
		known: "\"Omar joined Meta last month\" gives no fact and does not end \"works at Oracle\""},
	{name: "repo renamed", steps: []string{
		"Our main repo is called atlas-api.", "We renamed the atlas-api repo to orbit-api."},
		facts: []string{"orbit-api"}, gone: []string{"called atlas-api"}},
	{name: "project renamed", steps: []string{
		"I'm leading Project Falcon.", "Project Falcon got renamed to Project Kestrel."},
		facts: []string{"Kestrel"}, gone: []string{"leading Project Falcon"},
		known: "\"got renamed to\" gives no fact and does not end the old name"},
	{name: "single then engaged", steps: []string{
		"I'm single.", "I got engaged to Sam last weekend!"},
		facts: []string{"engaged"}, gone: []string{"User is single"}},

	// Negations.
	{name: "no coffee anymore", steps: []string{
		"I drink coffee every morning.", "I don't drink coffee anymore, it's green tea now."},
		facts: []string{"green tea"}, gone: []string{"drinks coffee"}},
	{name: "no longer on call", steps: []string{
		"I'm on call this week.", "I'm no longer on call."},
		gone:  []string{"User is on call"},
		known: "\"on call this week\" is stored as an event, which \"no longer on call\" does not end"},
	{name: "quit smoking", steps: []string{
		"I smoke.", "I quit smoking in January."},
		gone: []string{"User smokes"}},
	{name: "stepped down as manager", steps: []string{
		"I manage a team of five.", "I stepped down from managing, I'm an individual contributor again."},
		facts: []string{"individual contributor"}, gone: []string{"manages a team"}},

	// Partial updates and lists.
	{name: "one of two settings changes", steps: []string{
		"The API has 2 replicas and 4 GB of memory.", "We bumped the API to 6 replicas."},
		facts: []string{"6 replicas", "4 GB"}, gone: []string{"2 replicas"},
		known: "\"The API has 2 replicas and 4 GB of memory\" gives no fact"},
	{name: "language dropped from a list", steps: []string{
		"My languages are Go and Rust.", "I dropped Rust, it's only Go for me now."},
		facts: []string{"Go"}, gone: []string{"Rust"},
		known: "\"dropped Rust\" does not take one member out of the list \"languages are Go and Rust\""},
	{name: "language added to a list", steps: []string{
		"I speak English and Spanish.", "I also picked up Portuguese this year."},
		facts: []string{"Spanish", "Portuguese"}},

	// Look-alikes that must not supersede.
	{name: "brother and cousin employers", steps: []string{
		"My brother works at Apple.", "My cousin works at Netflix."},
		facts: []string{"Apple", "Netflix"}},
	{name: "upgrade plan keeps the running version", steps: []string{
		"We run Postgres 14 in production.", "We plan to upgrade to Postgres 16 next quarter."},
		facts: []string{"Postgres 14"}},
	{name: "boss's opinion is not mine", steps: []string{
		"I love Python.", "My boss says Python is too slow for us."},
		facts: []string{"User loves Python"}},
	{name: "question about moving", steps: []string{
		"I live in Leipzig.", "Do you think I should move to Hamburg?"},
		facts: []string{"User lives in Leipzig"}, never: []string{"Hamburg"}},
	{name: "sarcasm about mondays", steps: []string{
		"I hate Mondays.", "yeah right, I love Mondays 🙄"},
		facts: []string{"hates Mondays"}, never: []string{"loves Mondays"}},
	{name: "daughter's taste", steps: []string{
		"I like sushi.", "My daughter hates sushi."},
		facts: []string{"User likes sushi", "hates sushi"}},
	{name: "old employer mentioned", steps: []string{
		"I work at IBM.", "Years ago I worked at HP."},
		facts: []string{"works at IBM"}, never: []string{"User works at HP"}},
	{name: "offer salary is hypothetical", steps: []string{
		"I earn $70,000 a year.", "If I took the offer I'd earn $90,000."},
		facts: []string{"70,000"}, never: []string{"earns $90,000"}},
	{name: "two releases two dates", steps: []string{
		"The mobile release is due May 2.", "The web release is due May 20."},
		facts: []string{"2025-05-02", "2025-05-20"}},
	{name: "friend moved not me", steps: []string{
		"I live in Cork.", "My friend Aoife just moved to Limerick."},
		facts: []string{"User lives in Cork", "Limerick"}},
	{name: "prod and staging pod counts", steps: []string{
		"Prod runs 8 pods.", "Staging runs 2 pods."},
		facts: []string{"8 pods", "2 pods"}},
	{name: "speak one not another", steps: []string{
		"I speak French.", "I don't speak Italian."},
		facts: []string{"French", "Italian"}},

	// Dedupe.
	{name: "vet in other words", steps: []string{
		"I'm a vet.", "I work as a veterinarian."},
		once: []string{"vet"}},
	{name: "marathon with typos", steps: []string{
		"I'm training for a marathon.", "im trainng for a marathn, still"},
		once: []string{"training"}},
	{name: "learning japanese other tense", steps: []string{
		"I have been learning Japanese.", "I'm learning Japanese."},
		once: []string{"Japanese"}},
	{name: "tools list reordered", steps: []string{
		"We use Terraform and Ansible.", "We use Ansible and Terraform."},
		once: []string{"Terraform"}},
	{name: "kids names reordered", steps: []string{
		"My kids are Sam and Ava.", "My kids are Ava and Sam."},
		once: []string{"Sam"}},
	{name: "exact repeat of a url", steps: []string{
		"The staging URL is staging.example.io.", "The staging URL is staging.example.io."},
		once:  []string{"staging.example.io"},
		known: "\"The staging URL is staging.example.io\" gives no fact"},
	{name: "car restated more specifically", steps: []string{
		"I drive an Audi.", "I drive an Audi A4."},
		facts: []string{"A4"}, once: []string{"Audi"}},
	{name: "agent note repeats the user's fact", steps: []string{
		"I'm allergic to peanuts.", "note: User is allergic to peanuts."},
		once: []string{"peanuts"}},
}

// TestSupersedeEighth runs the eighth round on fresh engines.
func TestSupersedeEighth(t *testing.T) {
	runScenarios(t, supersedeEighth)
}
