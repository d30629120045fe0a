package service_test

import "testing"

// thirteenthSetMemories are a thirteenth, held-out set: a backend engineer
// in Halifax, engaged, with a young daughter and a father in care, type 1
// diabetes, a Python and Django payments service with its own conventions,
// climbing, a fiddle, a kayak and a cat, written as agents write memories.
// Written before the sixteenth round's changes and never tuned to.
var thirteenthSetMemories = []string{
	"User lives in Halifax, Nova Scotia, in a rented apartment in the North End",
	"User's partner is Priya, a veterinary nurse",
	"User and Priya got engaged in March and are planning the wedding for next September",
	"User's daughter Maya is 9 and plays hockey on Saturday mornings",
	"User's father Gordon has early-stage dementia and lives in a care home in Truro",
	"User visits their dad every second Sunday",
	"User's sister Hannah lives in Calgary and is expecting her first baby in January",
	"User has type 1 diabetes and wears a Dexcom glucose monitor",
	"User is allergic to penicillin",
	"User gets migraines when they skip meals",
	"User's dentist is Dr. Leblanc on Quinpool Road",
	"User had LASIK surgery in 2021",
	"User drives a 2016 Subaru Outback",
	"The Subaru's winter tires go on in November",
	"User commutes by bus on route 1 most days",
	"User works as a backend engineer at Tidewater Financial",
	"The payments service is written in Python 3.12 with Django and Django REST Framework",
	"The team uses Poetry for dependency management; pip install is not allowed in the repo",
	"Database migrations must be backwards compatible and reviewed by the DBA, Olu",
	"The main database is PostgreSQL 15 on AWS RDS",
	"Celery with RabbitMQ runs the background jobs",
	"Code is formatted with Black and linted with Ruff; line length is 100",
	"Tests use pytest with factory_boy fixtures; coverage must stay above 85 percent",
	"Every money amount is stored as integer cents, never as floats",
	"Logs must never contain card numbers or full names; use the redact() helper",
	"Releases are cut every second Wednesday and tagged with calendar versioning",
	"User's manager is Siobhan Kerr",
	"Commit messages follow Conventional Commits",
	"Secrets live in AWS Secrets Manager; never commit a .env file",
	"The team tracks work in Linear and the sprint is two weeks",
	"User prefers type hints on every function and dataclasses over dicts",
	"User's work machine is a MacBook Pro M3 with 36 GB of RAM",
	"User uses PyCharm for Python and Neovim for everything else",
	"User is on the incident rota one week in five, using PagerDuty",
	"User goes bouldering at Seven Bays twice a week",
	"User is learning to play the fiddle and takes lessons on Monday nights",
	"User owns a sea kayak and paddles in the Northwest Arm in summer",
	"User's cat is a grey tabby called Pickle who needs thyroid tablets twice a day",
	"User is vegetarian but eats fish",
	"User doesn't like coriander",
	"User drinks oat milk lattes",
	"User is planning a three-week trip to Japan in April 2027 with Priya",
	"User has Aeroplan points saved for the Japan flights",
	"User's passport was renewed in 2024",
	"User contributes to a TFSA and an RRSP every month",
	"User is paying off a student loan of 14,000 dollars",
	"User's rent is 1,950 dollars a month and is due on the first",
	"User banks with Tangerine",
	"User's phone plan is with Fizz",
	"User is reading Project Hail Mary",
	"User plays in a Tuesday night trivia team at a pub called The Old Triangle",
	"User's best friend is Dev, who lives in Toronto",
	"User's birthday is 4 May",
	"Priya's birthday is 17 November and she collects vinyl records",
	"User speaks French and is taking Japanese classes on Duolingo",
	"User volunteers at the food bank one Saturday a month",
	"User wants to buy a house in Dartmouth within two years",
	"User sleeps badly and is trying not to use screens after 10pm",
	"User's car insurance renews in August with Intact",
	"User's running shoes are Brooks Ghost and they run 5k on Thursdays",
}

