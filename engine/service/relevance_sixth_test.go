package service_test

import "testing"

// sixthSetMemories are a sixth, held-out set: a parent who runs a small
// flower shop and maintains a Python data pipeline and a Flutter app for
// the shop, written as the extractor and agents write memories. Written
// before the sixth round's changes and never tuned to.
var sixthSetMemories = []string{
	"User's son Mateo has football practice on Wednesday afternoons",
	"User's daughter Lena starts primary school in September",
	"User runs a small flower shop called Petal & Stem on Harbour Street",
	"The shop opens at 8:00 and closes at 18:00, and is closed on Mondays",
	"User's accountant is Greta Holm; VAT returns are due every quarter",
	"User is lactose intolerant",
	"User's husband Tomas works as an electrician",
	"User drives an electric Kia Niro that is charged overnight in the driveway",
	"User prefers short answers with bullet points",
	"The pipeline repo is a Python 3.12 project that loads sales CSVs exported from Shopify into DuckDB",
	"The pipeline's nightly job is scheduled with Prefect and starts at 01:30",
	"Always run ruff and mypy before committing to the pipeline repo",
	"Pipeline secrets such as the Shopify token live in a .env file that is never committed",
	"Dependencies of the pipeline are managed with Poetry",
	"The pipeline tests use pytest with fixture files stored in tests/data",
	"The bloom mobile app is built with Flutter and targets iOS and Android",
	"bloom sends push notifications through Firebase Cloud Messaging",
	"bloom's backend is a Supabase project in the eu-central-1 region",
	"New bloom builds go to TestFlight for beta testers before the App Store",
	"User orders roses from a wholesaler in Aalsmeer every Thursday",
	"Card payments in the shop go through a SumUp terminal",
	"User's part-time employee Noor works Saturdays",
	"User does yoga on Friday mornings before opening the shop",
	"The weekly sales report is emailed to User every Monday at 07:00",
	"Loyalty points in bloom expire after 12 months",
	"User's mother-in-law looks after the kids on Tuesdays",
	"The shop's website runs on Squarespace",
	"Dashboards for the pipeline data are built in Metabase",
	"User wants Python examples with type hints",
	"User grew up in Poland and speaks Polish at home",
}

// TestPromptRelevanceSixthSet is the prompt hook in miniature on the sixth
// set, a held-out check: nothing in the relevance model was tuned to it.
// Its related prompts are typed as people type them: everyday words for
// the memory's terms ("boy" for son, "store" for shop), typos, requests
// that only imply the memory, logs pasted around a question. Measured when
// written, before the sixth round's changes: 19/20 quiet ("regex for a
// valid email address" injects the memory of the report that is emailed),
// 14/25 found. After the prose around a fenced block came to be judged on
// its own (search.judgedParts, seventh round): 19/20, 15/25 (the bloom
// notifications above a pasted log); with the weekend a kind of days
// (llm/kinds.go, eighth round): 19/20, 16/25 ("who's working in the shop
// this weekend?"); with a prompt's "the" naming the user's own thing
// (search.isAskedPossessive, fourteenth round): 19/20, 17/25 ("the
// nightly etl didn't run" against "The pipeline's nightly job…"); back
// to 16/25 once a "the" on both sides no longer names an owner (a
// review's "the dog in the movie" injected "The dog next door…"). The
// thresholds hold those counts. A first-person prompt's nearest hit in
// meaning (search.liftNearestInMeaning, the sentence encoder) costs one
// quiet prompt: "squash my last three commits" injects "Always run ruff
// and mypy before committing…", a rule a commit may well need: 18/20.
func TestPromptRelevanceSixthSet(t *testing.T) {
	injected := promptHook(t, sixthSetMemories)
	unrelated := []string{
		"thanks!",
		"continue",
		"revert that change",
		"what's a monad",
		"write fizzbuzz in javascript",
		"how tall is mount everest",
		"convert 5 miles to km",
		"why is my docker image so big",
		"explain big O notation with an example",
		"what does this stack trace mean?\n```\nTraceback (most recent call last):\n  File \"x.py\", line 3, in <module>\n    print(d['k'])\nKeyError: 'k'\n```",
		"make this paragraph sound more formal",
		"sort this list of names alphabetically",
		"regex for a valid email address",
		"what's the capital of australia",
		"write a limerick about a cat",
		"how do I center a div",
		"give me 3 ideas for a team offsite",
		"explain the CAP theorem",
		"squash my last three commits",
		"why is the sky blue",
	}
	related := []relatedPrompt{
		{"what time is my boy's soccer thing on wednesday?", sixthSetMemories[0]},
		{"write an instagram caption for my florist business", sixthSetMemories[2]},
		{"what are my store hours again? want to put them on a sign", sixthSetMemories[3]},
		{"when's the next tax filing due for the business", sixthSetMemories[4]},
		{"suggest a dessert I can eat, no dairy please", sixthSetMemories[5]},
		{"my hubby wants to rewire the garage, any safety tips?", sixthSetMemories[6]},
		{"how long does my EV take to charge at home?", sixthSetMemories[7]},
		{"add a step to the pipline that dedupes orders before loading", sixthSetMemories[9]},
		{"the nightly etl didn't run last night, when is it supposed to kick off?", sixthSetMemories[10]},
		{"about to commit my pipeline changes, what checks do I run?", sixthSetMemories[11]},
		{"where should I put the shopify api key for the pipeline", sixthSetMemories[12]},
		{"add pandas as a dependency to the pipeline project", sixthSetMemories[13]},
		{"write a test for the csv loader, where do the sample files go?", sixthSetMemories[14]},
		{"create a new settings screen in the bloom app", sixthSetMemories[15]},
		{"bloom notifications stopped arriving on android phones, here's the log:\n```\nW/FirebaseMessaging: Missing Default Notification Channel metadata in AndroidManifest\nE/FCM: Token retrieval failed: SERVICE_NOT_AVAILABLE\n```", sixthSetMemories[16]},
		{"which region is bloom's database hosted in? GDPR question", sixthSetMemories[17]},
		{"how do I get the latest bloom build to my beta testers", sixthSetMemories[18]},
		{"when do I need to place the rose order this week?", sixthSetMemories[19]},
		{"a customer says their card got declined at the till, what terminal do we use?", sixthSetMemories[20]},
		{"who's working in the shop this weekend?", sixthSetMemories[21]},
		{"can I schedule a dentist appointment friday at 8am?", sixthSetMemories[22]},
		{"when does the sales report land in my inbox", sixthSetMemories[23]},
		{"how long before reward points run out in bloom?", sixthSetMemories[24]},
		{"who watches the children on tuesday", sixthSetMemories[25]},
		{"build a chart of monthly revenue from the pipeline data", sixthSetMemories[27]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 18 || found < 18 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 18), related found %d/%d (want ≥ 18)", quiet, len(unrelated), found, len(related))
	}
}
