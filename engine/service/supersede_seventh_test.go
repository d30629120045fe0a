package service_test

import "testing"

// supersedeSeventh is the seventh round of held-out style probes, written
// before any fix of this round and without reading the earlier rounds'
// texts: what a demanding user of a memory service would try. It mixes
// personal life and work, chatty and terse phrasings, an agent's "User …"
// notes, look-alikes that must both stay (two pets, two children, a trip
// beside a home, a hypothetical, a question, someone else's taste, past
// history) and dedupe (other words, typos, another tense, exact repeats, a
// more specific restatement).
var supersedeSeventh = []scenario{
	// Personal updates.
	{name: "moved across town chatty", steps: []string{
		"Just so you know, I live in Glasgow.", "We finally moved to Edinburgh last Saturday, boxes everywhere"},
		facts: []string{"Edinburgh"}, gone: []string{"Glasgow"}},
	{name: "left one pharmacy for another", steps: []string{
		"I'm a pharmacist at Boots.", "Left Boots in January, now I'm a pharmacist at Lloyds."},
		facts: []string{"Lloyds"}, gone: []string{"at Boots"}},
	{name: "vegan no more", steps: []string{
		"I'm vegan.", "I'm not vegan anymore, I eat fish again."},
		facts: []string{"fish"}, gone: []string{"User is vegan"}},
	{name: "stopped drinking beer", steps: []string{
		"I drink beer on weekends.", "I don't drink beer anymore."},
		gone: []string{"User drinks beer"}},
	{name: "surname changed", steps: []string{
		"My surname is Kowalski.", "I took my wife's name, my surname is Okafor now."},
		facts: []string{"Okafor"}, gone: []string{"Kowalski"}},
	{name: "phone number changed", steps: []string{
		"My phone number is 555-0142.", "New number: my phone number is 555-0199."},
		facts: []string{"555-0199"}, gone: []string{"555-0142"}},
	{name: "home address changed", steps: []string{
		"My address is 12 Baker Lane.", "Our new address is 40 Mill Road."},
		facts: []string{"40 Mill Road"}, gone: []string{"Baker Lane"}},
	{name: "holiday plan changed", steps: []string{
		"We're going to Crete in June.", "Change of plans, we're going to Sicily in June instead."},
		facts: []string{"Sicily"}, gone: []string{"Crete"}},
	{name: "sister name typo corrected", steps: []string{
		"My sister's name is Ella.", "actually it's Ellie, not Ella, autocorrect got me"},
		facts: []string{"Ellie"}, gone: []string{"Ella"}},
	{name: "birthday month corrected", steps: []string{
		"My birthday is on August 14.", "Sorry, typo earlier: my birthday is April 14, not August."},
		facts: []string{"April"}, gone: []string{"August"}},
	{name: "car replaced", steps: []string{
		"I drive a Honda Civic.", "Sold the Civic, I drive a Tesla Model 3 now."},
		facts: []string{"Tesla"}, gone: []string{"Civic"}},
	{name: "promoted in place", steps: []string{
		"I'm a product designer at Miro.", "I got promoted, I'm a design lead at Miro now."},
		facts: []string{"design lead"}, gone: []string{"product designer"}},
	{name: "dating then married", steps: []string{
		"I'm dating someone named Theo.", "Theo and I got married in May!"},
		facts: []string{"married"}, gone: []string{"dating"}},
	{name: "gym day moved", steps: []string{
		"I go to the gym on Mondays.", "I moved my gym day to Thursdays."},
		facts: []string{"Thursday"}, gone: []string{"Monday"},
		known: "\"moved User's gym day to Thursdays\" fills the gym day's place; \"goes to the gym on Mondays\" fills the verb slot go/to the gym, and the two are not read as one schedule"},
	{name: "appointment date misstated", steps: []string{
		"my dentist appointment is on March 12", "oops, I meant March 21 for the dentist, not the 12th"},
		facts: []string{"2025-03-21"}, gone: []string{"March 12", "2025-03-12"}},
	{name: "cat count grew", steps: []string{
		"I have two cats.", "I have three cats now, we adopted a kitten."},
		facts: []string{"three cats"}, gone: []string{"two cats"}},

	// A third person's facts and the user's own.
	{name: "mum moved user stays", steps: []string{
		"My mum lives in Cork.", "I live in Dublin.", "Mum moved to Galway in the spring."},
		facts: []string{"User lives in Dublin", "Galway"}, gone: []string{"Cork"}},
	{name: "friend changed career user did not", steps: []string{
		"My friend Raj is a dentist.", "I'm an architect.", "Raj is a pilot now."},
		facts: []string{"architect", "pilot"}, gone: []string{"dentist"}},
	{name: "dad's birthday age and mine", steps: []string{
		"My dad is 68.", "I'm 41.", "Dad turned 69 yesterday."},
		facts: []string{"41", "69"}, gone: []string{"68"}},

	// Work and coding.
	{name: "linter replaced", steps: []string{
		"We lint with ESLint.", "We replaced ESLint with Biome."},
		facts: []string{"Biome"}, gone: []string{"ESLint"}},
	{name: "python upgraded", steps: []string{
		"Our services run on Python 3.10.", "Upgraded all services to Python 3.12 this week."},
		facts: []string{"3.12"}, gone: []string{"3.10"}},
	{name: "grafana port moved", steps: []string{
		"Grafana listens on port 3000.", "Grafana is on port 3300 now."},
		facts: []string{"3300"}, gone: []string{"3000"}},
	{name: "buckets moved region", steps: []string{
		"Our S3 buckets are in eu-west-1.", "We moved the S3 buckets to eu-central-1 for compliance."},
		facts: []string{"eu-central-1"}, gone: []string{"eu-west-1"}},
	{name: "service owner changed", steps: []string{
		"Priya owns the billing service.", "Marco owns the billing service now."},
		facts: []string{"Marco"}, gone: []string{"Priya"}},
	{name: "deadline pushed", steps: []string{
		"The migration deadline is April 30.", "The migration deadline got pushed to May 15."},
		facts: []string{"2025-05-15"}, gone: []string{"April 30", "2025-04-30"}},
	{name: "ci migrated", steps: []string{
		"CI runs on Jenkins.", "We migrated CI from Jenkins to GitHub Actions."},
		facts: []string{"GitHub Actions"}, gone: []string{"Jenkins"}},
	{name: "k8s region terse chat", steps: []string{
		"our k8s cluster is in us-east-2", "fyi the k8s cluster is in us-west-2 now after the migration"},
		facts: []string{"us-west-2"}, gone: []string{"us-east-2"}},
	{name: "stack list then one part changes", steps: []string{
		"Our stack: Go for the API, Postgres for data, and we host on Render.",
		"Quick update: we moved hosting from Render to Railway."},
		facts: []string{"Go", "Postgres", "Railway"}, gone: []string{"Render"}},
	{name: "default branch renamed", steps: []string{
		"Our default branch is master.", "We renamed the default branch to trunk."},
		facts: []string{"trunk"}, gone: []string{"master"}},

	// An agent's notes about the user.
	{name: "agent note theme switched", steps: []string{
		"note: User prefers dark mode.", "note: User now prefers light mode."},
		facts: []string{"light mode"}, gone: []string{"dark mode"}},
	{name: "agent note relocated", steps: []string{
		"note: User works remotely from Krakow.", "note: User relocated to Gdansk and still works remotely."},
		facts: []string{"Gdansk"}, gone: []string{"Krakow"}},
	{name: "agent note timezone", steps: []string{
		"note: User's timezone is CET.", "note: User's timezone is PST now."},
		facts: []string{"PST"}, gone: []string{"CET"}},

	// Look-alikes that must not supersede.
	{name: "parrot and tortoise", steps: []string{
		"I have a parrot called Kiwi.", "We also got a tortoise named Sheldon."},
		facts: []string{"Kiwi", "Sheldon"}},
	{name: "two children two schools", steps: []string{
		"My older son attends Hillcrest Academy.", "My younger daughter attends Maple Primary."},
		facts: []string{"Hillcrest", "Maple Primary"}},
	{name: "conference trip is not a move", steps: []string{
		"I live in Lyon.", "I'm in Tokyo this week for a conference."},
		facts: []string{"User lives in Lyon"}, never: []string{"User lives in Tokyo"}},
	{name: "hypothetical move", steps: []string{
		"I live in Cardiff.", "If I move to Swansea my commute would be shorter."},
		facts: []string{"User lives in Cardiff"}, never: []string{"User lives in Swansea"}},
	{name: "question about switching bundler", steps: []string{
		"We use Webpack for bundling.", "Should I switch to Parcel?"},
		facts: []string{"Webpack"}, never: []string{"Parcel"}},
	{name: "husband's seat preference", steps: []string{
		"I prefer window seats.", "My husband prefers aisle seats."},
		facts: []string{"window", "aisle"}},
	{name: "lived there before", steps: []string{
		"I live in Helsinki.", "Before that I lived in Tallinn for six years."},
		facts: []string{"User lives in Helsinki"}, never: []string{"User lives in Tallinn"}},
	{name: "prod and staging ports", steps: []string{
		"Prod Postgres is on port 5432.", "Staging Postgres is on port 5433."},
		facts: []string{"5432", "5433"}},
	{name: "two repos two node versions", steps: []string{
		"The API repo uses Node 20.", "The marketing site uses Node 16."},
		facts: []string{"Node 20", "Node 16"}},
	{name: "thinking about another notes app", steps: []string{
		"I use Obsidian for notes.", "I'm thinking about switching to Notion."},
		facts: []string{"Obsidian"}, never: []string{"uses Notion"}},
	{name: "teammate's editor", steps: []string{
		"I use Vim.", "My teammate Lena uses Emacs."},
		facts: []string{"User uses Vim", "Emacs"}},
	{name: "job and volunteering", steps: []string{
		"I work as a paramedic.", "On weekends I volunteer at an animal shelter."},
		facts: []string{"paramedic", "shelter"}},

	// Dedupe.
	{name: "employer restated other words", steps: []string{
		"I'm a software engineer at Atlassian.", "I work for Atlassian as a software engineer."},
		once: []string{"Atlassian"}},
	{name: "allergy with typos", steps: []string{
		"I'm allergic to penicillin.", "im alergic to penicilin btw"},
		once: []string{"penicil"}},
	{name: "home restated other tense", steps: []string{
		"I've been living in Perth since 2020.", "I live in Perth."},
		once: []string{"Perth"}},
	{name: "exact repeat", steps: []string{
		"My favourite food is ramen.", "My favourite food is ramen."},
		once: []string{"ramen"}},
	{name: "daughter restated with name", steps: []string{
		"I have a daughter.", "I have a daughter named Zoe."},
		facts: []string{"Zoe"}, once: []string{"daughter"}},
	{name: "cloud restated more specifically", steps: []string{
		"We use AWS.", "We use AWS, mostly ECS and RDS."},
		facts: []string{"ECS"}, once: []string{"AWS"}},
	{name: "test command restated", steps: []string{
		"Tests run with go test ./...", "we run the tests via go test ./..."},
		once:  []string{"go test"},
		known: "\"Tests run with go test\" (the tests' run_with slot) and \"User runs the tests via go test\" (the user's run slot) are two subjects to the dedupe"},
	{name: "commit convention restated", steps: []string{
		"The repo uses Conventional Commits.", "commit messages here follow conventional commits"},
		once:  []string{"conventional commits"},
		known: "\"commit messages here follow conventional commits\" is read as a rule (procedural), \"The repo uses Conventional Commits\" as a fact (semantic): the two are not compared"},
}

// TestSupersedeSeventh runs the seventh round on fresh engines.
func TestSupersedeSeventh(t *testing.T) {
	runScenarios(t, supersedeSeventh)
}
