package service_test

import "testing"

// twelfthSetMemories are a twelfth, held-out set: a frontend developer in
// Manchester with a young family, asthma and a bad knee, who works on a
// React and TypeScript app with its own conventions, runs, bakes and keeps
// an allotment, written as the extractor and agents write memories.
// Written before the fourteenth round's changes and never tuned to.
var twelfthSetMemories = []string{
	"User lives in Didsbury, Manchester, and has lived there since 2019",
	"User grew up in Cork, Ireland",
	"User's mother Brigid lives in Cork and turns 70 on 3 August",
	"User's father passed away in 2020",
	"User's wife is Aoife, a secondary school maths teacher",
	"User has two children: Finn, aged 7, and Ciara, aged 4",
	"Finn has a peanut allergy and carries an EpiPen",
	"Ciara starts reception at St Catherine's Primary in September",
	"User has asthma and uses a Ventolin inhaler before running",
	"User tore the meniscus in their left knee in 2022 and avoids deep squats",
	"User's GP is Dr. Okonkwo at the Barlow Medical Centre",
	"User is lactose intolerant",
	"User drives a 2018 Toyota Corolla hybrid",
	"The Corolla's MOT is due at the end of February",
	"User runs with the Didsbury Harriers on Tuesday evenings and is training for the Manchester Marathon in April",
	"User bakes sourdough every weekend with a starter called Dough Rogan",
	"User has an allotment plot where they grow potatoes, leeks and runner beans",
	"User supports Manchester City and has a season ticket",
	"User works as a senior frontend developer at Brightwater Health",
	"The patient portal is built with React 18 and TypeScript in strict mode",
	"The team uses pnpm workspaces in a monorepo, never npm or yarn",
	"Components are written as function components with hooks; class components are not allowed",
	"Styling uses Tailwind CSS; no CSS-in-JS libraries",
	"Unit tests use Vitest and React Testing Library; end-to-end tests use Playwright",
	"Every pull request needs one approval and must pass the GitHub Actions checks",
	"User's tech lead is Marcus Webb",
	"Branch names start with the ticket number followed by a short description in kebab case",
	"Deployments to production happen on Tuesdays and Thursdays only, never on Fridays",
	"Accessibility must meet WCAG 2.1 AA; every image needs alt text",
	"API calls go through the generated OpenAPI client in packages/api-client",
	"Feature flags are managed in LaunchDarkly",
	"User prefers named exports over default exports",
	"User wants small commits and squash merges",
	"User's work laptop is a Dell XPS 15 running Ubuntu 22.04",
	"User uses VS Code with the Vim keybindings extension",
	"User is on call every fourth week using Opsgenie",
	"The team's standup is at 9:30 every weekday on Teams",
	"User is learning Go on the side to build a CLI for their allotment records",
	"User's dog is a springer spaniel called Biscuit who is scared of fireworks",
	"Biscuit's vet is Parkside Vets and his booster jab is due in May",
	"User takes the family to Anglesey every August and stays in the same cottage",
	"User is saving for a loft conversion and has put aside 18,000 pounds",
	"User's mortgage fix with Nationwide ends in November 2026",
	"User's energy supplier is Octopus on the Agile tariff",
	"User plays five-a-side football on Thursday nights",
	"User is reading The Thursday Murder Club series",
	"User is teetotal and has not drunk alcohol since 2015",
	"User drinks decaf after 2pm because caffeine keeps them awake",
	"User's wedding anniversary is 21 June",
	"Aoife's birthday is 12 October and she loves anything to do with Studio Ghibli",
	"User volunteers as a Beavers leader at the local Scout group on Wednesdays",
	"User speaks Irish and some Spanish",
	"User's brother Declan lives in Boston and works as a nurse",
	"User wears glasses for driving only",
	"User's home broadband is Community Fibre, and the router is in the hallway",
	"User plans to replace the gas boiler with a heat pump next year",
	"User's pension is with Aviva through work, and they pay in 8 percent",
	"User's passport expires in March 2027",
	"User cycles to work on a Brompton when it isn't raining",
	"User hates meetings before 9am",
}

