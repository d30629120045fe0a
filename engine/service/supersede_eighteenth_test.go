package service_test

import "testing"

// supersedeEighteenth is the eighteenth round of held-out style probes,
// written before any fix of this round, without looking at the pipeline and
// without reusing the earlier rounds' texts. It is written the way people
// chat: lower case, typos, run-on turns with several facts, "sorry I meant"
// corrections, hedges and hypotheticals that must change nothing, other
// people's changes that must leave the user's facts alone, quantities that
// change (rent, salary, weight, a child's age, hours), restatements and
// paraphrases that must dedupe, values that legitimately coexist, and fresh
// wordings of last round's known misses. Every scenario with a stale value
// asserts the stale fact is kept in history with its validity window closed.
// Baseline before this round's fixes: 33/59 (26 marked known); after a told change
// of amount was read as the state it leaves and "I meant <statement>, not <value>"
// as the statement, 36/59; after corrections of a number with its separator, of
// "he's a X, not a Y" and of a count meant in words, 39/59; after "has a <name>" and
// "<thing> is a <name>" were read as one fact, 40/59; after chat's misspelt adverbs
// before a change ("finaly moved") were read as the adverb, 41/59; after a weight
// reached without its verb ("down to 176 lbs") was read as the weight, 42/59; after
// "he's a X, not a Y" was no longer read (it corrected the user's own fact), 41/59;
// after a correction of someone else fixed only a fact about someone else, 42/59.
var supersedeEighteenth = []scenario{
	// Moves and home, said casually.
	{name: "moved lowercase typo", steps: []string{
		"i live in pittsburgh rn, been here like 5 yrs", "so we finaly moved to columbus last weekend!! boxes everywhere lol"},
		facts: []string{"columbus"}, gone: []string{"pittsburgh"}, kept: true},
	{name: "run-on move keeps the job", steps: []string{
		"I'm a nurse in Leeds.", "big news: moved to Bristol in march and started at Southmead hospital, still nursing tho"},
		facts: []string{"Bristol"}, gone: []string{"Leeds"}, kept: true,
		known: "a move does not retire the place in \"is a nurse in Leeds\""},
	{name: "sorry I meant the city", steps: []string{
		"I live in Austin", "sorry i meant i live in houston, not austin, was thinking of my brother"},
		facts: []string{"houston"}, gone: []string{"lives in Austin"}, kept: true},
	{name: "used to live is history", steps: []string{
		"I live in Miami.", "I used to live in Atlanta before Miami."},
		facts: []string{"Miami"}, never: []string{"User lives in Atlanta"}},
	{name: "portuguese moved", steps: []string{
		"Eu moro em Curitiba.", "Me mudei para Florianópolis mês passado."},
		facts: []string{"Florianópolis"}, gone: []string{"Curitiba"}, kept: true},

	// Quantities that change.
	{name: "rent raised", steps: []string{
		"my rent is 1800 a month", "landlord raised the rent to 1950 ugh"},
		facts: []string{"1950"}, gone: []string{"1800"}, kept: true},
	{name: "salary raise", steps: []string{
		"I make 65k a year.", "got a raise!! i'm at 72k now"},
		facts: []string{"72k"}, gone: []string{"65k"}, kept: true,
		known: "\"i'm at 72k now\" is not read as the salary \"makes 65k a year\""},
	{name: "weight down", steps: []string{
		"I weigh 190 lbs.", "down to 176 lbs after 3 months of running"},
		facts: []string{"176"}, gone: []string{"190 lbs"}, kept: true},
	{name: "daughter turned seven", steps: []string{
		"my daughter is 6", "my daughter turned 7 yesterday, we had a little party"},
		facts: []string{"7"}, gone: []string{"daughter is 6"}, kept: true},
	{name: "son older, daughter unchanged", steps: []string{
		"my son is 4 and my daughter is 9", "my son just turned 5"},
		facts: []string{"daughter is 9", "5"}, gone: []string{"son is 4"}, kept: true},
	{name: "hours cut", steps: []string{
		"I work 40 hours a week", "I cut down to 30 hours a week in january"},
		facts: []string{"30 hours"}, gone: []string{"40 hours"}, kept: true},
	{name: "commute changed", steps: []string{
		"I bike to work.", "these days i take the train to work since we moved further out"},
		facts: []string{"train"}, gone: []string{"bike to work"}, kept: true},
	{name: "half marathon PR", steps: []string{
		"my half marathon PR is 1:52", "new PR!! 1:47 at the city half on sunday"},
		facts: []string{"1:47"}, gone: []string{"1:52"}, kept: true,
		known: "\"new PR!! N at …\" gives no fact for the PR slot"},
	{name: "staff grew", steps: []string{
		"I run a bakery with 4 employees.", "we're up to 7 employees at the bakery now"},
		facts: []string{"7 employees"}, gone: []string{"4 employees"}, kept: true,
		known: "\"up to N employees\" is not read as the count in \"runs a bakery with N employees\""},
	{name: "one of several facts changes", steps: []string{
		"I'm 31, I live in Oakland and I work as a nurse.", "I'm 32 now, still in oakland, still nursing"},
		facts: []string{"Oakland", "nurs", "32"}, gone: []string{"31"}, kept: true},

	// Corrections.
	{name: "sorry I meant three kids", steps: []string{
		"I have two kids", "sorry i meant three kids, forgot the baby lol"},
		facts: []string{"three"}, gone: []string{"two kids"}, kept: true},
	{name: "salary digits swapped", steps: []string{
		"my salary is 85,000", "oops 58,000 not 85,000, typo"},
		facts: []string{"58,000"}, gone: []string{"85,000"}, kept: true},
	{name: "employer corrected", steps: []string{
		"I work at Accenture", "wait no i work at Capgemini, accenture was my last job"},
		facts: []string{"Capgemini"}, gone: []string{"work at Accenture"}, kept: true},
	{name: "dog breed corrected", steps: []string{
		"I have a golden retriever.", "actually he's a labrador, not a golden, people always mix them up"},
		facts: []string{"labrador"}, gone: []string{"golden retriever"}, kept: true},

	// Someone else's change leaves the user's fact alone.
	{name: "husband new job", steps: []string{
		"I work at Target.", "my husband just started at Walmart"},
		facts: []string{"Target", "Walmart"}, never: []string{"User works at Walmart"}},
	{name: "roommate moved out", steps: []string{
		"I live in Queens.", "my roommate moved out to jersey city last week"},
		facts: []string{"Queens"}, never: []string{"User lives in Jersey City"}},
	{name: "sister's new car", steps: []string{
		"I drive a Honda Civic.", "my sister bought a Tesla Model 3 last week"},
		facts: []string{"Civic", "Model 3"}},
	{name: "coworker went vegan", steps: []string{
		"I'm vegetarian.", "a coworker went vegan and keeps trying to convert me"},
		facts: []string{"vegetarian"}, never: []string{"User is vegan"}},
	{name: "bought dad a phone", steps: []string{
		"I have a Galaxy S22.", "got my dad a new iphone 15 for his bday"},
		facts: []string{"S22"}, never: []string{"User has an iPhone 15"}},
	{name: "office runs windows", steps: []string{
		"I use a Mac at home.", "our office runs windows 11"},
		facts: []string{"Mac", "windows 11"}},

	// Hedges, wishes and hypotheticals change nothing.
	{name: "might move", steps: []string{
		"I live in Phoenix.", "i think i might move to san diego next year, not sure yet"},
		facts: []string{"Phoenix"}, never: []string{"lives in San Diego"}},
	{name: "if I got the offer", steps: []string{
		"I work at Deloitte in Chicago.", "if i got the google offer i'd move to mountain view"},
		facts: []string{"Deloitte", "Chicago"}, never: []string{"works at Google", "lives in Mountain View"}},
	{name: "thinking of quitting", steps: []string{
		"I work at Starbucks.", "thinking about quitting starbucks tbh, the hours suck"},
		facts: []string{"Starbucks"}},
	{name: "would buy if rich", steps: []string{
		"I drive a 2012 Corolla.", "if i had the money i'd get a Rivian"},
		facts: []string{"Corolla"}, never: []string{"drives a Rivian"}},
	{name: "applied for jobs", steps: []string{
		"I'm a teacher at Lincoln Elementary.", "applied to a few district admin jobs, fingers crossed"},
		facts: []string{"Lincoln Elementary"}},
	{name: "wish I lived", steps: []string{
		"I live in Cleveland", "i wish i lived in hawaii honestly"},
		facts: []string{"Cleveland"}, never: []string{"lives in hawaii"}},
	{name: "asks about switching phones", steps: []string{
		"I use Android.", "is it worth switching to iphone?"},
		facts: []string{"Android"}, never: []string{"uses iPhone"}},

	// Restatements and paraphrases dedupe.
	{name: "job restated like i said", steps: []string{
		"I'm a software engineer at Shopify.", "yeah so i'm a software engineer at shopify like i said"},
		once: []string{"Shopify"}},
	{name: "dog name paraphrase", steps: []string{
		"I have a dog named Biscuit.", "my dog's name is Biscuit"},
		once: []string{"Biscuit"}},
	{name: "spouse paraphrase", steps: []string{
		"My wife's name is Priya.", "I'm married to Priya."},
		once:  []string{"Priya"},
		known: "\"married to X\" and \"wife's name is X\" are not read as one fact"},
	{name: "guitar paraphrase", steps: []string{
		"I play guitar.", "I've been playing the guitar for years."},
		once: []string{"guitar"}},
	{name: "birthplace paraphrase", steps: []string{
		"I was born in Manila.", "I'm originally from Manila, born and raised."},
		once:  []string{"Manila"},
		known: "\"born in X\" and \"originally from X\" are not read as one fact"},
	{name: "lactose paraphrase lowercase", steps: []string{
		"im lactose intolerant", "i can't have dairy, lactose intolerant"},
		once:  []string{"lactose"},
		known: "\"can't have dairy, lactose intolerant\" is not read as \"is lactose intolerant\""},
	{name: "two facts restated in one run-on", steps: []string{
		"I live in Seattle and work at Amazon.", "like i said i'm in seattle, working at amazon"},
		once:  []string{"Seattle", "Amazon"},
		known: "\"i'm in X, working at Y\" is one fact, not a home and a workplace"},
	{name: "pixel restated", steps: []string{
		"I have a Pixel 7.", "my phone is a pixel 7"},
		once: []string{"Pixel 7"}},
	{name: "fluent paraphrase", steps: []string{
		"I speak fluent Japanese.", "I'm fluent in Japanese."},
		once: []string{"Japanese"}},

	// Values that coexist.
	{name: "cat and puppy", steps: []string{
		"I have a cat.", "we also got a puppy last week"},
		facts: []string{"cat", "puppy"}},
	{name: "car and motorcycle", steps: []string{
		"I drive a Subaru Outback.", "I bought a Ducati for weekend rides"},
		facts: []string{"Subaru", "Ducati"}},
	{name: "second instrument", steps: []string{
		"I play piano.", "started learning violin too"},
		facts: []string{"piano", "violin"}},
	{name: "kids at two schools", steps: []string{
		"my son goes to Roosevelt High.", "my daughter goes to Jefferson Middle"},
		facts: []string{"Roosevelt", "Jefferson"}},
	{name: "side gig", steps: []string{
		"I'm a graphic designer at an agency.", "I also drive for Uber on weekends"},
		facts: []string{"graphic designer", "Uber"}},
	{name: "second citizenship", steps: []string{
		"I'm a US citizen.", "I also have Irish citizenship through my grandma"},
		facts: []string{"US citizen", "Irish"}},

	// Fresh wordings of last round's misses.
	{name: "diagnosis after no problems", steps: []string{
		"no health problems, knock on wood", "turns out i have high blood pressure, doc told me today"},
		facts: []string{"blood pressure"}, gone: []string{"no health problems"}, kept: true,
		known: "\"no health problems\" gives no fact, and a diagnosis ends nothing"},
	{name: "dose increased", steps: []string{
		"I'm on 20 mg of lexapro.", "my lexapro dose was increased to 30 mg"},
		facts: []string{"30 mg"}, gone: []string{"20 mg"}, kept: true},
	{name: "german student then job", steps: []string{
		"Ich studiere Informatik in Berlin.", "Ich habe mein Studium abgeschlossen und arbeite jetzt bei SAP."},
		facts: []string{"SAP"}, gone: []string{"Informatik"}, kept: true,
		known: "German \"ich studiere X\" gives no fact"},
	{name: "done with masters", steps: []string{
		"I'm doing a master's in public health.", "finally done with my masters!! starting a job at the county health dept in june"},
		facts: []string{"county"}, gone: []string{"doing a master"}, kept: true,
		known: "\"done with my masters\" does not end \"is doing a master's\""},
	{name: "lasik ends contacts", steps: []string{
		"I wear contact lenses.", "had LASIK last month, no more contacts!"},
		facts: []string{"LASIK"}, gone: []string{"wears contact"}, kept: true,
		known: "\"no more contacts\" does not end \"wears contact lenses\""},
	{name: "work there at the new place", steps: []string{
		"I work at a hardware store.", "a new coffee place opened on 5th. i work there now as a barista"},
		facts: []string{"coffee"}, gone: []string{"hardware store"}, kept: true,
		known: "\"work there\" does not take the place the sentence before named"},
	{name: "eggs end vegan", steps: []string{
		"I'm vegan.", "I started eating eggs again."},
		facts: []string{"eggs"}, gone: []string{"is vegan"}, kept: true,
		known: "\"started eating eggs again\" does not end \"is vegan\""},

	// Changes of status, plainly.
	{name: "back on coffee", steps: []string{
		"I quit coffee in january.", "ok i'm back on coffee, 2 cups a day"},
		facts: []string{"2 cups"}, gone: []string{"quit coffee"}, kept: true,
		known: "\"back on coffee\" does not end \"quit coffee\""},
	{name: "single to girlfriend", steps: []string{
		"I'm single.", "update: i have a girlfriend now lol"},
		facts: []string{"girlfriend"}, gone: []string{"is single"}, kept: true,
		known: "\"have a girlfriend now\" does not end \"is single\""},
	{name: "engaged to married", steps: []string{
		"I'm engaged to Marco.", "Marco and I got married in September!"},
		facts: []string{"married"}, gone: []string{"engaged"}, kept: true},
	{name: "promoted to senior", steps: []string{
		"I'm a junior developer at Stripe.", "got promoted to senior dev last week"},
		facts: []string{"senior"}, gone: []string{"junior"}, kept: true},
	{name: "tennis to swimming", steps: []string{
		"I play tennis on Sundays.", "i don't play tennis anymore, my shoulder's shot. doing swimming instead"},
		facts: []string{"swimming"}, gone: []string{"tennis on Sundays"}, kept: true},
}

// TestSupersedeEighteenth runs the eighteenth round on fresh engines.
func TestSupersedeEighteenth(t *testing.T) {
	runScenarios(t, supersedeEighteenth)
}
