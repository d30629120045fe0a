package service_test

import "testing"

// fifteenthSetMemories are a fifteenth, held-out set: a data engineer in
// Montreal with a paramedic partner and two children (one with a nut
// allergy), asthma, migraines, type 2 diabetes, a penicillin allergy and a
// bad knee, a Subaru and a metro commute, a dbt/Airflow/Snowflake data
// platform with its own rules, the cello, balcony gardening, home brewing,
// bouldering, a cat on a renal diet and a bearded dragon, written as agents
// write memories. Written before the nineteenth relevance round looked at
// any code or failure, and never tuned to.
var fifteenthSetMemories = []string{
	"User lives in Montreal in a third-floor walk-up in the Plateau",
	"User's partner is Anaïs, a paramedic who works night shifts",
	"User's daughter Léa is 9 and is allergic to peanuts and tree nuts",
	"User's son Noah is 12 and plays hockey on Saturday mornings",
	"User's father lives in Sherbrooke and has early-stage Parkinson's",
	"User has asthma and carries a salbutamol inhaler",
	"User gets migraines and takes sumatriptan when one starts",
	"User has type 2 diabetes and checks their blood sugar before breakfast",
	"User is vegetarian but eats fish occasionally",
	"User is allergic to penicillin",
	"User's dentist is Dr. Okafor on Saint-Denis street",
	"User has a bad left knee from an old skiing accident",
	"User drives a 2016 Subaru Outback and puts winter tires on in November",
	"User takes the orange metro line to work",
	"User works as a data engineer at Boréal Logistics",
	"The data warehouse is Snowflake and transformations are written in dbt",
	"Pipelines are orchestrated with Airflow running on Google Cloud Composer",
	"Never query the production database directly; use the read replica",
	"Python code follows Black formatting and type hints are checked with mypy",
	"Every dbt model needs a description and at least a not_null and unique test",
	"Secrets are stored in HashiCorp Vault, never in environment files",
	"Deploys happen on Tuesdays and Thursdays only; Fridays are frozen",
	"Customer addresses are personal data and must be masked in analytics tables",
	"The on-call rotation is weekly and handovers happen on Monday at noon",
	"User's team lead is Priya Raman",
	"Sprint planning is every second Wednesday at 10",
	"User prefers writing SQL with CTEs over nested subqueries",
	"User uses VS Code with the Vim keybindings and zsh",
	"User plays the cello in a community orchestra that rehearses on Tuesday nights",
	"User grows tomatoes and basil on their balcony",
	"User brews beer at home, mostly IPAs",
	"User climbs at an indoor bouldering gym twice a week",
	"User has a cat named Pistache who has kidney disease and eats a special renal diet",
	"The family has a bearded dragon named Ziggy",
	"User is paying off a student loan and wants it gone by 2028",
	"User contributes to an RRSP every February",
	"User is training for the Montreal marathon in September",
	"User drinks their coffee black and stops after 2 pm",
	"User can't stand cilantro",
	"User's birthday is 3 August",
	"User is planning a camping trip to Gaspésie in late July",
	"User's driver's licence must be renewed in October 2027",
	"User is reading Dune and likes hard science fiction",
	"User's sister Camille is a lawyer in Toronto",
}

// TestPromptRelevanceFifteenthSet is the prompt hook in miniature on the
// fifteenth set, a held-out check written before the nineteenth round
// looked at any code or failure. Its related prompts share few or no words
// with the memory they need: a symptom for a condition ("wheezing", "head
// is pounding", "glucose"), a hyponym ("amoxicillin" for penicillin, "espresso"
// for coffee, "lizard" for a bearded dragon), a consequence ("bake sale" for
// a nut allergy, "ship on friday" for a deploy freeze), an everyday synonym
// ("subway", "kitty", "boss", "pager duty", "api token"), a task for a rule
// ("tidy the style and add annotations", "run a select on prod"), and a
// typo ("lisence"). Its unrelated prompts include general questions sharing
// one word with a memory ("cello", "marathon", "python") and agent chatter.
// Measured when written, before the nineteenth round's changes: 17/20 quiet
// ("cello", "marathon", "python" each inject the one memory holding the
// word), 4/25 found. The thresholds hold those counts.
// Links in meaning from a word no memory holds (search.nearInHits, the
// word vectors) raised found 4 → 5 of 25; the floor holds that.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 5 → 6; the floor holds that.
func TestPromptRelevanceFifteenthSet(t *testing.T) {
	injected := promptHook(t, fifteenthSetMemories)
	unrelated := []string{
		"ok, thanks",
		"what's the tallest mountain in africa",
		"who composed the cello suites",
		"what is the history of the marathon race",
		"explain how a hash map handles collisions",
		"translate thank you into japanese",
		"how does a jet engine produce thrust",
		"write a haiku about autumn leaves",
		"why is the sky blue",
		"how do I reverse a string in javascript",
		"what causes earthquakes",
		"recommend a name for a sailboat",
		"how many moons does jupiter have",
		"what's the difference between a crocodile and an alligator",
		"when was the printing press invented",
		"what's the plot of hamlet",
		"how many players are on a volleyball team",
		"convert 50 fahrenheit to celsius",
		"give me an antonym for generous",
		"how do I merge two dictionaries in python",
	}
	related := []relatedPrompt{
		{"I'm wheezing after climbing the stairs, what should I do", fifteenthSetMemories[5]},
		{"my head is pounding and the light hurts my eyes", fifteenthSetMemories[6]},
		{"what can I eat for breakfast that won't spike my glucose", fifteenthSetMemories[7]},
		{"the doctor wants to prescribe me amoxicillin, is that ok", fifteenthSetMemories[9]},
		{"I chipped a tooth, who should I call", fifteenthSetMemories[10]},
		{"what stretches help a sore kneecap", fifteenthSetMemories[11]},
		{"when should I switch to snow tyres", fifteenthSetMemories[12]},
		{"is the subway running late this morning", fifteenthSetMemories[13]},
		{"add a new model that sums up deliveries by week", fifteenthSetMemories[19]},
		{"schedule this job to run every night at 2am", fifteenthSetMemories[16]},
		{"can I just run a select on prod to check the numbers", fifteenthSetMemories[17]},
		{"tidy up the style of this script and add annotations", fifteenthSetMemories[18]},
		{"where should I put the api token for the new connector", fifteenthSetMemories[20]},
		{"can we ship this fix on friday afternoon", fifteenthSetMemories[21]},
		{"include where each customer lives in the report", fifteenthSetMemories[22]},
		{"who's covering pager duty next week", fifteenthSetMemories[23]},
		{"I need to ask my boss for a day off, who is that again", fifteenthSetMemories[24]},
		{"what rosin should I buy for my bow", fifteenthSetMemories[28]},
		{"the herbs outside my window are wilting, help", fifteenthSetMemories[29]},
		{"what hops go well in a pale ale", fifteenthSetMemories[30]},
		{"my kitty won't eat her special food", fifteenthSetMemories[32]},
		{"what temperature should the lizard's tank be", fifteenthSetMemories[33]},
		{"is it too late in the day for an espresso", fifteenthSetMemories[37]},
		{"my kid's school is having a bake sale, what can I send", fifteenthSetMemories[2]},
		{"when does my drivers lisence run out", fifteenthSetMemories[41]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 17 || found < 7 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 17), related found %d/%d (want ≥ 7)", quiet, len(unrelated), found, len(related))
	}
}
