package service_test

import "testing"

// seventeenthSetMemories are a seventeenth, held-out set: a secondary-school
// chemistry teacher in Kraków with a tram-driver husband on night shifts, a
// daughter with type 1 diabetes, a small son and a father with Parkinson's,
// coeliac disease, migraines with aura, asthma, tinnitus, plantar fasciitis
// and a penicillin allergy, an e-bike and an old LPG estate car, an
// open-source chemical inventory app in Elixir with its own rules,
// beekeeping, choir, bouldering, mushroom foraging, correspondence chess and
// a dachshund, written as agents write memories. Written before anyone
// looked at any code or failure for it, and never tuned to.
var seventeenthSetMemories = []string{
	"User lives in Kraków, in a flat in Podgórze near the river",
	"User teaches chemistry at a secondary school in Nowa Huta",
	"User's husband Tomasz drives trams for the city transport company and works night shifts",
	"User's daughter Zosia is 8 and has type 1 diabetes; she wears a glucose sensor on her arm",
	"User's son Kuba is 4 and goes to kindergarten until 4 pm",
	"User's father lives in Zakopane and has early-stage Parkinson's disease",
	"User has coeliac disease and must eat strictly gluten-free",
	"User gets migraines with aura and takes sumatriptan as soon as one starts",
	"User has asthma and carries a salbutamol inhaler",
	"User has tinnitus in the left ear",
	"User has plantar fasciitis in the right foot",
	"User is allergic to penicillin",
	"User's dentist is Dr. Nowicka on Długa Street",
	"User cycles to school on an e-bike",
	"User maintains LabShelf, an open-source chemical inventory web app written in Elixir with Phoenix LiveView",
	"LabShelf stores its data in PostgreSQL and every migration must be reversible",
	"LabShelf's hazard data for a chemical must come from the supplier's safety data sheet, never typed in by hand",
	"Every LabShelf change needs a CHANGELOG entry under Unreleased",
	"LabShelf's interface text is translated into Polish, English and Ukrainian with gettext; never hard-code strings",
	"LabShelf commits follow the Conventional Commits format",
	"LabShelf's CI runs on Woodpecker at Codeberg, and only the user tags releases",
	"LabShelf is licensed under AGPL-3.0 and contributors must sign off their commits",
	"User's co-maintainer on LabShelf is Olena Kravets, a lab technician in Lviv",
	"LabShelf's issues are triaged every Saturday morning",
	"User writes code in Emacs on a ThinkPad running Debian",
	"User keeps two beehives on an allotment in Bronowice",
	"User sings alto in a church choir that rehearses on Thursday evenings",
	"User goes bouldering at a climbing gym twice a week",
	"User forages for mushrooms every autumn in the Niepołomice forest",
	"User plays correspondence chess on Lichess",
	"The family has a wire-haired dachshund named Pączek",
	"User drives a 2011 Škoda Octavia estate converted to run on LPG",
	"User must submit final grades to the school system by 20 June",
	"User coaches the school's chemistry olympiad team",
	"User doesn't drink alcohol",
	"User is saving for a bigger flat and talks to a mortgage broker named Paweł",
	"User's passport expires in May 2027",
	"User is planning a summer holiday to Croatia by car in July",
	"User is learning Ukrainian with a tutor on Tuesday evenings",
	"User's wedding anniversary is 3 August",
	"User dislikes coriander",
	"User swims at the public pool on Sunday mornings",
	"User reads science fiction and loves Stanisław Lem",
	"User's sister Agnieszka is a midwife in Dublin",
}

