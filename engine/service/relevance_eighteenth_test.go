package service_test

import "testing"

// eighteenthSetMemories are an eighteenth, held-out set: a county land
// surveyor in Mombasa with a wife who runs a tailoring shop, eleven-year-old
// twins, a mother with glaucoma living with them and a brother cooking in
// Doha, psoriasis, high cholesterol, a sulfa allergy, a past kidney stone, a
// torn rotator cuff and contact lenses, a Probox for site visits, a SACCO
// loan and a house going up on a plot in Kilifi, a part-time GIS master's,
// an SMS service for dairy cooperatives in Clojure with its own rules,
// kitesurfing, the oud in a taarab ensemble, birdwatching, bao, laying hens
// and a ridgeback, written as agents write memories. Written before anyone
// looked at any code or failure for it, and never tuned to.
var eighteenthSetMemories = []string{
	"User lives in a house in Nyali, Mombasa, Kenya",
	"User works as a land surveyor for the Mombasa county government, mapping plot boundaries",
	"User's wife Wanjiru runs a tailoring shop in the old town",
	"User has twin sons, Baraka and Jabari, who are 11 and in Grade 6",
	"User's mother lives with the family and has glaucoma; she needs eye drops every evening",
	"User's brother Juma works as a hotel chef in Doha",
	"User has psoriasis on the elbows and scalp and uses a prescription steroid cream",
	"User has high cholesterol and takes atorvastatin every night",
	"User is allergic to sulfa drugs",
	"User had a kidney stone last year and was told to drink at least three litres of water a day",
	"User is recovering from a torn rotator cuff in the left shoulder and does physiotherapy exercises daily",
	"User is short-sighted and wears daily disposable contact lenses",
	"User's doctor is Dr. Hassan Omar at a clinic on Links Road",
	"User's side project is Maziwa, an SMS service that lets dairy farmers record milk deliveries to their cooperative, written in Clojure",
	"Maziwa stores its data in MariaDB and every schema change goes through a Migratus migration",
	"Maziwa's SMS replies must fit in a single 160-character message",
	"Every Maziwa message is written in both Swahili and English; farmers choose their language",
	"Maziwa records money as whole Kenyan shillings, never as floating-point numbers",
	"Maziwa pays farmers through the M-Pesa Daraja API, and every payout must carry a unique request id so a retry never pays twice",
	"Maziwa's code is formatted with cljfmt and its tests run with Kaocha before every push",
	"Maziwa patches are sent to its SourceHut mailing list with git send-email, never as pull requests",
	"Maziwa is licensed under the Mozilla Public License 2.0",
	"Maziwa deploys to a Hetzner VPS with an Ansible playbook; never deploy during the evening milk collection, 5 to 8 pm",
	"User's co-maintainer on Maziwa is Kiprono, an agronomist in Eldoret",
	"User writes code in the Helix editor on a refurbished MacBook Air",
	"User kitesurfs at Nyali beach during the kaskazi wind season",
	"User plays the oud in a taarab ensemble that rehearses on Wednesday nights",
	"User goes birdwatching at Mida Creek and keeps a list of every species seen",
	"User plays bao with the neighbours on the veranda most evenings",
	"The family keeps six laying hens in the backyard",
	"The family has a Rhodesian ridgeback named Tembo",
	"User drives a Toyota Probox for site visits",
	"User is paying off a SACCO loan for a plot of land in Kilifi",
	"User is building a house on the Kilifi plot; the contractor is named Otieno",
	"User is studying part-time for a master's in geographic information systems, with exams in December",
	"User is taking the SGR train to Nairobi for a surveyors' conference on 12 March",
	"User doesn't eat pork",
	"User dislikes okra",
	"User's twins' birthday is 9 October",
	"User volunteers with a mangrove replanting group one Saturday a month",
}

