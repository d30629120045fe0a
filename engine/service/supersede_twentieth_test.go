package service_test

import "testing"

// supersedeTwentieth is the twentieth round of held-out style probes, written
// before any fix of this round, without looking at the pipeline and without
// reusing the earlier rounds' texts. Its new kinds: a change told only as the
// new state, with no correction word ("up to 30 laps now", "swapped the accord
// for a tesla"); version bumps of the tools the user runs; corrections of
// someone else of whom nothing is stored; corrections spread over two turns;
// slang, typos, lower case and emoji; and look-alikes that must change nothing
// (a friend's new phone, "if I moved to …", "I used to live in …" said after
// the current city). Every scenario with a stale value asserts the stale fact
// is kept in history with its validity window closed.
// Baseline before this round's fixes: 25/45 (20 marked known); after an amount
// said as where one is ("is at N <unit> now") or by another verb of having ("owns")
// was read as the count it changes, and a version said of someone else no longer
// retired the user's, 28/45; after a version said without its tool ("we're on 22.04
// now, not 20.04", "the cluster is on 1.29 now") ended the stored version it names or
// whose holder it names, 30/45; after a turn that only announces a correction ("wait,
// that's wrong") made the next turn, in the request or the next one, a correction,
// 31/45; after a count said with only "now" ("so three cats now") was read as had,
// and a count said now without the stored one's qualifier ("at home") or with an
// aside after a comma ("…, adopted another") as the count changed, 32/45; after "up
// to 30 laps a session now" was read as the amount reached, of whatever verb, 33/45;
// after a tool moved off a thing ("moved CI off jenkins") was gone from that thing said
// with a word more ("CI pipeline runs on Jenkins"), 34/45; after a thing of one's own said
// without "my" ("commute's down to 15 min") was read as the speaker's (round of 2026-11-28), 35/45.
var supersedeTwentieth = []scenario{
	// A change told as the new state, with no correction word.
	{name: "kitten makes three cats", steps: []string{
		"We've got two cats at home.", "we adopted a kitten, so three cats now"},
		facts: []string{"three cats"}, gone: []string{"two cats"}, kept: true},
	{name: "laps up now", steps: []string{
		"I swim 20 laps a session.", "up to 30 laps a session now"},
		facts: []string{"30 laps"}, gone: []string{"20 laps"}, kept: true},
	{name: "swapped the car", steps: []string{
		"I drive a Honda Accord.", "swapped the accord for a Tesla Model 3 last week"},
		facts: []string{"Model 3"}, gone: []string{"Accord"}, kept: true},
	{name: "moved in june", steps: []string{
		"I live in Bristol with my partner.", "we moved to Cardiff in june"},
		facts: []string{"Cardiff"}, gone: []string{"Bristol"}, kept: true},
	{name: "new job started monday", steps: []string{
		"I work at Deloitte as an auditor.", "started a new job at KPMG on monday"},
		facts: []string{"KPMG"}, gone: []string{"Deloitte"}, kept: true},
	{name: "books a month at", steps: []string{
		"I read about 2 books a month.", "i'm at 4 books a month now"},
		facts: []string{"4 books"}, gone: []string{"2 books"}, kept: true},
	{name: "promoted to senior", steps: []string{
		"I'm a junior developer.", "got promoted to senior developer last month"},
		facts: []string{"senior"}, gone: []string{"junior developer"}, kept: true},
	{name: "sleep hours now", steps: []string{
		"I usually sleep 6 hours a night.", "getting 8 hours a night these days"},
		facts: []string{"8 hours"}, gone: []string{"6 hours"}, kept: true,
		known: "\"getting 8 hours a night these days\" gives no fact"},
	{name: "second bike", steps: []string{
		"I've got 1 bike.", "bought another bike, i own 2 bikes now"},
		facts: []string{"2 bikes"}, gone: []string{"1 bike"}, kept: true},
	{name: "ci moved off", steps: []string{
		"Our CI pipeline runs on Jenkins.", "we moved CI off jenkins onto github actions"},
		facts: []string{"GitHub Actions"}, gone: []string{"runs on Jenkins"}, kept: true},
	{name: "commute down to", steps: []string{
		"my commute is 40 minutes each way", "commute's down to 15 min since we moved"},
		facts: []string{"15 min"}, gone: []string{"40 minutes"}, kept: true},

	// Version bumps of the tools the user runs.
	{name: "postgres upgraded from to", steps: []string{
		"We run Postgres 13 in production.", "upgraded postgres from 13 to 15 over the weekend"},
		facts: []string{"15"}, gone: []string{"Postgres 13"}, kept: true},
	{name: "ubuntu release now not", steps: []string{
		"Our servers run Ubuntu 20.04.", "we're on 22.04 now, not 20.04"},
		facts: []string{"22.04"}, gone: []string{"Ubuntu 20.04"}, kept: true},
	{name: "python bumped", steps: []string{
		"I use Python 3.9 for the backend.", "bumped the backend to python 3.12"},
		facts: []string{"3.12"}, gone: []string{"Python 3.9"}, kept: true},
	{name: "kubernetes upgrade done", steps: []string{
		"Our cluster is on Kubernetes 1.26.", "finished the k8s upgrade, the cluster is on 1.29 now"},
		facts: []string{"1.29"}, gone: []string{"Kubernetes 1.26"}, kept: true},
	{name: "node migrated", steps: []string{
		"We use Node 16 for the API.", "migrated the api to node 20 last sprint"},
		facts: []string{"node 20"}, gone: []string{"Node 16"}, kept: true},
	{name: "debian release of the fleet", steps: []string{
		"Our fleet runs Debian 11.", "the fleet is on debian 12 now"},
		facts: []string{"debian 12"}, gone: []string{"Debian 11"}, kept: true},
	{name: "a release announced is no upgrade", steps: []string{
		"We run MySQL 8.0.", "MySQL 8.4 came out yesterday, might try it later"},
		facts: []string{"8.0"}, never: []string{"run MySQL 8.4", "runs MySQL 8.4"}},

	// Corrections of someone else of whom nothing is stored.
	{name: "uncle's trade with nothing stored", steps: []string{
		"I teach music for a living.", "oh and my uncle is a plumber, not an electrician"},
		facts: []string{"music", "plumber"}, never: []string{"User meant", "User is a plumber"}},
	{name: "cousin's city with nothing stored", steps: []string{
		"my cousin lives in Glasgow, not Edinburgh"},
		facts: []string{"Glasgow"}, never: []string{"User lives in Glasgow", "User meant"}},
	{name: "friend's age with nothing stored", steps: []string{
		"I live in Valencia.", "btw my best friend is 29, not 30"},
		facts: []string{"Valencia"}, never: []string{"User is 29", "User meant"}},
	{name: "manager's name spelling with nothing stored", steps: []string{
		"my manager's name is Priya, not Pria"},
		facts: []string{"Priya"}, never: []string{"User meant"}},

	// Corrections spread over two turns.
	{name: "employer correction after a pause", steps: []string{
		"I work at Stripe as a PM.", "wait, that's wrong", "it's Square, not Stripe"},
		facts: []string{"Square"}, gone: []string{"works at Stripe"}, kept: true},
	{name: "date corrected in the next turns", steps: []string{
		"my flight is on the 14th || A: Noted, the 14th. || no wait || the 15th, not the 14th"},
		facts: []string{"15th"}, never: []string{"flight is on the 14th"},
		known: "\"the 15th, not the 14th\" after \"no wait\" does not correct the flight"},
	{name: "breed corrected after announcing it", steps: []string{
		"I've got a golden retriever called Biscuit.", "correction about my dog", "he's a labrador, not a golden retriever"},
		facts: []string{"labrador"}, gone: []string{"a golden retriever"}, kept: true,
		known: "\"he's a labrador, not a golden retriever\" in a turn of its own gives no fact"},
	{name: "anniversary after hold on", steps: []string{
		"My anniversary is May 3.", "actually hold on", "it's May 13, not May 3"},
		facts: []string{"May 13"}, gone: []string{"May 3"}, kept: true,
		known: "\"it's May 13, not May 3\" in a turn of its own gives no fact"},

	// Slang, typos, lower case and emoji.
	{name: "moved with emoji", steps: []string{
		"i live in manchester", "moved to liverpool 🎉 finally"},
		facts: []string{"liverpool"}, gone: []string{"manchester"}, kept: true},
	{name: "misspelt diet given up", steps: []string{
		"im a vegitarian", "not vegetarian anymore lol eating meat again 🍗"},
		gone: []string{"vegitarian"}, kept: true,
		known: "\"not vegetarian anymore\" does not retire the misspelt \"vegitarian\""},
	{name: "coffee order slang", steps: []string{
		"my fav coffee is a flat white ☕", "tbh its oat lattes now, flat whites r too strong"},
		facts: []string{"oat latte"}, gone: []string{"flat white"}, kept: true,
		known: "\"tbh its oat lattes now\" gives no fact"},
	{name: "left the employer slang", steps: []string{
		"i work @ google", "left google lol, im at meta now 🙃"},
		facts: []string{"meta"}, gone: []string{"google"}, kept: true},
	{name: "birthday emoji", steps: []string{
		"I'm 25.", "turned 26 today 🥳🥳"},
		facts: []string{"26"}, gone: []string{"25"}, kept: true},
	{name: "new girlfriend", steps: []string{
		"my gf is Anna", "we broke up 😢 seeing Maria now"},
		facts: []string{"Maria"}, gone: []string{"Anna"}, kept: true,
		known: "\"we broke up, seeing Maria now\" gives no fact"},
	{name: "bought a place", steps: []string{
		"i rent in brooklyn", "bought a place in queens!! 🏡"},
		facts: []string{"queens"}, gone: []string{"brooklyn"}, kept: true,
		known: "\"bought a place in queens\" does not retire \"rent in brooklyn\""},
	{name: "tracker ditched typo", steps: []string{
		"teh team uses jira", "we ditched jira for linear"},
		facts: []string{"linear"}, gone: []string{"uses jira"}, kept: true,
		known: "\"we ditched jira for linear\" does not retire \"uses jira\""},

	// Look-alikes that must change nothing.
	{name: "buddy's new car", steps: []string{
		"I drive a Subaru Forester.", "my buddy just bought a new Mustang"},
		facts: []string{"Forester"}, never: []string{"User drives a Mustang", "User has a Mustang"}},
	{name: "if I moved", steps: []string{
		"I live in Nottingham.", "if i moved to Derby the rent would be cheaper"},
		facts: []string{"Nottingham"}, never: []string{"lives in Derby"}},
	{name: "used to live after the current city", steps: []string{
		"I live in Exeter.", "I used to live in Plymouth, years ago"},
		facts: []string{"Exeter"}, never: []string{"User lives in Plymouth"}},
	{name: "used to work after the current employer", steps: []string{
		"I work at Siemens in Munich.", "I used to work at Bosch before that"},
		facts: []string{"Siemens"}, never: []string{"User works at Bosch"}},
	{name: "sister's dogs now", steps: []string{
		"I've got two dogs.", "my sister has three dogs now"},
		facts: []string{"two dogs"}, never: []string{"User has three dogs"}},
	{name: "a version wished for", steps: []string{
		"We use Java 17.", "Java 21 would be nice to try someday"},
		facts: []string{"Java 17"}, never: []string{"uses Java 21"}},
	{name: "daughter's birthday is no age", steps: []string{
		"I'm 38.", "my daughter turned 10 today"},
		facts: []string{"38"}, never: []string{"User is 10"}},
	{name: "wife's distance", steps: []string{
		"I run 5k three times a week.", "my wife is at 10k a run now"},
		facts: []string{"5k"}, never: []string{"User runs 10k", "User is at 10k"}},
	{name: "thinking about moving", steps: []string{
		"I live in Grenoble.", "thinking about moving to Paris next year, not sure"},
		facts: []string{"Grenoble"}, never: []string{"lives in Paris"}},
	{name: "mom's new phone", steps: []string{
		"I use a Pixel 7.", "my mom upgraded to a Pixel 8"},
		facts: []string{"Pixel 7"}, never: []string{"User uses a Pixel 8", "User has a Pixel 8"}},
	{name: "coworker's city", steps: []string{
		"I live in Leicester.", "my coworker moved to Coventry last month"},
		facts: []string{"Leicester"}, never: []string{"User lives in Coventry", "User moved to Coventry"}},
}

// TestSupersedeTwentieth runs the twentieth round on fresh engines.
func TestSupersedeTwentieth(t *testing.T) {
	runScenarios(t, supersedeTwentieth)
}
