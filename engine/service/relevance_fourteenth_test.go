package service_test

import "testing"

// fourteenthSetMemories are a fourteenth, held-out set: a site reliability
// engineer in Wellington, married with two young children (one coeliac),
// hay fever, high blood pressure, eczema and lactose intolerance, an
// electric car and a bike commute, a Kubernetes and Rust platform with its
// own conventions, sourdough, chess, pottery, a rabbit and a dog, written
// as agents write memories. Written before the seventeenth round's changes
// and never tuned to.
var fourteenthSetMemories = []string{
	"User lives in Wellington, New Zealand, in an old villa in Aro Valley",
	"User's husband is Tomasz, a high school chemistry teacher",
	"User's son Felix is 7 and has coeliac disease, so everything he eats must be gluten-free",
	"User's daughter Ruby is 3 and goes to daycare on Mondays, Wednesdays and Fridays",
	"User's mother lives in Dunedin and had a hip replacement last year",
	"User has hay fever every spring and takes cetirizine",
	"User has high blood pressure and takes amlodipine every morning",
	"User has eczema on their hands and uses a fragrance-free moisturiser",
	"User is lactose intolerant",
	"User's GP is Dr. Ngata at the Newtown medical centre",
	"User wears contact lenses and sees the optometrist every October",
	"User owns a 2019 Nissan Leaf and charges it at home overnight",
	"User cycles to work along the waterfront when it isn't too windy",
	"User works as a site reliability engineer at Kowhai Health",
	"The platform runs on Kubernetes (EKS) and is provisioned with Terraform",
	"Infrastructure changes go through Atlantis; never run terraform apply from a laptop",
	"Alerting is Prometheus with Alertmanager routing to Opsgenie",
	"Dashboards live in Grafana and every service needs a latency SLO",
	"The ingestion service is written in Rust with Tokio and Axum",
	"Rust code must pass cargo clippy with no warnings and be formatted with rustfmt",
	"CI runs on GitHub Actions and merges need two approvals",
	"Feature flags are managed in Unleash",
	"Patient data must stay in the ap-southeast-2 region and is encrypted with KMS keys",
	"Postmortems are blameless and written up within five working days",
	"The team's standup is at 9:15 on Zoom",
	"User's manager is Aroha Williams",
	"User prefers small pull requests and squash merges",
	"User uses Helix as their editor and fish as their shell",
	"User bakes sourdough every weekend and keeps the starter in the fridge",
	"User plays chess online and is rated about 1600 on Lichess",
	"User is learning te reo Maori at night classes",
	"User does pottery on Thursday evenings at a studio in Petone",
	"User has a pet rabbit named Biscuit who lives indoors",
	"The family's golden retriever Moss is scared of fireworks",
	"User is saving for a deposit on a house in Lower Hutt",
	"User pays into KiwiSaver at 6 percent",
	"User is training for the Round the Bays half marathon in February",
	"User doesn't drink coffee; they drink green tea",
	"User hates mushrooms",
	"User and Tomasz's wedding anniversary is 12 March",
	"User is planning a family trip to Rarotonga in July",
	"User's passport expires in May 2027",
	"User reads fantasy novels and is halfway through The Wheel of Time",
	"User's brother Kieran is a builder in Auckland",
}

// TestPromptRelevanceFourteenthSet is the prompt hook in miniature on the
// fourteenth set, a held-out check written before the seventeenth round
// looked at any failure. Its related prompts are typed as people type to
// an agent: a symptom for a stored condition ("itchy eyes", "cracked
// hands", "salt"), a food for an intolerance ("milkshake"), a synonym
// ("bunny", "toggle", "outage"), a task for a tool ("page the on-call",
// "a chart for request times", "lint complaints"), a relation for a name
// ("my husband"), and a typo ("pasport"). Its unrelated prompts include
// ones sharing one word with a memory as a general question ("chess",
// "rabbit", "pottery", "car") and agent chatter.
// Measured when written, before the seventeenth round's changes: 17/20
// quiet ("chess", "rabbit" each inject the one memory holding the word,
// "hybrid car engine work" the memory holding "work" and "engine"'s
// kin), 5/25 found. The thresholds hold those counts.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 5 → 6; the floor holds that.
func TestPromptRelevanceFourteenthSet(t *testing.T) {
	injected := promptHook(t, fourteenthSetMemories)
	unrelated := []string{
		"sure, go on",
		"what's the capital of australia",
		"who won the chess world championship in 1972",
		"where does the easter rabbit come from",
		"explain the difference between a mutex and a semaphore",
		"translate good morning into spanish",
		"how does a hybrid car engine work",
		"write a limerick about a lighthouse",
		"what's the boiling point of water at altitude",
		"how do I center a div in css",
		"what causes the northern lights",
		"give me a synonym for happy",
		"how big is a blue whale",
		"what's a good name for a goldfish",
		"how do I solve a rubik's cube",
		"what year did the berlin wall fall",
		"how does a pottery glaze work in a kiln",
		"what's the plot of the hobbit",
		"how many players are on a rugby team",
		"sort a list of tuples by the second element in python",
	}
	related := []relatedPrompt{
		{"my throat is itchy and my eyes keep watering, what can I take", fourteenthSetMemories[5]},
		{"what snacks can I pack in my son's lunchbox", fourteenthSetMemories[2]},
		{"is it ok for me to eat a lot of salt", fourteenthSetMemories[6]},
		{"my hands are cracked and itchy again, what cream should I use", fourteenthSetMemories[7]},
		{"can I have a milkshake", fourteenthSetMemories[8]},
		{"I need to see a doctor about this cough", fourteenthSetMemories[9]},
		{"my eyes are sore after wearing my lenses all day", fourteenthSetMemories[10]},
		{"how long will it take to recharge my electric car", fourteenthSetMemories[11]},
		{"is it a good day to bike to the office", fourteenthSetMemories[12]},
		{"how do I apply this infra change", fourteenthSetMemories[15]},
		{"page the on-call person when the error rate spikes", fourteenthSetMemories[16]},
		{"add a chart for request times", fourteenthSetMemories[17]},
		{"write an http handler for the new ingest endpoint", fourteenthSetMemories[18]},
		{"fix the lint complaints in the crate", fourteenthSetMemories[19]},
		{"set up a pipeline that runs the tests on every push", fourteenthSetMemories[20]},
		{"hide the new checkout page behind a toggle", fourteenthSetMemories[21]},
		{"can we keep the patient records in a us bucket", fourteenthSetMemories[22]},
		{"write up what went wrong in yesterday's outage", fourteenthSetMemories[23]},
		{"what time is the daily meeting", fourteenthSetMemories[24]},
		{"what's a good bread to bake this weekend", fourteenthSetMemories[28]},
		{"my bunny stopped eating, what should I do", fourteenthSetMemories[32]},
		{"the dog is going to hate new year's eve", fourteenthSetMemories[33]},
		{"how much should I put aside for retirement", fourteenthSetMemories[35]},
		{"what should I get my husband for our anniversary", fourteenthSetMemories[39]},
		{"remind me when my pasport expires", fourteenthSetMemories[41]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 19 || found < 8 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 19), related found %d/%d (want ≥ 8)", quiet, len(unrelated), found, len(related))
	}
}
