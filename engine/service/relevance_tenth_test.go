package service_test

import "testing"

// tenthSetMemories are a tenth, held-out set: a chemistry teacher in Leeds
// with asthma, a knee injury and a half marathon to run, a trip to Japan
// booked, a mortgage and an ISA, a husband, two children, a mother far
// away, a collie, and a knitting app as a side project, written as the
// extractor and agents write memories. Written before the tenth round's
// changes and never tuned to.
var tenthSetMemories = []string{
	"User has asthma and uses a blue Ventolin inhaler before running",
	"User takes 50mg of sertraline every morning",
	"User's dentist is Dr. Okonkwo at Kirkstall Dental; the next checkup is on 14 January",
	"User is lactose intolerant",
	"User tore the ACL in their left knee in 2023 and does physio exercises three times a week",
	"User is training for the York half marathon in April and wants to finish under 1:50",
	"User's blood type is O negative and they donate blood every four months",
	"User is flying to Osaka with JAL on 3 April, booking reference QX7TLM",
	"User's passport expires in August 2028",
	"User prefers window seats on long flights",
	"User and their husband share a Two Together railcard",
	"User booked a ryokan in Kyoto called Yoshida-sanso for 6 to 8 April",
	"User gets motion sick on ferries and takes Stugeron before sailing",
	"User banks with Monzo and keeps money for bills in a separate pot",
	"User's mortgage is a five-year fix at 4.1% with Nationwide, ending in November 2029",
	"User pays 200 pounds a month into a Vanguard stocks and shares ISA",
	"User's council tax is band C, paid by direct debit on the 1st of the month",
	"User is saving 6,000 pounds for a new kitchen",
	"User is married to Tomasz, a structural engineer",
	"User's daughter Zofia is 7 and in Year 3 at Meanwood Primary",
	"User's son Kuba is 4 and is allergic to peanuts",
	"User's mother lives in Gdansk and has early Alzheimer's",
	"The family has a border collie called Biscuit who needs two long walks a day",
	"Zofia has swimming lessons on Tuesdays at 5pm at the Leeds Aquatic Centre",
	"Tomasz's birthday is on 19 September",
	"User's side project is loomcount, a Flutter app that counts knitting rows by voice command",
	"loomcount stores knitting patterns in Firebase Firestore and is published on Google Play",
	"User wants loomcount's interface text in British English",
	"User teaches chemistry at a secondary school in Leeds",
	"User drives a 2019 Kia Niro hybrid whose MOT is due in May",
}

// TestPromptRelevanceTenthSet is the prompt hook in miniature on the tenth
// set, a held-out check: nothing in the relevance model was tuned to it.
// Its related prompts are typed as people type them: a category word for
// the memory's instance ("antidepressant" for sertraline, "dog" for the
// collie, "Japan" for Osaka, "dementia" for Alzheimer's, "husband" for a
// named spouse), other word forms, typos ("pasport", "husbands"),
// abbreviations ("appt") and indirect references ("normal milk" for
// lactose). Its unrelated prompts include ones sharing a word with a
// memory ("pot", "interest rates", "seat", "swimming") and agent chatter.
// Measured when written, before the tenth round's changes: 18/20 quiet
// ("centre a div" finds the Aquatic Centre, "five year old" the five-year
// fix), 14/25 found; 15/25 since WordNet's narrower kinds count for the
// score ("antidepressant" for sertraline); 17/25 with a definition's
// words linking a prompt's word to a memory's (index.QueryTerm.Glossed,
// seventeenth round: "i'm wheezy after my run" reaches asthma). The
// thresholds hold those counts.
// Links in meaning from a word no memory holds (search.nearInHits, the
// word vectors) raised found 17 → 18 of 25; the floor holds that.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 18 → 19; the floor holds that.
func TestPromptRelevanceTenthSet(t *testing.T) {
	injected := promptHook(t, tenthSetMemories)
	unrelated := []string{
		"ok go ahead",
		"perfect, thanks",
		"what's the capital of australia",
		"how do I centre a div",
		"explain recursion to a five year old",
		"write a limerick about a cat",
		"convert 30 celsius to fahrenheit",
		"how do I resolve a merge conflict",
		"what's a good recipe for banana bread",
		"who wrote pride and prejudice",
		"what's the best way to season a cast iron pot",
		"how do interest rates affect inflation",
		"list the planets in order from the sun",
		"how do I sort a dictionary by value in python",
		"explain the offside rule in football",
		"recommend a podcast about ancient history",
		"what does http status 418 mean",
		"is it bad to crack my knuckles",
		"summarise the plot of hamlet",
		"what's the fastest swimming stroke",
	}
	related := []relatedPrompt{
		{"i'm wheezy after my run, which puffer should I use", tenthSetMemories[0]},
		{"can I take ibuprofen with my antidepressant?", tenthSetMemories[1]},
		{"when's my next dentist appt", tenthSetMemories[2]},
		{"can I have a latte made with normal milk", tenthSetMemories[3]},
		{"give me a few knee rehab exercises for tonight", tenthSetMemories[4]},
		{"what pace do I need to hit my half marathon goal", tenthSetMemories[5]},
		{"what's my blood group again", tenthSetMemories[6]},
		{"what day is my flight to japan", tenthSetMemories[7]},
		{"is my pasport still valid for the trip", tenthSetMemories[8]},
		{"can we get cheaper train tickets", tenthSetMemories[10]},
		{"where are we staying in kyoto", tenthSetMemories[11]},
		{"we're taking the boat to the island, what should I take for seasickness", tenthSetMemories[12]},
		{"how much is left in my bills pot", tenthSetMemories[13]},
		{"when does our fixed rate end", tenthSetMemories[14]},
		{"how much do I pay into my isa every month", tenthSetMemories[15]},
		{"how much do we still need for the kitchen renovation", tenthSetMemories[17]},
		{"what does my husband do for a living", tenthSetMemories[18]},
		{"what year is my daughter in at school", tenthSetMemories[19]},
		{"is this snack bar safe for my son, it contains nuts", tenthSetMemories[20]},
		{"tips for talking to mum about her dementia", tenthSetMemories[21]},
		{"how often does the dog need walking", tenthSetMemories[22]},
		{"what time is swimming on tuesday", tenthSetMemories[23]},
		{"remind me when my husbands birthday is", tenthSetMemories[24]},
		{"add an undo button to my knitting app for the last row", tenthSetMemories[25]},
		{"when does the car need its MOT", tenthSetMemories[29]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 18 || found < 22 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 18), related found %d/%d (want ≥ 22)", quiet, len(unrelated), found, len(related))
	}
}
