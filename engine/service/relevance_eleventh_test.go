package service_test

import "testing"

// eleventhSetMemories are an eleventh, held-out set: a backend developer in
// Toronto who is vegetarian, gets migraines, works on a payments team with
// its own coding conventions, has a partner, a sister, a cat and a garden,
// and is planning a wedding and a move, written as the extractor and agents
// write memories. Written before the twelfth round's changes and never
// tuned to.
var eleventhSetMemories = []string{
	"User is vegetarian and doesn't eat fish either",
	"User lives in Toronto, in the Leslieville neighbourhood",
	"User's hometown is Halifax, where their parents still live",
	"User gets migraines triggered by red wine and takes rizatriptan when one starts",
	"User is short-sighted and wears contact lenses, prescription -3.25 in both eyes",
	"User's family doctor is Dr. Priya Raman at the Queen East clinic",
	"User is allergic to penicillin",
	"User goes bouldering at Basecamp Climbing on Monday and Thursday evenings",
	"User works as a backend engineer on the payments team at Fernleaf Financial",
	"The payments service is written in Kotlin with Spring Boot",
	"The team uses Gradle with the Kotlin DSL, never Maven",
	"Database migrations are written with Flyway and must be backwards compatible for one release",
	"Pull requests need two approvals and a green Jenkins build before merging",
	"User's manager is Deborah Okafor; their one-to-one is every second Wednesday",
	"Code style follows ktlint with a 120 character line limit",
	"Production incidents are tracked in PagerDuty and written up in Confluence within 48 hours",
	"User prefers early returns over nested if statements",
	"User wants commit messages in the imperative mood with a ticket number like PAY-123",
	"The team's sprint ends every other Friday with a demo at 2pm",
	"User is learning Rust in the evenings through the Rustlings exercises",
	"User's partner is Sam, a paediatric nurse who works night shifts",
	"User and Sam are getting married on 14 June 2027 at the Evergreen Brick Works",
	"The wedding budget is 30,000 dollars and the caterer is Fresh Leaf Catering",
	"User's sister Nadia lives in Vancouver and is expecting a baby in March",
	"User's cat Pepper is a grey tabby who is diabetic and gets insulin twice a day",
	"User grows tomatoes, basil and peppers in raised beds in the back yard",
	"User drives a 2021 Mazda CX-5 and winter tires go on in November",
	"User and Sam plan to buy a house in Hamilton next year",
	"User's RRSP is with Wealthsimple and they contribute 500 dollars a month",
	"User's TFSA is fully invested in an all-in-one ETF, XEQT",
	"User pays rent of 2,600 dollars on the first of the month by e-transfer",
	"User speaks French and English and is studying Japanese on Duolingo",
	"User is reading Project Hail Mary for their book club, which meets on the last Sunday of the month",
	"User plays bass guitar in a covers band called The Late Fees",
	"User's gym membership at GoodLife renews in October",
	"User drinks oat milk in their coffee",
	"User has a standing desk and tries to stand for two hours a day",
	"User's laptop is a 2023 MacBook Pro with 32GB of RAM",
	"User uses Neovim with the LazyVim config as their editor",
	"User's passport is Canadian and expires in 2031",
}

