package service_test

import "testing"

// ownLifeSetMemories are an everyday user's facts as an agent distils them
// from a chat: a structural engineer in Porto with a fiancée, two children,
// a cat and a tortoise, food restrictions of four kinds (a disease, an
// allergy, a diet, a dislike), limits set by a cardiologist, a coach and a
// physiotherapist, a car, a phone, a team, money (a mortgage, savings, a
// payday, a gym fee) and weekly routines. Written for this test before
// anyone looked at any code or failure for it, and never tuned to.
var ownLifeSetMemories = []string{
	"User rents a two-bedroom flat in Porto",
	"User works as a structural engineer at a consultancy called Arcada, mostly in Revit and AutoCAD",
	"User's line manager is Helena Sousa",
	"User has coeliac disease and must avoid gluten",
	"User is allergic to shellfish",
	"User has been vegetarian since 2019",
	"User can't stand coriander",
	"User drives a 2016 Skoda Octavia estate",
	"User's girlfriend Marta is a dentist in Matosinhos",
	"User and Marta got engaged in June",
	"User's daughter Inês is 4 and goes to a kindergarten near Boavista",
	"User's son Tomás is 9 and plays junior football every Saturday morning",
	"User has a tabby cat named Pimenta",
	"User also has a tortoise called Jorge that hibernates in winter",
	"User swims at the municipal pool every Tuesday and Thursday before work",
	"User's cardiologist said to keep coffee to one cup a day",
	"User's running coach capped long runs at 18 km until March",
	"User takes levothyroxine every morning for an underactive thyroid",
	"User has a mortgage with Millennium BCP, 850 euros due on the 5th of each month",
	"User is putting 200 euros a month aside for a trip to Japan next spring",
	"User's salary is paid on the 25th",
	"User pays 39 euros a month for a Solinca gym membership",
	"User does the weekly grocery shopping at the Saturday farmers' market",
	"User bakes sourdough bread every Sunday",
	"User plays bass guitar in a covers band called Os Vizinhos",
	"User's mother Graça lives in Coimbra and calls every Sunday evening",
	"User's best friend Rui moved to Lyon last year",
	"User is learning Japanese on Duolingo for the trip",
	"User reads a chapter to Inês every night before bed",
	"User is short-sighted and wears glasses for driving",
	"User supports FC Porto and has a season ticket",
	"User's phone is a Pixel 7",
	"User is on a low-sodium diet after high blood pressure readings",
	"User doesn't drink alcohol",
	"User's commute is 25 minutes on the metro's yellow line",
	"User's physiotherapist said no deadlifts until the lower back heals",
	"User's kids start the school term on 15 September",
	"User hates flying and takes the train whenever possible",
	"User's neighbour Lurdes waters the plants when the family is away",
	"User volunteers at a food bank on the first Saturday of each month",
}

// TestPromptRelevanceOwnLifeSet is the prompt hook in miniature on an
// everyday user's own life, asked the way that user asks about it: a
// category for its members ("software" for Revit, "vehicle" for a Skoda,
// "city" for Porto, "instrument" for a bass, "herbs" for coriander), a
// member for its category ("prawn" for shellfish, "espressos" for coffee,
// "beer" for alcohol, "salt" for sodium), a relation in other words
// ("report to" for a line manager, "fiancée" for a girlfriend, "my boy"
// for a son, "kitty" for a cat, "pay" for a salary, "house payment" for a
// mortgage) and a limit a doctor or coach set ("how far can I go", "am I
// cleared to lift"). Its unrelated prompts are general questions, some
// sharing a word with a memory ("mortgages", "bass", "learn", "World
// Cup", "cars"), and everyday first-person prompts about things not stored.
// Measured when written, before any change for it: 18/20 quiet ("my wifi
// drops every evening around 9" injects the son of 9 and the pool before
// work, "my neighbour's dog barks all night" the neighbour who waters the
// plants), 15/33 found; the misses are mostly a category for its members
// (city, vehicle, herbs, team, brand, animals), a member for its category
// (prawn, beer, salt, meat) and a relation in other words (report to,
// fiancée, nursery, commute). The thresholds were those counts; with a
// slot asked by its category before the verb, by reporting to a role or
// as a food restriction (engine/service/search/slot_questions.go) 23/33
// are found, quiet unmoved, and the found floor follows.
func TestPromptRelevanceOwnLifeSet(t *testing.T) {
	injected := promptHook(t, ownLifeSetMemories)
	unrelated := []string{
		"thanks, that helps a lot",
		"what's the boiling point of water at high altitude",
		"write a haiku about autumn leaves",
		"how do vaccines train the immune system",
		"explain compound interest with an example",
		"what's the best way to learn Spanish grammar",
		"how do adjustable-rate mortgages work",
		"who won the 2010 World Cup",
		"what's the fastest land animal",
		"how do electric cars charge so fast",
		"translate 'thank you' into German",
		"my printer keeps jamming, any tips",
		"help me write a birthday message for my coworker",
		"my wifi drops every evening around 9",
		"recommend a good sci-fi novel",
		"how do I get a red wine stain out of a carpet",
		"how do I get rid of fruit flies in the kitchen",
		"explain how a bass amplifier works",
		"my neighbour's dog barks all night, what can I do",
		"I want to repaint the living room, which colour goes with oak floors",
	}
	m := ownLifeSetMemories
	related := []relatedPrompt{
		{"remind me which city I'm based in", m[0]},
		{"what software do I use for my job", m[1]},
		{"who do I report to", m[2]},
		{"is there any food I have to stay away from", m[3]},
		{"can I order the prawn linguine tonight", m[4]},
		{"do I eat meat", m[5]},
		{"which herbs should the recipe leave out for me", m[6]},
		{"what kind of vehicle do I own", m[7]},
		{"what does my fiancée do for work", m[8]},
		{"when did I propose to her", m[9]},
		{"which nursery is my youngest at", m[10]},
		{"what sport does my boy play", m[11]},
		{"what's my kitty called", m[12]},
		{"do any of my animals sleep through the cold months", m[13]},
		{"which mornings do I go swimming", m[14]},
		{"how many espressos a day am I allowed", m[15]},
		{"how far can I go on my long run", m[16]},
		{"what pills do I take in the morning", m[17]},
		{"how much is my monthly house payment", m[18]},
		{"how much do I set aside each month for the holiday", m[19]},
		{"what day does my pay come in", m[20]},
		{"where do I buy my vegetables", m[22]},
		{"what do I do on sunday mornings", m[23]},
		{"what instrument do I play", m[24]},
		{"what town does my mum live in", m[25]},
		{"where did my best mate move to", m[26]},
		{"what language am I studying", m[27]},
		{"which team do I cheer for", m[30]},
		{"what brand is my mobile", m[31]},
		{"should I watch how much salt I eat", m[32]},
		{"can I have a beer at the barbecue", m[33]},
		{"how do I get to the office", m[34]},
		{"am I cleared to lift heavy weights yet", m[35]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 18 || found < 23 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 18), related found %d/%d (want ≥ 23)", quiet, len(unrelated), found, len(related))
	}
}