// TestPromptRelevanceThirteenthSet is the prompt hook in miniature on the
// thirteenth set, a held-out check written before the sixteenth round
// looked at any failure. Its related prompts are typed as people type to
// an agent: a relation for a name ("my fiancée", "my dad"), a kind or a
// symptom for a stored condition ("blood sugar", "amoxicillin",
// "headache"), a place for a country ("tokyo"), a British spelling
// ("tyres"), a typo ("lone"), and work requests that reach a convention
// indirectly. Its unrelated prompts include ones sharing one word with a
// memory in another sense or as a general question ("pickle", "hockey",
// "kayak", "fiddle", "triangle", "ghost", "cents") and agent chatter.
// Measured when written, before the sixteenth round's changes: 16/20
// quiet ("pickle", "hockey", "kayak" and "fiddle" each inject the one
// memory holding the word), 8/25 found. With the other spelling of
// English (index.SpellingVariants, sixteenth round): 16/20, 9/25 ("when
// should I swap my tyres"). With a definition's words linking a prompt's
// word to a memory's (index.QueryTerm.Glossed, seventeenth round): 16/20,
// 10/25 ("our trip to tokyo" reaches Japan). The thresholds hold those
// counts.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 11 → 13; the floor holds that.
func TestPromptRelevanceThirteenthSet(t *testing.T) {
	injected := promptHook(t, thirteenthSetMemories)
	unrelated := []string{
		"ok, go ahead",
		"what's the tallest mountain in canada",
		"how do I reverse a linked list in java",
		"write a haiku about autumn rain",
		"explain how https certificates work",
		"what's the difference between a violin and a fiddle",
		"how do I pickle cucumbers",
		"what are the rules of ice hockey",
		"who invented the kayak",
		"how do penguins survive the cold",
		"what happened in the triangle shirtwaist fire",
		"how does a credit score work",
		"convert 30 celsius to fahrenheit",
		"what's the best way to learn calculus",
		"tell me a fun fact about sloths",
		"why is the sky blue",
		"what does a ghost pepper taste like",
		"how far is the moon from earth",
		"how many cents in a euro",
		"who painted the mona lisa",
	}
	related := []relatedPrompt{
		{"what should I get my fiancée for her birthday", thirteenthSetMemories[53]},
		{"my daughter has a game this weekend, what should she eat before it", thirteenthSetMemories[3]},
		{"what activities are good for someone with memory loss, thinking of my dad", thirteenthSetMemories[4]},
		{"my blood sugar keeps dropping at night, any tips", thirteenthSetMemories[7]},
		{"the doctor wants to prescribe me amoxicillin, is that ok", thirteenthSetMemories[8]},
		{"I have a headache coming on, haven't eaten since breakfast", thirteenthSetMemories[9]},
		{"need to book a cleaning with my dentist", thirteenthSetMemories[10]},
		{"when should I swap my tyres", thirteenthSetMemories[13]},
		{"add a new python package to the payments service", thirteenthSetMemories[17]},
		{"write a migration that drops the legacy_status column", thirteenthSetMemories[18]},
		{"add a background task that emails the receipt", thirteenthSetMemories[20]},
		{"what line length do we use", thirteenthSetMemories[21]},
		{"write tests for the refund endpoint", thirteenthSetMemories[22]},
		{"add a field for the transaction amount to the model", thirteenthSetMemories[23]},
		{"log the customer details when a payment fails", thirteenthSetMemories[24]},
		{"when is the next release", thirteenthSetMemories[25]},
		{"write a commit message for this change", thirteenthSetMemories[27]},
		{"where should I put the stripe api key", thirteenthSetMemories[28]},
		{"what's a good warm up before climbing", thirteenthSetMemories[34]},
		{"my cat keeps losing weight, could it be her meds", thirteenthSetMemories[37]},
		{"suggest a dinner recipe for me", thirteenthSetMemories[38]},
		{"what should I pack for our trip to tokyo", thirteenthSetMemories[41]},
		{"how much do I still owe on my student lone", thirteenthSetMemories[45]},
		{"when's rent due", thirteenthSetMemories[46]},
		{"how should I pay for the flights to japan", thirteenthSetMemories[42]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 19 || found < 17 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 19), related found %d/%d (want ≥ 17)", quiet, len(unrelated), found, len(related))
	}
}
