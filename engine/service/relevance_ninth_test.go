package service_test

import "testing"

// ninthSetMemories are a ninth, held-out set: a data engineer at a freight
// company who writes Python and SQL at work and a Rust CLI at home, has a
// partner who is a nurse, a retired greyhound, type 1 diabetes, climbs,
// plays the cello and is saving for a house, written as the extractor and
// agents write memories. Written before the ninth round's changes and
// never tuned to.
var ninthSetMemories = []string{
	"User is a data engineer at Northwind Freight, a logistics company in Toronto",
	"User's team runs its pipelines on Apache Airflow 2.8, with the DAGs kept in the data-platform repo",
	"Data models are built with dbt on Snowflake; every model needs unique and not_null tests on its primary key",
	"User wants Python type hints everywhere and runs mypy in strict mode before pushing",
	"User formats Python code with ruff, line length 100",
	"The data team's on-call rotation is one week at a time; handover is on Monday at 10am",
	"Production credentials are kept in AWS Secrets Manager, never in .env files",
	"User's manager is Grace Okafor; their 1:1 is every other Thursday",
	"User writes SQL with leading commas and lowercase keywords",
	"The shipments table is partitioned by ship_date and clustered by carrier_id",
	"User is vegetarian but eats eggs and dairy",
	"User has type 1 diabetes and wears a Dexcom glucose monitor",
	"User's partner Priya is a pediatric nurse who works night shifts",
	"User and Priya are getting married on 12 June 2027 in Vancouver",
	"User has a retired greyhound called Pepper who is scared of thunderstorms",
	"Pepper's vet is Dr. Lam at Danforth Animal Clinic",
	"User goes bouldering at Basecamp Climbing on Monday and Wednesday evenings",
	"User is working on V5 boulder problems and wants to send a V6 by spring",
	"User plays cello in the East End Community Orchestra; rehearsals are on Sunday afternoons",
	"User bakes sourdough every weekend and feeds the starter with rye flour",
	"The apartment lease renews on 1 March; rent is 2,450 dollars a month",
	"User is saving for a house deposit in an FHSA and a TFSA, 800 dollars a month each",
	"User's parents live in Manila and User calls them every Saturday morning",
	"User commutes by bike along the Bloor Street bike lane",
	"User is allergic to penicillin",
	"User's personal laptop is a ThinkPad X1 Carbon running Fedora",
	"User's editor is Neovim with the LazyVim config",
	"User is learning Portuguese on Duolingo for a trip to Lisbon in October",
	"User's side project is tidepool, a Rust CLI that syncs Strava rides into a SQLite database",
	"tidepool releases are built with cargo-dist and published to Homebrew",
}

// TestPromptRelevanceNinthSet is the prompt hook in miniature on the ninth
// set, a held-out check: nothing in the relevance model was tuned to it.
// Its related prompts are typed as people type them: a broader or
// narrower word than the memory's ("dog" for greyhound, "antibiotics" for
// penicillin, "boss" for manager), other word forms ("climb" for
// bouldering), typos, indirect references ("mum and dad", "my fiancee"),
// and code pasted around a request. Its unrelated prompts include ones
// sharing a common word with a memory ("team", "table", "egg", "tests")
// and agent chatter. Measured when written, before the ninth round's
// changes: 18/20 quiet ("run the tests again" and "how do I make a table
// in markdown" inject), 11/25 found; 12/25 since WordNet's narrower
// kinds count for the score ("dog" for the greyhound). The thresholds
// hold those counts.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 13 → 16; the floor holds that.
func TestPromptRelevanceNinthSet(t *testing.T) {
	injected := promptHook(t, ninthSetMemories)
	unrelated := []string{
		"thanks!",
		"yes do that",
		"run the tests again",
		"what's the tallest mountain in africa",
		"explain how a hash map handles collisions",
		"write a haiku about autumn",
		"how many ounces in a pound",
		"what's the difference between tcp and udp",
		"how do I undo the last git commit but keep the changes",
		"suggest a name for a fantasy football team",
		"who painted the starry night",
		"how do I make a table in markdown",
		"what causes the northern lights",
		"give me a word that rhymes with orange",
		"explain what a closure is in javascript",
		"how long should I boil an egg for a runny yolk",
		"what's the population of iceland",
		"how do I reverse a linked list",
		"translate good morning into french",
		"what's a good board game for four people",
	}
	related := []relatedPrompt{
		{"remind me where I work", ninthSetMemories[0]},
		{"the nightly dag keeps timing out, how do I add retries to the task", ninthSetMemories[1]},
		{"write a dbt model for daily delivery counts with the tests we need", ninthSetMemories[2]},
		{"add annotations to this helper so it passes the type checker\n```python\ndef parse_row(row):\n    return row['id'], float(row['weight'])\n```", ninthSetMemories[3]},
		{"when does my on call week hand over", ninthSetMemories[5]},
		{"where should I put the snowflake password for the new job", ninthSetMemories[6]},
		{"when's my next one on one with my boss", ninthSetMemories[7]},
		{"why is my query on shipments scanning every partition when I filter by date", ninthSetMemories[9]},
		{"suggest a high protein dinner I can eat", ninthSetMemories[10]},
		{"my blood sugar keeps spiking after breakfast, any tips", ninthSetMemories[11]},
		{"what shifts does my fiancee work", ninthSetMemories[12]},
		{"how many days until the wedding", ninthSetMemories[13]},
		{"my dog is shaking during the storm what can i do", ninthSetMemories[14]},
		{"whats the name of our vet", ninthSetMemories[15]},
		{"which nights do I climb", ninthSetMemories[16]},
		{"what grade am I projecting right now", ninthSetMemories[17]},
		{"when is orchestra rehersal", ninthSetMemories[18]},
		{"what flour do I feed my starter", ninthSetMemories[19]},
		{"when is our lease up for renewal", ninthSetMemories[20]},
		{"remind me to call mum and dad this weekend", ninthSetMemories[22]},
		{"which antibiotics should I avoid", ninthSetMemories[24]},
		{"help me set up a keymap in my editor to toggle the file tree", ninthSetMemories[26]},
		{"give me some portugese phrases for my trip", ninthSetMemories[27]},
		{"add a flag to tidepool so it only syncs rides from the last week", ninthSetMemories[28]},
		{"how do i ship a new release of my strava cli", ninthSetMemories[29]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 18 || found < 17 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 18), related found %d/%d (want ≥ 17)", quiet, len(unrelated), found, len(related))
	}
}
