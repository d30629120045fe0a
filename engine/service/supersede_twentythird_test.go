package service_test

import "testing"

// supersedeTwentythird is the twenty-third round of held-out style probes,
// written before any fix of this round, without looking at the pipeline and
// without reusing the earlier rounds' texts. About a third are dedupes: the
// same fact said again in other words (a paraphrase, an abbreviation, a number
// in words, a unit spelled out, another word order, a typo, inside a longer
// message, in a later session, restated by the assistant and confirmed) must
// stay one current fact. The rest: a schedule or routine moved; a value in a
// config-like sentence changed by a coding user; a change said in the past
// perfect or with "anymore"/"no longer"; a person's role changed by name
// only; one change naming two slots; a change of something the user owns said
// without "I"/"my"; and look-alikes that must neither supersede nor merge
// (two people's same attribute, two pets of one kind, a plan, a past trip,
// two values that both hold). Every scenario with a stale value asserts the
// stale fact is kept in history with its validity window closed.
// Baseline before this round's fixes: 30/49 (19 marked known); after a routine
// moved to another when of the kind it was held at ended the old one ("moved my run to
// 6am", "yoga is on sundays now", "… at night instead"), 35/49; after a unit written
// onto its number ("180cm") read as the spaced form, 36/49; after "X is where I live"
// filled the home slot and "I had moved to X" read as a move, 38/49 (11 known); after
// an operating system became one kind of tool ("I'm on macOS now" ends "uses Ubuntu"), 39/49;
// after a post said by name ("Marta is the CEO now") ended one said by whose it is, 40/49;
// after a setting changed by a shorter name ("the batch size") ended the stored one, 41/49;
// after a habit given up ("no longer smokes, quit in …") ended its doer ("a smoker"), 42/49;
// after a routine named by a bare noun ("standup moved to 10:15") got its article back, 43/49;
// after a pupil's school and where the pupil goes to school became one slot, 44/49.
var supersedeTwentythird = []scenario{
	// The same fact said again in other words: one current fact.
	{name: "dedupe paraphrase job", steps: []string{
		"I work as a pharmacist.", "My job is pharmacist at a small chain."},
		once: []string{"pharmacist"}},
	{name: "dedupe paraphrase city", steps: []string{
		"I live in Bergen.", "Bergen is where I live these days."},
		once: []string{"Bergen"}},
	{name: "dedupe abbreviation saint", steps: []string{
		"I'm based in St Albans.", "I'm based in Saint Albans."},
		once: []string{"Albans"}},
	{name: "dedupe abbreviation doctor", steps: []string{
		"My doctor is Dr. Reyes.", "my doctor is Doctor Reyes"},
		once: []string{"Reyes"}},
	{name: "dedupe number in words", steps: []string{
		"I have three cats.", "we've got 3 cats at home"},
		once: []string{"cats"}},
	{name: "dedupe minutes in words", steps: []string{
		"My commute is forty minutes.", "my commute is 40 minutes each way"},
		once: []string{"commute"}},
	{name: "dedupe unit spelled out", steps: []string{
		"I run 5 km every morning.", "I run 5 kilometres every morning."},
		once: []string{"every morning"}},
	{name: "dedupe height unit", steps: []string{
		"I'm 180cm tall.", "I'm 180 centimetres tall."},
		once: []string{"tall"}},
	{name: "dedupe rent currency", steps: []string{
		"My rent is £1,200 a month.", "my rent is 1200 pounds per month"},
		once: []string{"rent"}},
	{name: "dedupe word order", steps: []string{
		"On Fridays I play five-a-side football.", "I play five-a-side football on Fridays."},
		once: []string{"five-a-side"}},
	{name: "dedupe typo", steps: []string{
		"I'm allergic to penicillin.", "im alergic to penicilin"},
		once: []string{"penicil"}},
	{name: "dedupe inside longer message", steps: []string{
		"I'm vegetarian.", "we went to the cinema last night and since I'm vegetarian I just had popcorn, the film was ok"},
		once: []string{"vegetarian"}},
	{name: "dedupe later session band", steps: []string{
		"mcp[session=s1]: My favourite band is Radiohead.", "mcp[session=s2]: my favourite band is Radiohead"},
		once: []string{"Radiohead"}},
	{name: "dedupe later session car", steps: []string{
		"mcp[session=s1]: I drive a Tesla Model 3.", "mcp[session=s2]: I drive a Model 3 from Tesla."},
		once: []string{"Model 3"}},
	{name: "dedupe assistant confirmed name", steps: []string{
		"My daughter is called Freya.", "A: Just to check, your daughter's name is Freya? || yes, that's right"},
		once: []string{"Freya"}},
	{name: "dedupe assistant confirmed diet", steps: []string{
		"I'm gluten intolerant.", "A: You're gluten intolerant, right? || correct"},
		once: []string{"gluten"}},

	// A schedule or routine moved.
	{name: "run moved earlier", steps: []string{
		"I go for a run at 7am every day.", "moved my run to 6am"},
		facts: []string{"6am"}, gone: []string{"7am"}, kept: true},
	{name: "yoga day moved", steps: []string{
		"I do yoga on Saturdays.", "yoga is on sundays now"},
		facts: []string{"sundays"}, gone: []string{"Saturdays"}, kept: true},
	{name: "standup time moved", steps: []string{
		"Our standup is at 9:30.", "standup moved to 10:15 starting this week"},
		facts: []string{"10:15"}, gone: []string{"9:30"}, kept: true},
	{name: "vitamins to night", steps: []string{
		"I take my vitamins at breakfast.", "started taking my vitamins at night instead"},
		facts: []string{"night"}, gone: []string{"breakfast"}, kept: true},
	{name: "piano lesson rescheduled", steps: []string{
		"My piano lesson is on Tuesday evenings.", "rescheduled piano lessons to thursday evenings"},
		facts: []string{"thursday"}, gone: []string{"Tuesday"}, kept: true},

	// A config-like value changed by a coding user.
	{name: "worker threads bumped", steps: []string{
		"The worker pool has 8 threads.", "bumped the worker threads to 16"},
		facts: []string{"16"}, gone: []string{"8 threads"}, kept: true,
		known: "\"The worker pool has 8 threads\" gives no fact, so nothing retires it"},
	{name: "timeout raised", steps: []string{
		"Our API timeout is 30 seconds.", "raised the api timeout to 90s after the incident"},
		facts: []string{"90"}, gone: []string{"30 seconds"}, kept: true},
	{name: "cache ttl dropped", steps: []string{
		"The cache TTL is 5 minutes.", "dropped the cache ttl to 2 minutes"},
		facts: []string{"2 minutes"}, gone: []string{"5 minutes"}, kept: true},
	{name: "postgres upgraded", steps: []string{
		"We run Postgres 14 in production.", "upgraded prod to postgres 16 last night"},
		facts: []string{"postgres 16"}, gone: []string{"Postgres 14"}, kept: true},
	{name: "batch size halved", steps: []string{
		"The training batch size is 64.", "halved the batch size to 32"},
		facts: []string{"32"}, gone: []string{"64"}, kept: true},

	// A change in the past perfect or with "anymore" / "no longer".
	{name: "past perfect left firm", steps: []string{
		"I work at Accenture.", "I had already left Accenture by march, I'm at KPMG now"},
		facts: []string{"KPMG"}, gone: []string{"Accenture"}, kept: true},
	{name: "past perfect moved", steps: []string{
		"I live in Bath.", "I had moved to Bristol before christmas"},
		facts: []string{"Bristol"}, gone: []string{"Bath"}, kept: true},
	{name: "anymore tennis", steps: []string{
		"I play tennis every Wednesday.", "I don't play tennis anymore, my elbow gave up"},
		gone: []string{"tennis every Wednesday"}, kept: true},
	{name: "no longer smoke", steps: []string{
		"I'm a smoker.", "I no longer smoke, quit in february"},
		gone: []string{"smoker"}, kept: true},
	{name: "anymore car", steps: []string{
		"I drive a VW Golf.", "the golf isn't mine anymore, I drive a civic now"},
		facts: []string{"civic"}, gone: []string{"VW Golf"}, kept: true},

	// A person's role changed, said by name only.
	{name: "role by name CEO", steps: []string{
		"Marta is our CTO.", "Marta is the CEO now"},
		facts: []string{"CEO"}, gone: []string{"CTO"}, kept: true},
	{name: "role by name promoted", steps: []string{
		"Daniel is a junior developer on my team.", "Daniel got promoted to senior developer"},
		facts: []string{"senior developer"}, gone: []string{"junior developer"}, kept: true},
	{name: "role by name retrained", steps: []string{
		"My friend Kofi is a nurse.", "Kofi retrained as a paramedic"},
		facts: []string{"paramedic"}, gone: []string{"is a nurse"}, kept: true,
		known: "\"Kofi retrained as a paramedic\" gives no fact"},

	// One change naming two slots.
	{name: "two slots city and firm", steps: []string{
		"I live in Cork and work at Apple.", "now living in Galway and working at Medtronic"},
		facts: []string{"Galway", "Medtronic"}, gone: []string{"Cork", "Apple"}, kept: true,
		known: "\"now living in Galway and working at Medtronic\" gives no fact"},
	{name: "two slots job and hospital", steps: []string{
		"I'm a nurse at St Thomas' Hospital.", "I'm a midwife at King's College Hospital now"},
		facts: []string{"midwife"}, gone: []string{"nurse"}, kept: true},
	{name: "two slots laptop and os", steps: []string{
		"My laptop is a ThinkPad.", "I use Ubuntu.", "swapped the thinkpad for a macbook, so I'm on macOS now"},
		facts: []string{"macbook", "macOS"}, gone: []string{"ThinkPad", "Ubuntu"}, kept: true},

	// A change of something the user owns, said without "I" or "my".
	{name: "owned children's school", steps: []string{
		"My kids go to Oakfield Primary.", "the children's school is now Hillcrest Academy"},
		facts: []string{"Hillcrest"}, gone: []string{"Oakfield"}, kept: true},
	{name: "owned dog's vet", steps: []string{
		"Our dog's vet is Dr Patel.", "the dog's vet is Dr Ruiz now"},
		facts: []string{"Ruiz"}, gone: []string{"Patel"}, kept: true,
		known: "\"the dog's vet is Dr Ruiz now\" gives no fact"},
	{name: "owned family car", steps: []string{
		"The family car is a Volvo XC60.", "the family car is an Audi Q5 now"},
		facts: []string{"Q5"}, gone: []string{"XC60"}, kept: true,
		known: "\"The family car is a Volvo XC60\" gives no fact"},
	{name: "owned son's practice", steps: []string{
		"My son's football practice is on Tuesdays.", "the boy's practice moved to wednesdays"},
		facts: []string{"wednesdays"}, gone: []string{"Tuesdays"}, kept: true},

	// Look-alikes that must neither supersede nor merge.
	{name: "two siblings' cities", steps: []string{
		"My brother lives in Hull.", "My sister lives in York."},
		facts: []string{"Hull", "York"}},
	{name: "two cats", steps: []string{
		"I have a cat named Miso.", "I also have a cat called Tofu."},
		facts: []string{"Miso", "Tofu"}},
	{name: "two colleagues designers", steps: []string{
		"My colleague Tom is a designer.", "My colleague Ana is a designer too."},
		facts: []string{"Tom", "Ana"}},
	{name: "plan to move", steps: []string{
		"I live in Reading.", "thinking of moving to Oxford next year"},
		facts: []string{"Reading"}, never: []string{"lives in Oxford", "moved to Oxford"}},
	{name: "past trip", steps: []string{
		"I live in Leeds.", "I was in Lisbon last week for a conference"},
		facts: []string{"Leeds"}, never: []string{"lives in Lisbon"}},
	{name: "second language", steps: []string{
		"I speak French.", "I now also speak Spanish"},
		facts: []string{"French", "Spanish"}},
	{name: "wife's car", steps: []string{
		"I drive a Corolla.", "my wife drives a Mazda"},
		facts: []string{"Corolla"}, never: []string{"User drives a Mazda"}},
	{name: "second instrument", steps: []string{
		"I play guitar.", "I've picked up the drums as well"},
		facts: []string{"guitar", "drums"}},
}

// TestSupersedeTwentythird runs the twenty-third round on fresh engines.
func TestSupersedeTwentythird(t *testing.T) {
	runScenarios(t, supersedeTwentythird)
}