// TestPromptRelevanceEighteenthSet is the prompt hook in miniature on the
// eighteenth set, a held-out check written before anyone looked at any code
// or failure for it. Its related prompts mostly share no words with the
// memory they need: a symptom for a condition ("silvery flaky patches",
// "stones"), a drug's interaction or brand ("grapefruit", "septrin"), a
// part or relative named indirectly ("tendon tear", "eye pressure", "the
// boys", "my brother"), a task for a project rule ("210 characters", "error
// message", "a double", "retry it", "open a PR", "6pm"), a hobby's or
// household's things ("flamingos", "chickens", "the board", "the dog"), a
// plan's people or vehicle ("the builder", "Madaraka Express"), and a dish
// for a diet ("bacon"); some are lowercase with typos. Its unrelated
// prompts include general questions sharing one word with a memory ("plot",
// "milk", "kidney", "loan", "SMS", "migrations", "train") and six everyday
// first-person prompts about things not stored.
// Measured when written, before any change for it: 18/20 quiet ("how do
// dairy cows produce milk" injects the side project holding "dairy" and
// "milk", "locked myself out of my email account" the patches memory
// holding "mailing" and "send-email"), 7/25 found: "grapefruit", "stones",
// "eye pressure", "my brother", "sewing machine", "210 characters" and "send
// it again" found theirs. The thresholds are those counts when written.
func TestPromptRelevanceEighteenthSet(t *testing.T) {
	injected := promptHook(t, eighteenthSetMemories)
	unrelated := []string{
		"thanks, that's perfect",
		"what's the capital of Peru",
		"how do solar panels turn sunlight into electricity",
		"write a limerick about a lazy cat",
		"who invented the telephone",
		"how do I centre a div with flexbox",
		"summarize the plot of Hamlet",
		"how do dairy cows produce milk",
		"what's the tallest bird in the world",
		"explain how the kidney filters blood",
		"what's the difference between a loan and a lease",
		"how does SMS work at the network level",
		"what does squashing migrations do in Django",
		"what track gauge do most European trains use",
		"translate 'good morning' into French",
		"my laptop fan gets really loud when i compile",
		"help me write a cover letter for a barista job",
		"i locked myself out of my email account, what now",
		"my sister's wedding is next month, help me write a toast",
		"my bike chain keeps slipping off on hills",
	}
	m := eighteenthSetMemories
	related := []relatedPrompt{
		{"these silvery flaky patches came back after a stressful week, what was I using on them", m[6]},
		{"is it fine to have grapefruit juice with my evening pill", m[7]},
		{"the pharmacy gave me septrin for a urinary infection, is it safe for me", m[8]},
		{"how much shuld i be drinking a day so the stones dont come back", m[9]},
		{"which stretches are safe for my arm after the tendon tear", m[10]},
		{"mum ran out of the medicine for her eye pressure, where can I get more tonight", m[4]},
		{"what should I get the boys this year, their big day is coming up", m[38]},
		{"what time is it right now where my brother lives", m[5]},
		{"my wife needs a new sewing machine, which brands last", m[2]},
		{"the reply to the BALANCE command comes out at 210 characters, is that ok", m[15]},
		{"add an error message for when the farmer's phone number isn't registered", m[16]},
		{"store the payout amount as a double in the deliveries record", m[17]},
		{"the payout request timed out, should I just send it again", m[18]},
		{"open a PR with this change", m[20]},
		{"write a migration adding a cooperative_id column to the deliveries table", m[14]},
		{"can you ship the fix to production right now? it's 6pm", m[22]},
		{"spotted a big flock of flamingos near Watamu this morning, note it down", m[27]},
		{"one of our chickens hasn't given any eggs for a week, what could be wrong", m[29]},
		{"our dog keeps digging under the gate, how do I stop him", m[30]},
		{"the builder says the roof will cost more than he quoted", m[33]},
		{"hw much do i stil owe on the land", m[32]},
		{"i need to revise spatial analysis and map projections for my finals", m[34]},
		{"what time does the Madaraka Express leave for the capital", m[35]},
		{"can you suggest a recipe with bacon for dinner tonight", m[36]},
		{"the wind is picking up this weekend, good time to take the board out?", m[25]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 18 || found < 10 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 18), related found %d/%d (want ≥ 10)", quiet, len(unrelated), found, len(related))
	}
}