// TestPromptRelevanceSeventeenthSet is the prompt hook in miniature on the
// seventeenth set, a held-out check written before anyone looked at any
// code or failure for it. Its related prompts mostly share no words with
// the memory they need: a dish for a diet ("pierogi"), symptoms for a
// condition ("zigzag lights", "wheezing", "ringing", "heel stabs", "hands
// shake", "sugar keeps crashing"), a drug's family ("amoxicillin"), a
// synonym or part ("molar", "sausage dog", "gas tank"), a task for a
// project rule ("drops the column", "type the flash point in", "button
// label", "commit message", "push a tag", "license for the plugin", "bug
// reports"), a hobby's gear or trouble ("queen", "harmony notes",
// "overhangs", "brown cap with a sponge"), and a route for a trip ("Split",
// "Slovenia"). Its unrelated prompts include general questions sharing one
// word with a memory ("bees", "chess", "chemical", "git commit") and seven
// everyday first-person prompts about things not stored.
// Measured when written, before any change for it: 19/20 quiet ("who
// invented chess" injects the one memory holding "chess"), 7/25 found. The
// thresholds are those counts when written. Without the sentence encoder
// (search.liftNearestInMeaning, merged just before the set was written, by
// someone who had not read it) the same set gives 19/20 and 5/25: it found
// "amoxicillin" → the penicillin allergy and the daughter's sugar → her
// diabetes, and none of its everyday first-person prompts injected.
func TestPromptRelevanceSeventeenthSet(t *testing.T) {
	injected := promptHook(t, seventeenthSetMemories)
	unrelated := []string{
		"thanks, that looks right",
		"what's the capital of Australia",
		"how do I reverse a linked list in Go",
		"explain how vaccines train the immune system",
		"write a haiku about autumn rain",
		"what is the difference between TCP and UDP",
		"convert 350 fahrenheit to celsius",
		"who wrote the odyssey",
		"what causes the northern lights",
		"how do bees make honey",
		"who invented chess",
		"what is the chemical formula of table salt",
		"how do I undo the last git commit",
		"my phone battery dies really fast lately",
		"help me write a birthday message for my aunt",
		"my houseplant's leaves are turning yellow",
		"I keep forgetting where I put my keys",
		"I need a polite email to decline a meeting invite",
		"I spilled coffee on my white shirt, how do I get it out",
		"my neighbour's wifi keeps interfering with mine, what channel should I use",
	}
	m := seventeenthSetMemories
	related := []relatedPrompt{
		{"is it ok if I order pierogi at the restaurant tonight", m[6]},
		{"I'm seeing zigzag lights in one eye and my head is starting to pound", m[7]},
		{"I'm wheezing after climbing the stairs, what should I do", m[8]},
		{"there's a constant ringing that keeps me awake at night", m[9]},
		{"my heel stabs when I first step out of bed in the morning", m[10]},
		{"the doctor wants to give me amoxicillin for a sinus infection, is that ok", m[11]},
		{"my molar is killing me, who should I call", m[12]},
		{"my daughter's sugar keeps crashing after gym class", m[3]},
		{"my dad's hands shake more every month, how can I help him at home", m[5]},
		{"my husband sleeps during the day, how do I keep the kids quiet", m[2]},
		{"write a migration that drops the old storage_room column", m[15]},
		{"add the flash point for acetone, I'll just type it in myself", m[16]},
		{"I fixed the barcode scanner bug, what else does the PR need before review", m[17]},
		{"add a button labelled \"Remove bottle\" to the shelf page", m[18]},
		{"write the commit message for this fix", m[19]},
		{"can you push a v2.3 tag for the release", m[20]},
		{"what license should the new plugin repo use so it matches the main project", m[21]},
		{"when do we go through the new bug reports", m[23]},
		{"the queen seems to be missing and the colony is grumpy", m[25]},
		{"how do I hit the low harmony notes in the Mass we're singing", m[26]},
		{"my forearms get pumped on overhangs, how do I train", m[27]},
		{"is this brown cap with a sponge underneath safe to eat", m[28]},
		{"our sausage dog hurt his back jumping off the sofa", m[30]},
		{"the gas tank in the car smells, where can I get it checked", m[31]},
		{"we're driving down to Split next summer, what route through Slovenia", m[37]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 19 || found < 9 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 19), related found %d/%d (want ≥ 9)", quiet, len(unrelated), found, len(related))
	}
}
