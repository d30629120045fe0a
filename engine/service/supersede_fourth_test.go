package service_test

import "testing"

// supersedeFourth is the fourth round of held-out style probes, written
// without reading the earlier rounds: coding-session exchanges (one user
// prompt and the assistant's reply per request), long lower-case chat with
// typos and restatements, facts about friends next to the same fact about
// the user, things of one kind that coexist, and corrections, retractions,
// negations and time words.
var supersedeFourth = []scenario{
	// Coding sessions: a later session changes one convention or setting.
	{name: "one of a stack upgraded", steps: []string{
		"Let us set up the API project. We use Go 1.22, Postgres 15 and Redis. || A: Got it.",
		"we upgraded to Go 1.23 yesterday || A: Nice, I'll use the new loop semantics."},
		facts: []string{"Go 1.23", "Postgres 15", "Redis"}, gone: []string{"Go 1.22"}},
	{name: "a list that says more than names", steps: []string{
		"We use pnpm, not npm, in the web repo || A: OK."},
		facts: []string{"pnpm"}, never: []string{"uses not", "uses in the web repo"}},
	{name: "pnpm not npm", steps: []string{
		"we use npm for this repo || A: Got it, I'll use npm.",
		"actually use pnpm not npm, we switched last sprint || A: Understood, pnpm from now on."},
		facts: []string{"pnpm"}, gone: []string{"npm"}},
	{name: "api port changed", steps: []string{
		"the api server runs on port 8080 locally || A: Thanks, I'll hit localhost:8080.",
		"heads up, I changed the api port to 9090 || A: Noted, I'll use 9090."},
		facts: []string{"9090"}, gone: []string{"8080"}},
	{name: "node upgraded", steps: []string{
		"we're on node 18 for the backend || A: OK.",
		"we upgraded the backend to node 20 yesterday || A: Great, I'll target node 20."},
		facts: []string{"node 20"}, gone: []string{"node 18"}},
	{name: "heroku to fly", steps: []string{
		"we deploy the app to heroku || A: Got it.",
		"we moved from heroku to fly.io last week || A: Thanks for the update."},
		facts: []string{"fly.io"}, gone: []string{"deploy the app to heroku"}},
	{name: "jest to vitest", steps: []string{
		"we use jest for unit tests || A: Sounds good.",
		"we dropped jest and moved everything to vitest || A: I'll write vitest tests then."},
		facts: []string{"vitest"}, gone: []string{"use jest"}},
	{name: "mysql to postgres", steps: []string{
		"the app talks to mysql 5.7 || A: Noted.",
		"we migrated the app from mysql to postgres 16 over the weekend || A: Nice."},
		facts: []string{"postgres 16"}, gone: []string{"mysql 5.7"}},
	{name: "dropped redis", steps: []string{
		"we use redis for caching sessions || A: OK.",
		"we dropped redis, sessions live in postgres now || A: Understood."},
		facts: []string{"postgres"}, gone: []string{"redis for caching"}},
	{name: "python version", steps: []string{
		"the service runs python 3.9 || A: OK, I'll avoid newer syntax.",
		"we're on python 3.12 now || A: Great, I can use the newer features."},
		facts: []string{"3.12"}, gone: []string{"3.9"}},
	{name: "ci migrated", steps: []string{
		"ci runs on github actions || A: Got it.",
		"we migrated ci from github actions to buildkite || A: OK."},
		facts: []string{"buildkite"}, gone: []string{"runs on github actions"}},
	{name: "poetry replaced by uv", steps: []string{
		"we manage python deps with poetry || A: Got it.",
		"we replaced poetry with uv last month || A: I'll use uv then."},
		facts: []string{"uv"}, gone: []string{"with poetry"}},
	{name: "indent scratch that", steps: []string{
		"we use 2 space indentation everywhere || A: OK.",
		"scratch that, it's 4 spaces, I misremembered the editorconfig || A: Thanks, 4 spaces."},
		facts: []string{"4 spaces"}, gone: []string{"2 space"}},
	{name: "deploy branch changed", steps: []string{
		"we deploy from the main branch || A: Noted.",
		"we now deploy from the release branch, main is just for development || A: Got it."},
		facts: []string{"release branch"}, gone: []string{"deploy from the main branch"}},
	{name: "metrics port only", steps: []string{
		"the api listens on 8080 and the metrics endpoint on 9100 || A: OK.",
		"I moved the metrics endpoint to 9200 || A: Noted."},
		facts: []string{"8080", "9200"}, gone: []string{"9100"},
		known: "a fact of two joined clauses (\"the api listens on 8080 and the metrics endpoint on 9100\") has one slot, the first clause's"},
	{name: "two stacks coexist", steps: []string{
		"the web app uses react 18 || A: OK.",
		"the admin panel is on vue 3 || A: Got it."},
		facts: []string{"react 18", "vue 3"}},
	{name: "lint tools coexist", steps: []string{
		"we lint with eslint || A: OK.",
		"we also run golangci-lint on the go services || A: Noted."},
		facts: []string{"eslint", "golangci-lint"}},
	{name: "comments instruction restated", steps: []string{
		"stop adding comments to every line || A: Sorry, I'll keep comments for the why.",
		"again, stop adding comments to every line please || A: Understood."},
		once: []string{"comments to every line"}},
	{name: "yarn restated", steps: []string{
		"we use yarn for the frontend || A: OK.",
		"we use yarn for the frontend, remember that || A: Will do."},
		once: []string{"yarn"}},
	{name: "general question is no fact", steps: []string{
		"what port does postgres use by default? || A: Postgres listens on 5432 by default."},
		never: []string{"5432"}},
	{name: "question does not supersede", steps: []string{
		"we run the workers on aws ecs || A: OK.",
		"should we move the workers to kubernetes? || A: It depends on how much control you need."},
		facts: []string{"ecs"}, never: []string{"kubernetes"}},
	{name: "commit style dropped", steps: []string{
		"we use conventional commits || A: Got it.",
		"we don't use conventional commits anymore, just plain sentences || A: OK."},
		gone: []string{"use conventional commits"}},
	{name: "logger kept after never mind", steps: []string{
		"we log with logrus || A: OK.",
		"never mind the zap idea, we're keeping logrus || A: Fine, logrus stays."},
		facts: []string{"logrus"}, never: []string{"zap"}},
	{name: "deploy day from next week", steps: []string{
		"we deploy on fridays || A: Noted.",
		"from next week on we deploy on tuesdays instead || A: Got it."},
		facts: []string{"tuesdays"}, gone: []string{"deploy on fridays"}},
	{name: "staging host moved", steps: []string{
		"staging lives at staging.acme.dev || A: OK.",
		"staging moved to stg.acme.io || A: I'll update the config."},
		facts: []string{"stg.acme.io"}, gone: []string{"staging.acme.dev"},
		known: "\"staging moved to X\" (a thing moved, no object) is neither kept as a fact nor given the slot \"staging lives at Y\" fills"},
	{name: "validation library restated", steps: []string{
		"we use zod for validation || A: OK.",
		"like I said we use zod for validation || A: Right."},
		once: []string{"zod"}},
	{name: "assistant suggestion no fact", steps: []string{
		"what editor should i use for rust? || A: You could try Helix or Zed."},
		never: []string{"helix", "zed"}},

	// Long real chat: lower case, typos, slang, several messages in a row.
	{name: "lowercase move", steps: []string{"i live in berlin rn", "moved to hamburg lol finally"},
		facts: []string{"hamburg"}, gone: []string{"berlin"}},
	{name: "burst of messages job", steps: []string{"ok so || big news || i got the job at shopify!!"},
		facts: []string{"shopify"}},
	{name: "restated nurse", steps: []string{"i'm a nurse", "like i said im a nurse so night shifts are normal for me"},
		once: []string{"nurse"}},
	{name: "restated chicago", steps: []string{"i live in chicago", "yeah i live in chicago, been here forever"},
		once: []string{"chicago"}},
	{name: "friend moved, me not", steps: []string{"I live in Denver.", "my buddy Sam moved to Austin"},
		facts: []string{"lives in Denver", "Austin"}},
	{name: "friend job vs mine", steps: []string{"i work at google", "my friend dan works at meta"},
		facts: []string{"User works at google", "meta"}},
	{name: "friend not vegan anymore", steps: []string{"I'm vegan.", "my roommate isn't vegan anymore lol"},
		facts: []string{"User is vegan"}},
	{name: "friend learns other language", steps: []string{"I'm learning Spanish.", "my friend Omar is learning Japanese"},
		facts: []string{"User is learning Spanish", "Japanese"}},
	{name: "two pets", steps: []string{"i have a cat named miso", "also got a dog last week, his name is biscuit"},
		facts: []string{"miso", "biscuit"}},
	{name: "two languages", steps: []string{"i speak english and portuguese", "i also speak a bit of french"},
		facts: []string{"portuguese", "french"}},
	{name: "two side projects", steps: []string{"my side project is a recipe app", "started another side project, a discord bot for my guild"},
		facts: []string{"recipe app", "discord bot"}},
	{name: "two speakers same phone", steps: []string{"Ana: I got a new phone, a pixel 8", "Ben: I got a pixel 8 too"},
		facts: []string{"Ana", "Ben"}},
	{name: "slang quit job", steps: []string{"i work at chase as a teller", "quit chase today, done with banking"},
		gone:  []string{"teller"},
		known: "\"works at chase as a teller\" is split into employer and title; leaving the employer ends only the employer"},
	{name: "fav food typo", steps: []string{"my fav food is sushi", "nvm my fav food is def tacos now"},
		facts: []string{"tacos"}, gone: []string{"sushi"}},
	{name: "favourite colour typo", steps: []string{"my favourit color is blue", "changed my mind, my favorite color is green now"},
		facts: []string{"green"}, gone: []string{"blue"}},
	{name: "promoted slang", steps: []string{"im a junior dev at stripe", "got promoted to senior dev!! still at stripe"},
		facts: []string{"senior"}, gone: []string{"junior"}},
	{name: "sister and me in a burst", steps: []string{"so my sister lives in rome || and i live in madrid || anyway"},
		facts: []string{"sister lives in rome", "User lives in madrid"}},
	{name: "kids restated in other words", steps: []string{"I have two kids.", "we've got 2 children, both in school"},
		once: []string{"2 children"}, never: []string{"two kids"}},
	{name: "hedged move keeps city", steps: []string{"I live in Paris.", "I might move to Lyon next year, not sure yet."},
		facts: []string{"lives in Paris"}},
	{name: "second job coexists", steps: []string{"I work as an accountant.", "I also teach yoga on weekends."},
		facts: []string{"accountant", "yoga"}},

	// Corrections, retractions, negations and time.
	{name: "no wait thursday", steps: []string{"the meeting with the landlord is on tuesday", "no wait, it's on thursday, not tuesday"},
		facts: []string{"2025-03-06"}, gone: []string{"2025-03-04"}},
	{name: "flight scratch that", steps: []string{"my flight lands at 6pm on friday", "scratch that, it lands at 9pm, got delayed"},
		facts: []string{"9pm"}, gone: []string{"6pm"}},
	{name: "same-turn date correction", steps: []string{"my dentist appointment is on the 20th || no wait, the 21st"},
		facts: []string{"21st"}, never: []string{"20th"}},
	{name: "value correction with nothing to correct", steps: []string{"I like jazz.", "scratch that, it's 4 spaces"},
		facts: []string{"jazz"}, never: []string{"meant"}},
	{name: "value correction of another unit", steps: []string{"the api has 3 replicas in prod || A: ok", "sorry, make that 5 replicas || A: noted"},
		facts: []string{"5 replicas"}, gone: []string{"3 replicas"},
		known: "\"the api has 3 replicas in prod\" is not kept as a fact: a count a part of the system has, said with \"has\", is read as no project statement"},
	{name: "keeping the civic", steps: []string{"I drive a honda civic.", "thinking of getting a tesla", "never mind, I'm keeping the civic lol"},
		facts: []string{"civic"}},
	{name: "no longer vegan", steps: []string{"i've been vegan for 3 years", "i'm no longer vegan, started eating fish again"},
		facts: []string{"no longer vegan"}, gone: []string{"vegan for 3 years"}},
	{name: "quit smoking", steps: []string{"I smoke about half a pack a day.", "I quit smoking 2 months ago!"},
		facts: []string{"quit smoking"}, gone: []string{"pack a day"}},
	{name: "not allergic after all", steps: []string{"I'm allergic to cats.", "actually I'm not allergic to cats, it was the dust"},
		gone: []string{"allergic to cats"}},
	{name: "since march then left", steps: []string{"I've worked at Acme since March 2021.", "I left Acme last week, I'm at Globex now."},
		facts: []string{"Globex"}, gone: []string{"since March"}},
	{name: "until last year", steps: []string{"I lived in Tokyo until last year, now I'm in Osaka."},
		facts: []string{"Osaka"}, never: []string{"User lives in Tokyo"}},
	{name: "gym from next week", steps: []string{"I go to planet fitness.", "from next week on I'm going to the ymca instead"},
		facts: []string{"ymca"}, gone: []string{"planet fitness"}},
	{name: "running restated with date", steps: []string{"I've been running since January.", "I started running in January."},
		once: []string{"running"}},
	{name: "stopped drinking coffee", steps: []string{"i drink like 4 coffees a day", "i stopped drinking coffee, switched to green tea"},
		facts: []string{"tea"}, gone: []string{"4 coffees"}},
	{name: "friend engaged not me", steps: []string{"I'm single.", "my best friend Lea just got engaged!"},
		facts: []string{"User is single"}},

	// Variants of the above in other words, written after the first fixes to probe them.
	{name: "yarn to pnpm", steps: []string{"we use yarn in this monorepo || A: ok", "we switched from yarn to pnpm || A: got it"}, facts: []string{"pnpm"}, gone: []string{"yarn in this"}},
	{name: "stopped using docker", steps: []string{"i use docker desktop for local dev", "stopped using docker desktop, podman now"}, facts: []string{"podman"}, gone: []string{"uses docker desktop"}},
	{name: "ditched mongo", steps: []string{"the backend stores data in mongodb || A: ok", "we ditched mongodb last quarter || A: noted"}, gone: []string{"stores data in mongodb"}},
	{name: "go version", steps: []string{"the service is on go 1.21", "bumped go to 1.23 this morning"}, facts: []string{"1.23"}, gone: []string{"1.21"}},
	{name: "prefer tabs restated", steps: []string{"i prefer tabs over spaces", "yeah tabs over spaces for me always"}, once: []string{"tabs"}, known: "\"tabs over spaces for me\" has no verb: kept as its own instruction, not read as the preference restated"},
	{name: "favourite movie", steps: []string{"fave movie is inception", "ok fave movie is interstellar now"}, facts: []string{"interstellar"}, gone: []string{"inception"}},
	{name: "no longer drink", steps: []string{"i drink 3 beers most nights", "i don't drink beer anymore"}, gone: []string{"3 beers"}},
	{name: "friend quit smoking", steps: []string{"i smoke a pack a day", "my dad quit smoking last year"}, facts: []string{"User smokes"}},
	{name: "two cars", steps: []string{"i drive a toyota corolla", "we also have a ford ranger for the farm"}, facts: []string{"corolla", "ranger"}},
	{name: "learning two langs", steps: []string{"i'm learning german", "i'm also learning korean"}, facts: []string{"german", "korean"}},
	{name: "plays guitar restated", steps: []string{"i play guitar", "i play the guitar, been at it for years"}, once: []string{"guitar"}},
	{name: "moved back", steps: []string{"i live in leeds", "moved back to york last month"}, facts: []string{"york"}, gone: []string{"leeds"}},
	{name: "manager changed lower", steps: []string{"my manager is priya", "priya left, my new manager is tom"}, facts: []string{"tom"}, gone: []string{"manager is priya"}, known: "in lower-case chat \"my manager is priya\" has no capital to tell a name from a description, so it fills no identity slot"},
	{name: "deploy target vercel", steps: []string{"the frontend is deployed on netlify", "moved the frontend from netlify to vercel"}, facts: []string{"vercel"}, gone: []string{"netlify"}},
	{name: "test cmd", steps: []string{"run the tests with make test", "run the tests with go test ./... now, not make test"}, gone: []string{"with make test"}},
	{name: "gym dropped", steps: []string{"i go to the gym every morning", "i stopped going to the gym"}, gone: []string{"every morning"}},
	{name: "retract job", steps: []string{"i'm a teacher", "actually i'm not a teacher anymore, i'm a tutor now"}, facts: []string{"tutor"}, gone: []string{"User is a teacher"}},
	{name: "hedged switch", steps: []string{"we use postgres", "thinking about switching to cockroachdb"}, facts: []string{"postgres"}, never: []string{"cockroach"}},
	{name: "assistant proposes", steps: []string{"we use npm || A: ok", "how do i speed up installs? || A: You could switch to pnpm, it's much faster."}, facts: []string{"npm"}, never: []string{"pnpm"}},
	{name: "until last year", steps: []string{"i worked at ibm until last year", "i work at red hat"}, facts: []string{"red hat"}, never: []string{"User works at ibm"}},
	{name: "since march", steps: []string{"i've lived in oslo since march"}, facts: []string{"oslo"}},
	{name: "comments rule changed", steps: []string{"always add a comment above every function || A: will do", "stop adding comments above every function, only exported ones || A: ok"}, gone: []string{"always add a comment"}},
	{name: "branch renamed", steps: []string{"our default branch is master", "we renamed master to main"}, facts: []string{"main"}, gone: []string{"branch is master"}},
	{name: "port now", steps: []string{"the dev server runs on port 3000", "the dev server is on port 5173 now"}, facts: []string{"5173"}, gone: []string{"3000"}},
	{name: "friend vegan me not", steps: []string{"i eat meat", "my sister went vegan"}, facts: []string{"User eats meat", "vegan"}},
}

// TestSupersedeFourth runs the fourth round of scenarios.
func TestSupersedeFourth(t *testing.T) {
	runScenarios(t, supersedeFourth)
}
