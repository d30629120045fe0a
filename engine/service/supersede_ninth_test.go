package service_test

import "testing"

// supersedeNinth is the ninth round of held-out style probes, written before
// any fix of this round and without reusing the earlier rounds' texts. More
// than half of it is dedupe, as a demanding user of add_memories writes it:
// one fact in other words, with typos, in another person or tense, a list
// reordered or partly repeated, an exact repeat under other metadata or in
// another session, a more specific restatement, repeats across a long chat
// and by the agent's own summary; and near-duplicates that are NOT one fact
// (two dates, two people, a negation, "used to", numbers a digit apart),
// which must both stay. The rest supersede: changes said indirectly a few
// turns later or by the agent, quantities, schedules, relationships,
// negations, part of a list, and look-alikes that must not supersede.
//
// A more specific restatement ("works at Google" then "works at Google as an
// SRE in Zurich") is one fact to the user: the detailed one should replace
// the bare one (an UPDATE), so exactly one fact names the employer.
var supersedeNinth = []scenario{
	// Dedupe: one fact, said again differently.
	{name: "third person and a bare predicate", steps: []string{
		"I live in Lyon.", "note: User lives in Lyon.", "mcp: Lives in Lyon."},
		once: []string{"Lyon"}},
	{name: "typos in a repeat", steps: []string{
		"My daughter is allergic to shellfish.", "my daughter is alergic to shelfish!!"},
		once: []string{"daughter"}},
	{name: "exact repeat with other metadata", steps: []string{
		"mcp[source=slack]: Our office is on the 4th floor.", "mcp[source=email]: Our office is on the 4th floor."},
		once: []string{"4th floor"}},
	{name: "exact repeat in another session", steps: []string{
		"mcp[session=a]: I prefer dark mode in every app.", "mcp[session=b]: I prefer dark mode in every app."},
		once: []string{"dark mode"}},
	{name: "pets reordered", steps: []string{
		"My cats are Miso and Tofu.", "My cats are Tofu and Miso."},
		once: []string{"Miso"}},
	{name: "instruments partly repeated", steps: []string{
		"I play guitar, piano and drums.", "I play piano and guitar."},
		facts: []string{"drums"}, once: []string{"piano"}},
	{name: "employer restated with detail", steps: []string{
		"I work at Google.", "I work at Google as a site reliability engineer in Zurich."},
		facts: []string{"site reliability"}, once: []string{"Google"}},
	{name: "languages restated with one more", steps: []string{
		"I speak English and French.", "I speak English, French and a bit of Arabic."},
		facts: []string{"Arabic"}, once: []string{"French"}},
	{name: "wife named two ways", steps: []string{
		"My wife is called Priya.", "My wife's name is Priya."},
		once: []string{"Priya"}},
	{name: "favourite colour spelt two ways", steps: []string{
		"note: The user's favourite colour is green.", "my favorite color is green"},
		once: []string{"green"}},
	{name: "same fact as a turn and a note", steps: []string{
		"We deploy on Fridays.", "note: We deploy on Fridays."},
		once: []string{"Fridays"}},
	{name: "birthday as an mcp turn and a note", steps: []string{
		"mcp: user: My birthday is October 3.", "note: My birthday is October 3rd."},
		once: []string{"birthday"}},
	{name: "left-handed with filler", steps: []string{
		"Just so you remember, I'm left-handed.", "I'm left handed btw"},
		once: []string{"left"}},
	{name: "two items of one call say the same", steps: []string{
		"mcp: I'm vegetarian. || I am a vegetarian."},
		once: []string{"vegetarian"}},
	{name: "dogs counted in words and digits", steps: []string{
		"We have 2 dogs.", "We've got two dogs."},
		once: []string{"dogs"}},
	{name: "commute in other words", steps: []string{
		"My commute is 45 minutes.", "My commute takes 45 minutes each way."},
		once: []string{"commute"}},
	{name: "repeat across a long conversation", steps: []string{
		"I'm a nurse at St Mary's. || A: That must be demanding! || it is, mostly night shifts || A: How do you cope with the sleep? || blackout curtains lol || A: Smart. || anyway as I said, I'm a nurse at St Mary's"},
		once: []string{"nurse"}},
	{name: "agent recaps the user's fact", steps: []string{
		"I work night shifts at the hospital.", "A: To recap, you work night shifts at the hospital. || yes exactly"},
		once: []string{"night shift"}},
	{name: "agent note after the user's words", steps: []string{
		"I'm flying to Tokyo on May 14.", "note: User is flying to Tokyo on May 14."},
		once: []string{"Tokyo"}},
	{name: "main database said twice in a chat", steps: []string{
		"We use Postgres for the main database. || A: Noted. Anything else about the stack? || redis for caching || A: Got it. || and yeah the main database is Postgres"},
		facts: []string{"Redis"}, once: []string{"Postgres"}},
	{name: "car by model only", steps: []string{
		"I drive a Tesla Model 3.", "I drive a Model 3."},
		once: []string{"Model 3"}},

	// Dedupe's look-alikes: two facts, both kept.
	{name: "two visits two years", steps: []string{
		"I visited Rome in 2019.", "I visited Rome in 2022."},
		facts: []string{"2019", "2022"}},
	{name: "two people one letter apart", steps: []string{
		"Maria is a nurse.", "Marie is a nurse."},
		facts: []string{"Maria", "Marie"}},
	{name: "invoices a digit swap apart", steps: []string{
		"Invoice 4471 is paid.", "Invoice 4417 is paid."},
		facts: []string{"4471", "4417"}},
	{name: "build passes here not there", steps: []string{
		"The build passes on Linux.", "The build doesn't pass on Windows."},
		facts: []string{"Linux", "Windows"},
		known: "\"The build doesn't pass on Windows\" gives no fact"},
	{name: "likes and used to like", steps: []string{
		"I like running.", "I used to like running."},
		facts: []string{"used to like running"}, gone: []string{"User likes running"}},
	{name: "manager and mentor", steps: []string{
		"Tom is my manager.", "Tom is my mentor."},
		facts: []string{"manager", "mentor"}},
	{name: "flights out and back", steps: []string{
		"My flight to Madrid is on June 3.", "My flight back from Madrid is on June 10."},
		facts: []string{"2025-06-03", "2025-06-10"}},
	{name: "allergic to one not the other", steps: []string{
		"I'm allergic to cats.", "I'm not allergic to dogs."},
		facts: []string{"cats", "dogs"}},

	// Supersede: a change said indirectly, a few turns in.
	{name: "last week at one firm then another", steps: []string{
		"I work at Deloitte as an auditor.",
		"A: How was your week? || hectic, it was my last week at Deloitte || A: Oh! What's next? || I started at KPMG on Monday"},
		facts: []string{"KPMG"}, gone: []string{"works at Deloitte"}},
	{name: "used to live there now elsewhere", steps: []string{
		"I live in Leeds.", "I used to live in Leeds, now I'm in York."},
		facts: []string{"York"}, gone: []string{"lives in Leeds"}},
	{name: "agent note new preferred airline", steps: []string{
		"note: User's preferred airline is Lufthansa.", "note: User's preferred airline is now KLM."},
		facts: []string{"KLM"}, gone: []string{"Lufthansa"}},
	{name: "agent asks and user confirms the change", steps: []string{
		"I bike to work.", "A: So you take the train to work now instead of biking? || yep, since the move"},
		facts: []string{"train"}, gone: []string{"bikes to work"},
		known: "a bare \"yep\" does not take the change the assistant's question states"},

	// Quantities and schedules.
	{name: "services count grew", steps: []string{
		"We have 3 microservices.", "We're up to 5 microservices now."},
		facts: []string{"5 microservices"}, gone: []string{"3 microservices"}},
	{name: "sleep hours", steps: []string{
		"I sleep 6 hours a night.", "I sleep 8 hours a night now."},
		facts: []string{"8 hours"}, gone: []string{"6 hours"}},
	{name: "extension digits swapped", steps: []string{
		"My phone extension is 4521.", "Sorry, my extension is 4512, I swapped the digits."},
		facts: []string{"4512"}, gone: []string{"4521"},
		known: "\"extension\" and \"phone extension\" are not read as one slot"},
	{name: "therapy moved to another weekday", steps: []string{
		"My therapy sessions are on Tuesdays.", "My therapy sessions are on Thursdays now."},
		facts: []string{"Thursday"}, gone: []string{"Tuesday"}},
	{name: "sync moved in a later chat", steps: []string{
		"The team sync is at 2pm.", "A: Any calendar changes? || yes, the team sync is at 3pm now"},
		facts: []string{"3pm"}, gone: []string{"2pm"}},

	// Relationships and negations.
	{name: "boyfriend became husband", steps: []string{
		"My boyfriend is Marco.", "Marco and I got married in May, he's my husband now."},
		facts: []string{"husband"}, gone: []string{"boyfriend is Marco"}},
	{name: "sold the car", steps: []string{
		"I own a car.", "I sold my car, I don't own a car anymore."},
		gone: []string{"User owns a car"}},
	{name: "not vegan anymore", steps: []string{
		"I'm vegan.", "I'm not vegan anymore, I eat eggs again."},
		gone: []string{"User is vegan"}},

	// Part of a list.
	{name: "one tool of three replaced", steps: []string{
		"At work we use Slack, Jira and Notion.", "We replaced Jira with Linear."},
		facts: []string{"Linear", "Slack"}, gone: []string{"Jira"}},

	// Look-alikes that must not supersede.
	{name: "parents live elsewhere", steps: []string{
		"I live in Madrid.", "My parents live in Seville."},
		facts: []string{"User lives in Madrid", "Seville"}},
	{name: "a release is not an upgrade", steps: []string{
		"Our app runs on Node 18.", "Node 22 was released recently."},
		facts: []string{"Node 18"}},
	{name: "interview is not a new job", steps: []string{
		"I work at Stripe.", "I have an interview at Shopify next week."},
		facts: []string{"works at Stripe"}, never: []string{"works at Shopify"}},
	{name: "question about another language", steps: []string{
		"I code in Go.", "Is Rust faster than Go?"},
		facts: []string{"Go"}, never: []string{"Rust"}},
	{name: "two diets two people", steps: []string{
		"I don't eat pork.", "My husband doesn't eat beef."},
		facts: []string{"pork", "beef"}},
	{name: "sister's job beside mine", steps: []string{
		"I'm a teacher.", "My sister is a dentist."},
		facts: []string{"teacher", "dentist"}},
	{name: "weekend plan beside the routine", steps: []string{
		"I go climbing on Saturdays.", "This Saturday I'm going to a wedding instead."},
		facts: []string{"climbing"}},
}

// TestSupersedeNinth runs the ninth round on fresh engines.
func TestSupersedeNinth(t *testing.T) {
	runScenarios(t, supersedeNinth)
}
