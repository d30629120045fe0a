package service_test

import "testing"

// seventhSetMemories are a seventh, held-out set: a nurse who is learning
// Rust, rents a flat with a partner, plays bass in a band and keeps a
// household budget, written as the extractor and agents write memories.
// Written before the seventh round's changes and never tuned to.
var seventhSetMemories = []string{
	"User works as a nurse on the cardiology ward at St Mary's Hospital",
	"User works twelve-hour shifts, usually three nights a week",
	"User's partner Priya is a graphic designer who works from home",
	"User and Priya rent a two-bedroom flat; the rent of 1450 a month is paid on the 1st",
	"The landlord, Mr Okafor, must be given 48 hours' notice before visits",
	"User is learning Rust by working through the Rust Book, currently on chapter 10 about traits and generics",
	"User's Rust side project is a command-line tool called shiftlog that records hours worked",
	"shiftlog stores its data in a SQLite file using the rusqlite crate",
	"shiftlog parses its arguments with clap using the derive API",
	"Always run cargo clippy and cargo fmt before committing to shiftlog",
	"User prefers explanations that compare Rust to Python, the language they already know",
	"User plays bass guitar in an indie band called The Late Shifts",
	"The band rehearses on Thursday evenings at a studio in Hackney",
	"The band's next gig is at the Windmill in Brixton on 14 March",
	"User's bass amp is an Ampeg Rocket that needs a new valve",
	"User keeps the household budget in a Google Sheet with one tab per month",
	"The monthly grocery budget is 400 pounds, split equally with Priya",
	"User is saving 300 pounds a month towards a house deposit in a Lifetime ISA",
	"The council tax is paid by direct debit in ten instalments",
	"Electricity and gas come from Octopus Energy on a variable tariff",
	"User is allergic to penicillin",
	"User is vegetarian but eats eggs and cheese",
	"User's cat Biscuit needs thyroid tablets twice a day",
	"User cycles to work on a Brompton folding bike",
	"User's nursing registration with the NMC must be revalidated by September",
	"User's best friend Tom is getting married in Cornwall in June",
	"User takes Spanish lessons on Duolingo every morning",
	"User's phone is a Pixel 7",
	"User wants answers in British English",
	"User's parents live in Leeds and visit at Christmas",
}

// TestPromptRelevanceSeventhSet is the prompt hook in miniature on the
// seventh set, a held-out check: nothing in the relevance model was tuned
// to it. Its related prompts are typed as people type them: everyday words
// for the memory's terms ("missus" for partner, "electric bill" for
// energy), typos, bare requests, code and compiler output pasted around a
// question, and one that shares a single word with its memory. Its
// unrelated prompts include ones sharing a common word with a memory
// ("shift", "budget", "band"). Measured when written, before the seventh
// round's changes: 19/20 quiet ("how many ounces in a pound" injects the
// memories of sums in pounds), 15/25 found. With a word a memory holds
// only as an amount's unit covering half (index.QueryTerm.AmountIn,
// fifteenth round): 20/20 quiet, found unmoved (17/25 by then). The
// thresholds hold those counts.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 17 → 20; the floor holds that.
func TestPromptRelevanceSeventhSet(t *testing.T) {
	injected := promptHook(t, seventhSetMemories)
	unrelated := []string{
		"ok go ahead",
		"nope, undo that",
		"what's the difference between TCP and UDP",
		"write a haiku about autumn",
		"how many ounces in a pound",
		"explain recursion like I'm five",
		"bit shift left vs right in C, what's the difference?",
		"how do I set a budget alert in AWS",
		"what's a rubber band ball made of",
		"reverse a linked list in java",
		"who painted the mona lisa",
		"translate 'good morning' into french",
		"my jest test times out, how do I raise the timeout?",
		"make the header sticky on scroll with css",
		"what's the boiling point of water at altitude",
		"summarise this article in two sentences",
		"how do kubernetes pods talk to each other",
		"generate a uuid in bash",
		"explain what a p-value is",
		"list the planets in order from the sun",
	}
	related := []relatedPrompt{
		{"which ward do I work on again?", seventhSetMemories[0]},
		{"help me plan meals around my night shifts", seventhSetMemories[1]},
		{"what does my girlfriend do for a living", seventhSetMemories[2]},
		{"when is the rent due each month", seventhSetMemories[3]},
		{"the landlord wants to come round tomorrow, how much notice does he need to give?", seventhSetMemories[4]},
		{"quiz me on the rust chapter I'm up to", seventhSetMemories[5]},
		{"add a subcommand to shiftlog that exports hours to csv", seventhSetMemories[6]},
		{"getting this when I open the db in shiftlog, what's wrong?\n```\nError: SqliteFailure(Error { code: CannotOpen, extended_code: 14 }, Some(\"unable to open database file\"))\n```", seventhSetMemories[7]},
		{"add a --verbose flag to the cli args", seventhSetMemories[8]},
		{"im about to commit, what should i run first on the rust project", seventhSetMemories[9]},
		{"explain lifetimes to me", seventhSetMemories[10]},
		{"suggest a name for our bands first EP", seventhSetMemories[11]},
		{"what night is practice with the band", seventhSetMemories[12]},
		{"where are we playing next month?", seventhSetMemories[13]},
		{"my amp is making a crackling noise, what part is probably gone?", seventhSetMemories[14]},
		{"write a formula to total up the spending tab in my budget spreadsheet", seventhSetMemories[15]},
		{"how much can we spend on food shopping this month", seventhSetMemories[16]},
		{"how much am I putting aside for the house each month", seventhSetMemories[17]},
		{"how is the council tax paid", seventhSetMemories[18]},
		{"is our electric bill on a fixed deal?", seventhSetMemories[19]},
		{"the doctor wants to prescribe amoxicillin, anything I should tell them?", seventhSetMemories[20]},
		{"give me a quick dinner recipe for tonight", seventhSetMemories[21]},
		{"how often does the cat get his meds", seventhSetMemories[22]},
		{"what do I need to do for my NMC revalidaton", seventhSetMemories[24]},
		{"ideas for a wedding gift for my best mate", seventhSetMemories[25]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 20 || found < 21 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 20), related found %d/%d (want ≥ 21)", quiet, len(unrelated), found, len(related))
	}
}
