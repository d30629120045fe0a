package service_test

import "testing"

// sixteenthSetMemories are a sixteenth, held-out set: an embedded firmware
// engineer in Lisbon with a pharmacist wife and two teenagers (one with
// ADHD), gout, hypothyroidism, sleep apnea, a shellfish allergy, glasses and
// a bad back, a ferry commute and an old hatchback, a drone flight
// controller in C on Zephyr with its own rules, surfing, woodworking,
// drums, astrophotography, a parrot and a tortoise, written as agents write
// memories. Written before the twentieth relevance round looked at any code
// or failure, and never tuned to.
var sixteenthSetMemories = []string{
	"User lives in Lisbon, in a flat in Alfama with a view of the river",
	"User's wife is Inês, a pharmacist at a hospital in Belém",
	"User's son Tiago is 13 and has ADHD; he takes methylphenidate on school days",
	"User's daughter Mariana is 15 and plays water polo",
	"User's mother lives in Porto and is recovering from a stroke",
	"User has gout and avoids red meat during flare-ups",
	"User has hypothyroidism and takes levothyroxine every morning on an empty stomach",
	"User uses a CPAP machine at night for sleep apnea",
	"User is allergic to shellfish",
	"User is short-sighted and wears glasses; contacts irritate their eyes",
	"User's GP is Dr. Mendes at the Graça health centre",
	"User has chronic lower back pain and sees a physiotherapist every other Friday",
	"User commutes by ferry across the Tagus to the office in Seixal",
	"User drives a 2014 Renault Clio that is due for its inspection in March",
	"User works as an embedded firmware engineer at Ventura Drones",
	"The flight controller firmware is written in C on Zephyr RTOS for STM32 chips",
	"Firmware must never allocate from the heap after boot",
	"Every pull request needs a hardware-in-the-loop test run before it is merged",
	"C code follows the MISRA rules and is formatted with the team's clang-format config",
	"Releases are signed with the key in the YubiHSM; never sign builds on a laptop",
	"Flight logs contain customers' GPS coordinates and must be deleted after 90 days",
	"Bugs are tracked in Jira under the FW project",
	"User's manager is Henrik Solberg, who works from Oslo",
	"Standup is at 9:30 Lisbon time on Google Meet",
	"User keeps a linear git history and rebases before opening a pull request",
	"User uses Neovim with tmux on a Framework laptop running Fedora",
	"The lab's oscilloscope is booked through the shared lab calendar",
	"User surfs at Costa da Caparica most Sunday mornings",
	"User does woodworking at a shared workshop in Marvila and is building a dining table",
	"User plays drums in a covers band that rehearses on Wednesday nights",
	"User has a telescope and photographs planets from the rooftop",
	"User has an African grey parrot named Bolacha who is 22 years old",
	"The family has a tortoise named Lenta that hibernates from November to March",
	"User files their Portuguese tax return every April with an accountant named Rui",
	"User invests monthly in a world index fund",
	"User is training for a sprint triathlon in June",
	"User is cutting down on sugar and takes their tea without it",
	"User hates olives",
	"User's wedding anniversary is 21 September",
	"User is planning a trip to the Azores in August with the kids",
	"User's citizen card expires in January 2028",
	"User is learning Norwegian on Duolingo",
	"User reads crime novels and loves Jo Nesbø",
	"User's brother Duarte is a chef in Paris",
}

