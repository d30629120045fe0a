package service_test

import "testing"

// supersedeFourteenth is the fourteenth round of held-out style probes,
// written before any fix of this round and without reusing the earlier
// rounds' texts. Its new kinds: a change told as a story over two or three
// turns, relations that move on (girlfriend, fiancée, wife), a new title at
// the same employer, quantities with units, frequencies, preferences
// reversed, a fact retired with nothing in its place, the agent's wrong date
// corrected, family members' own facts changing, Spanish and German turns,
// and turns that must NOT supersede (hypotheticals, wishes, other people's
// news, history in the past tense). About a quarter is dedupe of one fact
// restated in other words, beside look-alikes that are two facts. Every
// scenario with a stale value asserts the stale fact is kept in history
// with its validity window closed. Baseline before this round's fixes:
// 44/69; after them 61/69 (8 marked known); after the twenty-second round filled
// one team slot for "is on" and "transferred to" a team, 62/69 (7 known).
var supersedeFourteenth = []scenario{
	// A change told as a story over several turns.
	{name: "house hunt ends in keys", steps: []string{
		"I live in Sheffield.",
		"We've been looking at houses in Leeds for months.",
		"We got the keys to our new place in Leeds yesterday and moved in!"},
		facts: []string{"Leeds"}, gone: []string{"lives in Sheffield"}, kept: true},
	{name: "job hunt ends in an offer taken", steps: []string{
		"I work at Deloitte.",
		"I've been interviewing with KPMG.",
		"I accepted the KPMG offer and started there on Monday."},
		facts: []string{"KPMG"}, gone: []string{"works at Deloitte"}, kept: true},
	{name: "puppy story", steps: []string{
		"I don't have any pets.",
		"We're thinking of adopting a dog.",
		"We adopted a beagle named Pepper this weekend!"},
		facts: []string{"Pepper"}, gone: []string{"have any pets"}, kept: true,
		known: "adopting a dog named Pepper does not end \"does not have any pets\""},
	{name: "car shopping ends in a purchase", steps: []string{
		"I drive a Mazda 3.",
		"Test drove a Kia EV6 today, loved it.",
		"Sold the Mazda and bought the EV6."},
		facts: []string{"EV6"}, gone: []string{"Mazda 3"}, kept: true},

	// Relations that move on.
	{name: "girlfriend to fiancee", steps: []string{
		"My girlfriend is Priya.", "Priya said yes! She's my fiancée now."},
		facts: []string{"fiancée"}, gone: []string{"girlfriend is Priya"}, kept: true,
		known: "\"She's my fiancée now\" names the fiancée only by a pronoun of the turn before"},
	{name: "fiance to husband", steps: []string{
		"My fiancé is Marco.", "Marco and I got married last Saturday, he's my husband now."},
		facts: []string{"husband"}, gone: []string{"fiancé is Marco"}, kept: true},
	{name: "divorced", steps: []string{
		"I'm married to Karen.", "Karen and I got divorced this spring."},
		gone: []string{"married to Karen"}, kept: true},
	{name: "new boyfriend after a break-up", steps: []string{
		"My boyfriend is Jake.", "Jake and I split up. I'm seeing someone new, his name is Omar."},
		facts: []string{"Omar"}, gone: []string{"boyfriend is Jake"}, kept: true,
		known: "\"seeing someone new, his name is Omar\" does not name Omar as a partner"},

	// A new title at the same employer.
	{name: "promoted at the same company", steps: []string{
		"I'm a software engineer at Shopify.", "I got promoted to engineering manager at Shopify."},
		facts: []string{"engineering manager"}, gone: []string{"software engineer"}, kept: true},
	{name: "senior title", steps: []string{
		"I'm a nurse at St. Mary's.", "I'm a charge nurse now, same hospital."},
		facts: []string{"charge nurse"}, gone: []string{"User is a nurse"}, kept: true},
	{name: "moved teams internally", steps: []string{
		"I'm on the payments team at Adyen.", "I transferred to the risk team at Adyen last month."},
		facts: []string{"risk team"}, gone: []string{"payments team"}, kept: true},

	// Quantities with units.
	{name: "weight in kilograms", steps: []string{
		"I weigh 92 kg.", "I weigh 86 kg now."},
		facts: []string{"86"}, gone: []string{"92 kg"}, kept: true},
	{name: "weight switched to pounds", steps: []string{
		"I weigh 180 lb.", "I'm 172 lbs these days."},
		facts: []string{"172"}, gone: []string{"180"}, kept: true},
	{name: "commute in kilometres", steps: []string{
		"My commute is 12 km.", "After the move my commute is 30 km."},
		facts: []string{"30 km"}, gone: []string{"12 km"}, kept: true},
	{name: "salary per year", steps: []string{
		"I earn $60,000 a year.", "I earn $68,000 a year after my raise."},
		facts: []string{"68,000"}, gone: []string{"60,000"}, kept: true},
	{name: "gym fee per month", steps: []string{
		"My gym membership costs $40 a month.", "My gym membership went up to $55 a month."},
		facts: []string{"55"}, gone: []string{"$40"}, kept: true},
	{name: "height said again", steps: []string{
		"My son is 120 cm tall.", "My son is 131 cm tall now."},
		facts: []string{"131"}, gone: []string{"120 cm"}, kept: true},

	// Frequencies.
	{name: "gym more often", steps: []string{
		"I go to the gym twice a week.", "I go to the gym every day now."},
		facts: []string{"every day"}, gone: []string{"twice a week"}, kept: true},
	{name: "runs less often", steps: []string{
		"I run four times a week.", "I only run once a week now because of my knee."},
		facts: []string{"once a week"}, gone: []string{"four times a week"}, kept: true},
	{name: "calls mum weekly", steps: []string{
		"I call my mom every Sunday.", "I call my mom every day now since dad passed."},
		facts: []string{"every day"}, gone: []string{"every Sunday"}, kept: true},

	// Preferences reversed.
	{name: "gone off coffee", steps: []string{
		"I love coffee.", "I've gone off coffee completely, tea only now."},
		gone: []string{"loves coffee"}, kept: true},
	{name: "now likes olives", steps: []string{
		"I hate olives.", "Weirdly, I actually like olives now."},
		facts: []string{"likes olives"}, gone: []string{"hates olives"}, kept: true},
	{name: "favourite colour changed", steps: []string{
		"My favorite color is green.", "My favorite color is purple these days."},
		facts: []string{"purple"}, gone: []string{"green"}, kept: true},
	{name: "no longer a fan", steps: []string{
		"I'm a big fan of Marvel movies.", "I'm not into Marvel movies anymore, they got boring."},
		gone: []string{"fan of Marvel"}, kept: true},

	// A fact retired with nothing in its place.
	{name: "no longer has a car", steps: []string{
		"I have a car.", "I no longer have a car."},
		gone: []string{"User has a car"}, kept: true},
	{name: "sold the motorbike", steps: []string{
		"I own a Triumph motorcycle.", "I sold my motorcycle last week."},
		gone: []string{"owns a Triumph"}, kept: true},
	{name: "stopped playing guitar", steps: []string{
		"I play guitar in a band.", "I don't play in the band anymore."},
		gone: []string{"plays guitar in a band"}, kept: true,
		known: "\"does not play in the band\" and \"plays guitar in a band\" fill two slots"},
	{name: "quit the choir", steps: []string{
		"I sing in a choir.", "I quit the choir in January."},
		gone: []string{"sings in a choir"}, kept: true},
	{name: "gave up drinking", steps: []string{
		"I drink wine most evenings.", "I've stopped drinking alcohol altogether."},
		gone: []string{"drinks wine"}, kept: true,
		known: "\"stopped drinking alcohol\" is not read as ending \"drinks wine\": wine is not known as alcohol"},

	// The agent stored a date wrong.
	{name: "birthday date corrected", steps: []string{
		"My birthday is March 12.", "A: Noted, your birthday is March 12. || sorry, I misspoke, it's March 21"},
		facts: []string{"03-21"}, gone: []string{"03-12"}, kept: true,
		known: "a value-only correction to a month and day finds no stored month and day to replace (ingest looks for an ISO date)"},
	{name: "anniversary corrected", steps: []string{
		"Our anniversary is October 5.", "Quick correction: our anniversary is October 15, not the 5th."},
		facts: []string{"October 15"}, gone: []string{"anniversary is October 5"}, kept: true},
	{name: "flight date corrected", steps: []string{
		"My flight to Tokyo is on May 8.", "Wait, the flight to Tokyo is actually on May 9."},
		facts: []string{"05-09"}, gone: []string{"05-08"}, kept: true},

	// Family members' own facts changing.
	{name: "sister moved", steps: []string{
		"My sister lives in Dublin.", "My sister moved to Cork last month."},
		facts: []string{"Cork"}, gone: []string{"sister lives in Dublin"}, kept: true},
	{name: "brother's new job", steps: []string{
		"My brother works at Google.", "My brother just started at Meta."},
		facts: []string{"Meta"}, gone: []string{"brother works at Google"}, kept: true},
	{name: "dad retired", steps: []string{
		"My dad works as a pilot.", "My dad retired in December."},
		gone: []string{"dad works as a pilot"}, kept: true},
	{name: "family change keeps the user's own", steps: []string{
		"I live in Glasgow. || My mum lives in Glasgow too.", "My mum moved to Inverness."},
		facts: []string{"lives in Glasgow", "Inverness"}, gone: []string{"mum lives in Glasgow"}, kept: true},

	// Spanish and German turns.
	{name: "spanish move", steps: []string{
		"Vivo en Sevilla.", "Me mudé a Bilbao el mes pasado."},
		facts: []string{"Bilbao"}, gone: []string{"Sevilla"}, kept: true},
	{name: "spanish new job", steps: []string{
		"Trabajo en Telefónica.", "Ahora trabajo en Iberdrola."},
		facts: []string{"Iberdrola"}, gone: []string{"Telefónica"}, kept: true},
	{name: "german move", steps: []string{
		"Ich wohne in Hamburg.", "Ich bin nach München umgezogen."},
		facts: []string{"München"}, gone: []string{"Hamburg"}, kept: true},
	{name: "german new employer", steps: []string{
		"Ich arbeite bei Siemens.", "Ich arbeite jetzt bei Bosch."},
		facts: []string{"Bosch"}, gone: []string{"Siemens"}, kept: true},

	// Turns that must not supersede.
	{name: "hypothetical move", steps: []string{
		"I live in Bristol.", "If I won the lottery I'd move to Cornwall."},
		facts: []string{"lives in Bristol"}, never: []string{"lives in Cornwall", "moved to Cornwall"}},
	{name: "a wish for a new job", steps: []string{
		"I work at Tesco.", "I wish I worked at Waitrose instead."},
		facts: []string{"works at Tesco"}, never: []string{"works at Waitrose"}},
	{name: "a friend's new car", steps: []string{
		"I drive a Volvo.", "My friend Sam just bought a Porsche."},
		facts: []string{"Volvo", "Porsche"}, never: []string{"User drives a Porsche"}},
	{name: "reported speech about a colleague", steps: []string{
		"I work in marketing.", "My colleague told me she's moving into sales."},
		facts: []string{"marketing"}, never: []string{"User works in sales"}},
	{name: "history then present", steps: []string{
		"I lived in Rome in 2010.", "I live in Oslo."},
		facts: []string{"Rome", "lives in Oslo"}},
	{name: "past job then present job", steps: []string{
		"I work at Lidl.", "Years ago I worked at Aldi."},
		facts: []string{"works at Lidl", "Aldi"}},
	{name: "would like a cat", steps: []string{
		"I have a dog.", "I'd love to get a cat someday."},
		facts: []string{"has a dog"}, never: []string{"has a cat"}},
	{name: "maybe changing diet", steps: []string{
		"I'm vegetarian.", "I might try going vegan next month."},
		facts: []string{"vegetarian"}, never: []string{"User is vegan"}},
	{name: "a question about switching phones", steps: []string{
		"I use an Android phone.", "Is the iPhone 15 worth switching to?"},
		facts: []string{"Android"}, never: []string{"uses an iPhone"}},

	// Dedupe: one fact said again in other words.
	{name: "pounds and lb", steps: []string{
		"I weigh 150 pounds.", "I weigh 150 lb."},
		once: []string{"weigh"}},
	{name: "kilometres spelled out", steps: []string{
		"I cycle 20 km to work.", "I cycle twenty kilometers to work."},
		once: []string{"cycle"}},
	{name: "NYC and New York City", steps: []string{
		"I live in NYC.", "I live in New York City."},
		once: []string{"live"}},
	{name: "gym frequency restated", steps: []string{
		"I go to the gym twice a week.", "I hit the gym 2 times a week."},
		once:  []string{"gym"},
		known: "\"hits the gym\" and \"goes to the gym\" are not read as one verb"},
	{name: "wife name restated", steps: []string{
		"My wife is Elena.", "Elena is my wife."},
		once: []string{"Elena"}},
	{name: "job restated with article", steps: []string{
		"I'm an accountant.", "I work as an accountant."},
		once: []string{"accountant"}},
	{name: "city restated with country", steps: []string{
		"I live in Lyon.", "I live in Lyon, France."},
		once: []string{"Lyon"}},
	{name: "allergy restated", steps: []string{
		"I'm allergic to peanuts.", "Peanuts make me break out, I'm allergic."},
		once: []string{"peanut"}},
	{name: "employer restated with Inc", steps: []string{
		"I work at Apple.", "I work at Apple Inc."},
		once: []string{"Apple"}},
	{name: "hobby said with love and like", steps: []string{
		"I love gardening.", "I really love gardening."},
		once: []string{"gardening"}},
	{name: "salary with k", steps: []string{
		"My salary is $75,000.", "My salary is 75k."},
		once: []string{"salary"}},
	{name: "same birthday other format", steps: []string{
		"My birthday is 4 August.", "My birthday is August 4."},
		once: []string{"birthday"}},
	{name: "kids count in words", steps: []string{
		"I have three kids.", "I have 3 children."},
		once: []string{"User has"}},
	{name: "agent echo of the job", steps: []string{
		"I'm a dentist.", "A: So you're a dentist, right? || yes, a dentist"},
		once: []string{"dentist"}},
	{name: "spanish restated", steps: []string{
		"Vivo en Valencia.", "Vivo en Valencia."},
		once: []string{"Valencia"}},

	// Dedupe's look-alikes: two facts that must both stay.
	{name: "two gyms habits", steps: []string{
		"I swim on Mondays.", "I do yoga on Mondays."},
		facts: []string{"swim", "yoga"}},
	{name: "two siblings' cities", steps: []string{
		"My brother lives in Perth.", "My sister lives in Darwin."},
		facts: []string{"Perth", "Darwin"}},
	{name: "two allergies", steps: []string{
		"I'm allergic to cats.", "I'm allergic to penicillin."},
		facts: []string{"cats", "penicillin"}},
	{name: "two instruments", steps: []string{
		"I play piano.", "I play the violin."},
		facts: []string{"piano", "violin"}},
	{name: "two weights", steps: []string{
		"I weigh 70 kg.", "My husband weighs 90 kg."},
		facts: []string{"70 kg", "90 kg"}},
}

// TestSupersedeFourteenth runs the fourteenth round on fresh engines.
func TestSupersedeFourteenth(t *testing.T) {
	runScenarios(t, supersedeFourteenth)
}