// TestPromptRelevanceTwelfthSet is the prompt hook in miniature on the
// twelfth set, a held-out check written before the fourteenth round looked
// at any failure. Its related prompts are typed as people type to an agent:
// informal words ("mum", "kid", "car", "doc"), a kind for a named thing
// ("my inhaler", "the dog"), pronouns, a typo, and work requests that reach
// a convention indirectly. Its unrelated prompts include ones sharing one
// word with a memory ("dog", "marathon", "sourdough", "football",
// "mortgage") and agent chatter. Measured when written, before the
// fourteenth round's changes: 16/20 quiet ("perfect, that fixed it"
// reaches "mortgage fix", "grams in a pound" the savings in pounds, the
// marathon record the user's marathon, "octopus" the energy supplier),
// 10/25 found. With a prompt's "the" naming the user's own thing
// (search.isAskedPossessive, fourteenth round): 16/20, 11/25 ("the dog is
// terrified of bonfire night"). With a reaction prompt judged by its
// vector alone (search.isReaction, fifteenth round): 17/20, 11/25
// ("perfect, that fixed it" quiet). With a definition's words linking a
// prompt's word to a memory's (index.QueryTerm.Glossed, seventeenth
// round): 17/20, 13/25 ("I'm wheezy" reaches asthma, "my bread came out
// flat" the sourdough). The thresholds hold those counts.
// Links in meaning from a word no memory holds (search.nearInHits, the
// word vectors) raised found 13 → 15 of 25; the floor holds that.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 15 → 16; the floor holds that.
func TestPromptRelevanceTwelfthSet(t *testing.T) {
	injected := promptHook(t, twelfthSetMemories)
	unrelated := []string{
		"ok do it",
		"perfect, that fixed it",
		"what is the capital of australia",
		"how do I implement a binary search tree in python",
		"write a limerick about a penguin",
		"explain how dns resolution works",
		"what's the boiling point of water at altitude",
		"how many grams in a pound",
		"translate thank you into german",
		"why do leaves change colour in autumn",
		"how do I stop a dog pulling on the lead",
		"what's the world record for the marathon",
		"why does sourdough bread taste sour",
		"who won the football world cup in 2010",
		"how do mortgage interest rates get set",
		"who wrote pride and prejudice",
		"explain the difference between tcp and udp",
		"what's the plural of octopus",
		"how does a nuclear reactor work",
		"recommend a good sci-fi film",
	}
	related := []relatedPrompt{
		{"what should I get mum for her birthday", twelfthSetMemories[2]},
		{"my kid has a nut allergy, is this snack ok for him", twelfthSetMemories[6]},
		{"what do I need to buy for my daughter starting school", twelfthSetMemories[7]},
		{"I'm wheezy, should I still go for a run", twelfthSetMemories[8]},
		{"suggest a leg workout for me", twelfthSetMemories[9]},
		{"I need to book an appointment with my doc", twelfthSetMemories[10]},
		{"can I have a milkshake", twelfthSetMemories[11]},
		{"when does my car need its MOT", twelfthSetMemories[13]},
		{"what pace should I run my long run at this week", twelfthSetMemories[14]},
		{"my bread came out flat, what went wrong with the starter", twelfthSetMemories[15]},
		{"what should I plant on the allotment this month", twelfthSetMemories[16]},
		{"install a new dependency for the portal", twelfthSetMemories[20]},
		{"convert this class component to the way we write them", twelfthSetMemories[21]},
		{"how should I style this button", twelfthSetMemories[22]},
		{"write a test for this component", twelfthSetMemories[23]},
		{"what should I name this branch", twelfthSetMemories[26]},
		{"can we deploy to prod today, it's friday", twelfthSetMemories[27]},
		{"add an image to the landing page", twelfthSetMemories[28]},
		{"fetch the patient list from the backend", twelfthSetMemories[29]},
		{"the dog is terrified of bonfire night, what can I do", twelfthSetMemories[38]},
		{"when is the puppy due his vaccinations", twelfthSetMemories[39]},
		{"how much have we saved for the loft", twelfthSetMemories[41]},
		{"when does my mortage deal end", twelfthSetMemories[42]},
		{"what's a good anniversary present for my wife", twelfthSetMemories[48]},
		{"recommend a drink for me at the pub", twelfthSetMemories[46]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 19 || found < 18 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 19), related found %d/%d (want ≥ 18)", quiet, len(unrelated), found, len(related))
	}
}