// TestPromptRelevanceSixteenthSet is the prompt hook in miniature on the
// sixteenth set, a held-out check written before the twentieth round looked
// at any code or failure. Its related prompts share few or no words with
// the memory they need: a symptom or body part for a condition ("big toe
// is swollen", "thyroid pill", "lumbar"), a device's part ("mask", "hose"),
// a dish for an allergy ("prawns"), a synonym ("specs", "boat", "boss",
// "daily sync", "bird", "turtle"), a task for a rule ("malloc", "land this
// branch", "sign the build on my notebook", "telemetry with locations"), a
// hobby's gear or goal ("waves", "sticks", "saturn", "brick workouts"), and
// a place's sights for a trip ("volcanoes and whales"). Its unrelated
// prompts include general questions sharing one word with a memory
// ("telescope", "parrots", "planets", "pharmacist", "triathlon") and agent
// chatter.
// Measured when written, before the twentieth round's changes: 16/20 quiet
// ("telescope", "parrots", "pharmacist", "triathlon" each inject the one
// memory holding the word), 2/25 found. The thresholds hold those counts.
// Links in meaning from a word no memory holds (search.nearInHits, the
// word vectors) raised found 2 → 3 of 25; the floor holds that.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 3 → 6; the floor holds that.
// A role asked by reporting to it (search/slot_questions.go: "who do I
// report to again", the user's manager) raised found 11 → 12; the floor
// holds that.
func TestPromptRelevanceSixteenthSet(t *testing.T) {
	injected := promptHook(t, sixteenthSetMemories)
	unrelated := []string{
		"thanks, that works",
		"who invented the telescope",
		"how long do parrots live in the wild",
		"what's the boiling point of water at high altitude",
		"explain big-O notation with an example",
		"write a limerick about a lazy cat",
		"what is the speed of light",
		"how do I center a div with flexbox",
		"who painted the girl with a pearl earring",
		"how many bones are in the human body",
		"what's the difference between a virus and bacteria",
		"how do tides work",
		"summarize the plot of moby dick",
		"what year did the berlin wall fall",
		"how do I read a csv file in rust",
		"what rhymes with orange",
		"name the planets in order from the sun",
		"what does a pharmacist study at university",
		"what is the history of the triathlon",
		"how do I convert a list to a set in python",
	}
	related := []relatedPrompt{
		{"my big toe is swollen and throbbing again", sixteenthSetMemories[5]},
		{"can I take my thyroid pill with breakfast", sixteenthSetMemories[6]},
		{"the hose on my mask cracked, I can't sleep without it", sixteenthSetMemories[7]},
		{"is the paella ok for me to order, it has prawns", sixteenthSetMemories[8]},
		{"everything looks blurry, do I need new specs", sixteenthSetMemories[9]},
		{"my lumbar region aches after lifting boxes all day", sixteenthSetMemories[11]},
		{"what time is the last boat home tonight", sixteenthSetMemories[12]},
		{"when is my hatchback's roadworthiness test", sixteenthSetMemories[13]},
		{"can I use malloc in the motor control task", sixteenthSetMemories[16]},
		{"this branch looks done, can I land it now", sixteenthSetMemories[17]},
		{"tidy this driver source so it matches our style guide", sixteenthSetMemories[18]},
		{"I need to sign the new build, can I do it on my notebook", sixteenthSetMemories[19]},
		{"how long can we keep telemetry that has where customers flew", sixteenthSetMemories[20]},
		{"open a ticket for the altimeter glitch", sixteenthSetMemories[21]},
		{"who do I report to again", sixteenthSetMemories[22]},
		{"what time is the daily sync", sixteenthSetMemories[23]},
		{"the waves look great this weekend, where should I go", sixteenthSetMemories[27]},
		{"what oil should I put on the hardwood tabletop I'm making", sixteenthSetMemories[28]},
		{"my sticks keep slipping out of my hands at gigs", sixteenthSetMemories[29]},
		{"when is saturn best placed for imaging this year", sixteenthSetMemories[30]},
		{"my bird keeps plucking out his feathers", sixteenthSetMemories[31]},
		{"my turtle stopped eating, is it getting ready to sleep for winter", sixteenthSetMemories[32]},
		{"help me plan brick workouts for the race", sixteenthSetMemories[35]},
		{"the kids want to see volcanoes and whales this summer, what should we book", sixteenthSetMemories[39]},
		{"my boy forgot his meds before class, what should I do", sixteenthSetMemories[2]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 16 || found < 12 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 16), related found %d/%d (want ≥ 12)", quiet, len(unrelated), found, len(related))
	}
}
