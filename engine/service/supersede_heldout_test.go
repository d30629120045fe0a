package service_test

import "testing"

// heldoutScenarios were written without reading supersedeScenarios' texts,
// the way a demanding user talks in chats and coding sessions, to measure
// the built-in pipeline on phrasings it was not tuned to.
//
// A plan for the future ("I'm moving to Berlin next month") does not replace
// the present: until the date comes, where the user lives is still the old
// place, so the plan may be kept as a plan but never as the new current fact.
var heldoutScenarios = []scenario{
	// Updates of a single-valued fact, first person, varied phrasing.
	{name: "ho city lowercase chat", steps: []string{"i live in glasgow", "moved to edinburgh last week lol"},
		facts: []string{"edinburgh"}, gone: []string{"glasgow"}},
	{name: "ho city since spring", steps: []string{"I live in Toronto.", "I've been living in Vancouver since last spring."},
		facts: []string{"Vancouver"}, gone: []string{"lives in Toronto"}},
	{name: "ho employer at now", steps: []string{"I work at Atlassian.", "I'm at Shopify now."},
		facts: []string{"Shopify"}, gone: []string{"works at Atlassian"}},
	{name: "ho employer new job", steps: []string{"I'm a backend engineer at Zalando.", "Started a new job at N26 on Monday, backend engineer still."},
		facts: []string{"N26"}, gone: []string{"Zalando"}},
	{name: "ho job title", steps: []string{"I'm a product manager.", "I'm now a director of product."},
		facts: []string{"director of product"}, gone: []string{"User is a product manager"}},
	{name: "ho manager contraction", steps: []string{"My boss is Kevin.", "Kevin's gone, my boss is Linda now."},
		facts: []string{"Linda"}, gone: []string{"boss is Kevin"}},
	{name: "ho favourite food", steps: []string{"My favorite food is ramen.", "These days my favorite food is pho."},
		facts: []string{"pho"}, gone: []string{"ramen"}},
	{name: "ho phone", steps: []string{"I use an iPhone 12.", "I upgraded to an iPhone 15 yesterday."},
		facts: []string{"iPhone 15"}, gone: []string{"iPhone 12"}},
	{name: "ho car", steps: []string{"I drive a Honda Civic.", "Sold the Civic, I drive a Tesla Model 3 now."},
		facts: []string{"Tesla"}, gone: []string{"drives a Honda Civic"}},
	{name: "ho age birthday", steps: []string{"I'm 29.", "Just turned 30 today!"},
		facts: []string{"30"}, gone: []string{"29"}},
	{name: "ho married", steps: []string{"My girlfriend is Anna.", "Anna and I got married in June, she's my wife now."},
		facts: []string{"Anna"}},
	{name: "ho team size typo", steps: []string{"my team has 4 engineers", "we hired two more, my team has 6 engeneers now"},
		facts: []string{"6"}, gone: []string{"4 engineers"}},
	// Named others.
	{name: "ho named moved", steps: []string{"Tomás lives in Valencia.", "Tomás relocated to Seville in January."},
		facts: []string{"Seville"}, gone: []string{"Tomás lives in Valencia"}},
	{name: "ho named job", steps: []string{"Priyanka works at Infosys.", "Priyanka works at Accenture now."},
		facts: []string{"Accenture"}, gone: []string{"Infosys"}},
	{name: "ho sister job vs mine", steps: []string{"My sister is a dentist.", "I'm a teacher."},
		facts: []string{"sister is a dentist", "teacher"}},
	{name: "ho brother city vs mine", steps: []string{"My brother lives in Oslo.", "I live in Bergen."},
		facts: []string{"Oslo", "Bergen"}},
	{name: "ho two named same city", steps: []string{"Lena lives in Hamburg.", "Jonas lives in Cologne."},
		facts: []string{"Lena lives in Hamburg", "Jonas lives in Cologne"}},
	// Negations.
	{name: "ho coffee anymore", steps: []string{"I drink coffee every morning.", "I don't drink coffee anymore."},
		facts: []string{"coffee"}, gone: []string{"User drinks coffee"}},
	{name: "ho stopped jenkins", steps: []string{"We use Jenkins for CI.", "We stopped using Jenkins, CI runs on GitHub Actions now."},
		facts: []string{"GitHub Actions"}, gone: []string{"uses Jenkins"}},
	{name: "ho quit smoking", steps: []string{"I smoke about ten cigarettes a day.", "I quit smoking in January."},
		gone: []string{"User smokes"}},
	{name: "ho not vegan anymore", steps: []string{"I'm vegan.", "I'm not vegan anymore, I eat fish now."},
		facts: []string{"not vegan"}, gone: []string{"User is vegan"}},
	{name: "ho two dislikes", steps: []string{"I don't like olives.", "I don't like mushrooms."},
		facts: []string{"olives", "mushrooms"}},
	// Corrections.
	{name: "ho actually not", steps: []string{"My daughter's name is Ella.", "Actually it's Ellie, not Ella."},
		facts: []string{"Ellie"}, gone: []string{"name is Ella"}},
	{name: "ho sorry meant", steps: []string{"The offsite is in Lisbon.", "sorry, I meant the offsite is in Porto"},
		facts: []string{"Porto"}, gone: []string{"Lisbon"}},
	{name: "ho correction port", steps: []string{"The API listens on port 8080.", "Correction: the API listens on port 8081."},
		facts: []string{"8081"}, gone: []string{"8080"},
		known: "\"Correction:\" is a sentence of its own, so the statement after it is not read as a correction, and a port one listens on may be one of several"},
	// Restated in other words: one fact.
	{name: "ho restated job", steps: []string{"I work as a nurse.", "I'm a nurse."}, once: []string{"nurse"}},
	{name: "ho restated city", steps: []string{"I live in Lyon.", "I'm living in Lyon."}, once: []string{"Lyon"}},
	{name: "ho restated pet", steps: []string{"I have a dog called Biscuit.", "My dog's name is Biscuit."}, once: []string{"Biscuit"}},
	{name: "ho restated love", steps: []string{"I love climbing.", "I really enjoy climbing."}, once: []string{"climbing"}},
	{name: "ho restated exclaim", steps: []string{"I'm allergic to penicillin.", "i'm allergic to penicillin!!"}, once: []string{"penicillin"}},
	// Singular/plural and number words.
	{name: "ho kids children", steps: []string{"I have 2 kids.", "I have two children."}, once: []string{"User has"}},
	{name: "ho three cats digits", steps: []string{"I have three cats.", "I have 3 cats."}, once: []string{"cats"}},
	{name: "ho one sister", steps: []string{"I have one sister.", "I have a sister."}, once: []string{"sister"}},
	// Unrelated facts that must not supersede each other.
	{name: "ho two pets", steps: []string{"I have a parrot named Kiwi.", "I have a hamster named Nibbles."},
		facts: []string{"Kiwi", "Nibbles"}},
	{name: "ho two cities visited", steps: []string{"I visited Kyoto last year.", "I visited Seoul in April."},
		facts: []string{"Kyoto", "Seoul"}},
	{name: "ho two project databases", steps: []string{"The billing service uses PostgreSQL.", "The search service uses Elasticsearch."},
		facts: []string{"PostgreSQL", "Elasticsearch"}},
	{name: "ho past job after current", steps: []string{"I work at Datadog.", "Before that I worked at Mozilla for five years."},
		facts: []string{"works at Datadog", "Mozilla"}},
	{name: "ho two languages", steps: []string{"I speak Spanish.", "I also speak Portuguese."},
		facts: []string{"Spanish", "Portuguese"}},
	{name: "ho two hobbies", steps: []string{"I like running.", "I like painting."},
		facts: []string{"running", "painting"}},
	{name: "ho two friends", steps: []string{"My friend Omar is a pilot.", "My friend Sven is a chef."},
		facts: []string{"pilot", "chef"}},
	// Coding projects: tools and configuration.
	{name: "ho node version", steps: []string{"The project uses Node 18.", "We bumped the project to Node 20."},
		facts: []string{"20"}, gone: []string{"Node 18"}},
	{name: "ho package manager", steps: []string{"We use npm in this repo.", "We switched the repo to pnpm."},
		facts: []string{"pnpm"}, gone: []string{"uses npm"},
		known: "\"switched the repo to pnpm\" names no old value: nothing says npm and pnpm are the same kind of tool"},
	{name: "ho default branch", steps: []string{"The default branch is master.", "We renamed the default branch to main."},
		facts: []string{"main"}, gone: []string{"branch is master"},
		known: "a bare \"The X is Y\" of a project with no number or tool name is not kept as a fact"},
	{name: "ho deadline moved", steps: []string{"The deadline for the migration is April 15.", "The migration deadline got pushed to May 1."},
		facts: []string{"2025-05-01"}, gone: []string{"2025-04-15", "April 15"}},
	{name: "ho redis port", steps: []string{"Redis runs on port 6379.", "Redis runs on port 6380 now."},
		facts: []string{"6380"}, gone: []string{"6379"}},
	{name: "ho python version", steps: []string{"We're on Python 3.9.", "We upgraded to Python 3.12 last sprint."},
		facts: []string{"3.12"}, gone: []string{"3.9"}},
	{name: "ho linter", steps: []string{"We lint with flake8.", "We replaced flake8 with ruff."},
		facts: []string{"ruff"}, gone: []string{"with flake8"}},
	{name: "ho two services ports", steps: []string{"The auth service runs on port 4000.", "The billing service runs on port 5000."},
		facts: []string{"4000", "5000"}},
	{name: "ho test command", steps: []string{"Run tests with make test.", "We run the tests with go test ./... now, not make test."},
		facts: []string{"go test"}, gone: []string{"Run tests with make test"}},
	// Future plans do not replace the present.
	{name: "ho moving next month", steps: []string{"I live in Munich.", "I'm moving to Berlin next month."},
		facts: []string{"lives in Munich"}, never: []string{"lives in Berlin"}},
	{name: "ho age next month", steps: []string{"I'm 39.", "I'm 40 next month."},
		facts: []string{"39"}},
	{name: "ho will start job", steps: []string{"I work at Siemens.", "I'll start at Bosch in June."},
		facts: []string{"works at Siemens"}, never: []string{"works at Bosch"}},
	{name: "ho hope to", steps: []string{"I drive a Golf.", "I hope to buy a Volvo someday."},
		facts: []string{"Golf"}, never: []string{"drives a Volvo"}},
	// Quantities and preferences.
	{name: "ho sleep hours", steps: []string{"I sleep about 6 hours a night.", "I sleep 8 hours a night now."},
		facts: []string{"8 hours"}, gone: []string{"6 hours"}},
	{name: "ho prefer tabs", steps: []string{"I prefer tabs over spaces.", "I prefer spaces now."},
		facts: []string{"spaces"}, gone: []string{"prefers tabs"}},
	{name: "ho prefer dark mode", steps: []string{"I prefer dark mode.", "I prefer dark mode."}, once: []string{"dark mode"}},
	{name: "ho salary", steps: []string{"My salary is 85k.", "I got a raise, my salary is 95k now."},
		facts: []string{"95k"}, gone: []string{"85k"}},
	// Assistant talk and questions are no facts.
	{name: "ho assistant says", steps: []string{"Which database should I use? || A: PostgreSQL is a safe default for you."},
		never: []string{"User uses PostgreSQL"}},
	{name: "ho question someone", steps: []string{"Is Marco still at Ferrari?"}, never: []string{"Ferrari"}},
}

// TestSupersedeHeldout runs the held-out scenarios.
func TestSupersedeHeldout(t *testing.T) {
	runScenarios(t, heldoutScenarios)
}