// TestPromptRelevanceEleventhSet is the prompt hook in miniature on the
// eleventh set, a held-out check written before the twelfth round looked
// at any failure. Its related prompts are typed as people type to an agent
// and mostly reach their memory indirectly: "what should I cook tonight"
// for the vegetarian diet, "book me a flight home" for the hometown, "my
// head is pounding" for migraines, "which antibiotic" for the penicillin
// allergy, "write the migration" for the Flyway rule. Its unrelated
// prompts include ones sharing a word with a memory ("home", "cat",
// "budget", "tomato", "house") and agent chatter. Measured when written,
// before the twelfth round's changes: 19/20 quiet ("thanks that worked"
// finds two memories that say "works"), 11/25 found. With a prompt's
// "the" naming the user's own thing (search.isAskedPossessive, fourteenth
// round): 18/20, 12/25 ("set aside for the wedding" against "The wedding
// budget…"). With a reaction prompt judged by its vector alone
// (search.isReaction, fifteenth round): 19/20, 12/25 ("thanks that
// worked" quiet); 19/20, 11/25 once a "the" on both sides no longer
// names an owner (the wedding prompt meets only an opening "The"). The
// thresholds hold those counts.
// Links in meaning from a word no memory holds (search.nearInHits, the
// word vectors) raised found 13 → 14 of 25; the floor holds that.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 14 → 15; the floor holds that.
func TestPromptRelevanceEleventhSet(t *testing.T) {
	injected := promptHook(t, eleventhSetMemories)
	unrelated := []string{
		"sounds good, go ahead",
		"thanks that worked",
		"what's the tallest mountain in africa",
		"how do I reverse a linked list in place",
		"write a haiku about autumn",
		"explain how https certificates work",
		"what's the difference between a virus and bacteria",
		"how many ounces in a cup",
		"translate good morning into italian",
		"why is the sky blue",
		"how do I make my cat stop scratching furniture",
		"give me a tomato soup recipe",
		"what's a reasonable budget for a weekend in paris",
		"how do I set up a home network",
		"what causes house prices to rise",
		"who painted the mona lisa",
		"explain big o notation",
		"what's the rule for using a semicolon",
		"how does compound interest work",
		"what's the score in the hockey game",
	}
	related := []relatedPrompt{
		{"what should I cook tonight", eleventhSetMemories[0]},
		{"book me a flight home for thanksgiving", eleventhSetMemories[2]},
		{"my head is pounding and I see flashing lights, what should I take", eleventhSetMemories[3]},
		{"I need to order more contacts, what's my prescription", eleventhSetMemories[4]},
		{"the doctor wants to give me amoxicillin for strep, is that ok", eleventhSetMemories[6]},
		{"am I climbing tonight?", eleventhSetMemories[7]},
		{"add a new endpoint to the payments service", eleventhSetMemories[9]},
		{"add the jackson dependency to the build file", eleventhSetMemories[10]},
		{"write the migration to add a currency column to the invoices table", eleventhSetMemories[11]},
		{"can I merge this PR now?", eleventhSetMemories[12]},
		{"prep notes for my 1:1 with my boss", eleventhSetMemories[13]},
		{"this line is too long, how should I wrap it", eleventhSetMemories[14]},
		{"we had an outage last night, where do I write the postmortem", eleventhSetMemories[15]},
		{"write the commit message for this change", eleventhSetMemories[17]},
		{"when's the next sprint demo", eleventhSetMemories[18]},
		{"give me a rust exercise for tonight", eleventhSetMemories[19]},
		{"what should I get my fiancee for her birthday, she works nights", eleventhSetMemories[20]},
		{"how many days until the wedding", eleventhSetMemories[21]},
		{"how much have we set aside for the wedding", eleventhSetMemories[22]},
		{"when is my niece or nephew due", eleventhSetMemories[23]},
		{"what time should I give the cat her shot", eleventhSetMemories[24]},
		{"when do I need to swap to snow tires", eleventhSetMemories[26]},
		{"how much am I putting into retirement savings each month", eleventhSetMemories[28]},
		{"when is rent due", eleventhSetMemories[30]},
		{"what book are we reading for book club", eleventhSetMemories[32]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	// 19, not 20: "how do I make my cat stop scratching furniture" injects
	// "User's cat Pepper…" since "my X" weighs (search.ownedInHits). It is
	// the user's own cat the prompt names, so the set's label stays as
	// written and the floor on its quiet count moves instead.
	if quiet < 19 || found < 17 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 19), related found %d/%d (want ≥ 17)", quiet, len(unrelated), found, len(related))
	}
}
