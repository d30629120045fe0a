package service_test

import "testing"

// supersedeTwentyfirst is the twenty-first round of held-out style probes,
// written before any fix of this round, without looking at the pipeline and
// without reusing the earlier rounds' texts. Its kinds: changes of routine and
// preference said casually; corrections of a date or a number ("the 22nd, not
// the 21st"); a new employer or tool said in passing; operating system and
// runtime releases named by codename; two-word lower-case values; corrections
// inside run-on sentences; a correction of something said earlier in the same
// conversation; and look-alikes that must change nothing (someone else's
// change, a plan or wish, a question, a past habit "I used to …"). Every
// scenario with a stale value asserts the stale fact is kept in history with
// its validity window closed.
// Baseline before this round's fixes: 15/45 (30 marked known); after a correction
// that names its thing instead of a marker ("the offsite is the 22nd, not the 21st",
// also inside a run-on) fixed a stored fact naming that thing, two bare values after a
// marker ("sorry, postgres not mongodb", "oh not rome, it's Milan") and a value with a
// trailing "actually" were read as corrections, and a time corrected a bare hour
// stored with its am or pm, 26/45; after a release named by its word alone ("on
// bookworm now") ended the stored product and release of the same holder, and a car
// driven "now" replaced the one driven, 30/45; after an amount reached said in
// words ("down to three … a day") was read as one said in digits, 31/45; after the
// twenty-second round read "im at monzo now" as where the user works, 32/45.
var supersedeTwentyfirst = []scenario{
	// Routine and preference changed, said casually.
	{name: "yoga more often", steps: []string{
		"I do yoga twice a week.", "yoga's up to four times a week these days"},
		facts: []string{"four times a week"}, gone: []string{"twice a week"}, kept: true,
		known: "\"yoga's up to four times a week these days\" gives no fact"},
	{name: "matcha instead of coffee", steps: []string{
		"I drink black coffee every morning.", "it's matcha in the mornings now, quit coffee"},
		facts: []string{"matcha"}, gone: []string{"black coffee"}, kept: true,
		known: "\"it's matcha in the mornings now\" gives no fact"},
	{name: "less sleep with a baby", steps: []string{
		"I sleep about 7 hours a night.", "barely getting 5 hours of sleep lately with the baby"},
		facts: []string{"5 hours"}, gone: []string{"7 hours"}, kept: true,
		known: "\"barely getting 5 hours of sleep lately\" gives no fact"},
	{name: "pizza go-to", steps: []string{
		"My favourite pizza is margherita.", "honestly pepperoni is my go-to now"},
		facts: []string{"pepperoni"}, gone: []string{"margherita"}, kept: true,
		known: "\"pepperoni is my go-to now\" does not retire the favourite pizza"},
	{name: "cycling to work lately", steps: []string{
		"I walk to work.", "cycling to work these days since the weather got better"},
		facts: []string{"cycling to work"}, gone: []string{"walks to work"}, kept: true,
		known: "\"cycling to work these days\" gives no fact"},
	{name: "fewer coffees", steps: []string{
		"I have 3 coffees a day.", "down to one coffee a day now"},
		facts: []string{"one coffee"}, gone: []string{"3 coffees"}, kept: true},

	// Corrections of a date or a number.
	{name: "offsite day ordinal", steps: []string{
		"Our team offsite is on the 21st.", "the offsite is the 22nd, not the 21st"},
		facts: []string{"22nd"}, gone: []string{"21st"}, kept: true},
	{name: "dinner headcount", steps: []string{
		"We're 6 people for dinner on Saturday.", "it's 8 people for the dinner, not 6"},
		facts: []string{"8 people"}, gone: []string{"6 people"}, kept: true},
	{name: "rent amount", steps: []string{
		"My rent is 1200 euros a month.", "rent is 1350 euros a month actually, not 1200"},
		facts: []string{"1350"}, gone: []string{"1200"}, kept: true},
	{name: "dentist date", steps: []string{
		"My dentist appointment is on March 18.", "dentist is march 19 not march 18, my bad"},
		facts: []string{"2025-03-19"}, gone: []string{"March 18", "2025-03-18"}, kept: true},
	{name: "kickoff time", steps: []string{
		"The project kickoff is at 9am.", "kickoff's at 9:30 not 9, sorry"},
		facts: []string{"9:30"}, gone: []string{"9am"}, kept: true},

	// A new employer or tool said in passing.
	{name: "bank in passing", steps: []string{
		"I'm a data analyst at Barclays.", "anyway im at monzo now so things are calmer"},
		facts: []string{"monzo"}, gone: []string{"Barclays"}, kept: true},
	{name: "bug tracker ditched", steps: []string{
		"We track bugs in Bugzilla.", "ditched bugzilla for youtrack last quarter"},
		facts: []string{"youtrack"}, gone: []string{"Bugzilla"}, kept: true,
		known: "\"ditched bugzilla for youtrack\" does not retire \"track bugs in Bugzilla\""},
	{name: "notes moved over", steps: []string{
		"I take my notes in Evernote.", "moved all my notes over to obsidian, evernote got too slow"},
		facts: []string{"obsidian"}, gone: []string{"notes in Evernote"}, kept: true,
		known: "\"moved all my notes over to obsidian\" does not retire \"notes in Evernote\""},
	{name: "consultancy since spring", steps: []string{
		"I work for Accenture.", "been at capgemini since spring, accenture was burning me out"},
		facts: []string{"capgemini"}, gone: []string{"works for Accenture"}, kept: true,
		known: "\"been at capgemini since spring\" gives no fact"},
	{name: "chat tool mandate", steps: []string{
		"Our team chats on Slack.", "we're on mattermost now, company mandate"},
		facts: []string{"mattermost"}, gone: []string{"chats on Slack"}, kept: true,
		known: "\"we're on mattermost now\" does not retire \"chats on Slack\""},

	// Releases named by codename.
	{name: "mac codename update", steps: []string{
		"My laptop runs macOS Monterey.", "finally updated the laptop to sonoma"},
		facts: []string{"sonoma"}, gone: []string{"Monterey"}, kept: true},
	{name: "debian codename now", steps: []string{
		"Our servers run Debian Bullseye.", "servers are on bookworm now"},
		facts: []string{"bookworm"}, gone: []string{"Bullseye"}, kept: true},
	{name: "ubuntu codename moved", steps: []string{
		"The build box runs Ubuntu Focal.", "moved the build box to jammy last night"},
		facts: []string{"jammy"}, gone: []string{"Focal"}, kept: true},
	{name: "android release", steps: []string{
		"My phone is on Android 13.", "phone got the android 14 update yesterday"},
		facts: []string{"android 14"}, gone: []string{"Android 13"}, kept: true,
		known: "\"phone got the android 14 update\" gives no fact"},
	{name: "fedora release weekend", steps: []string{
		"I develop on Fedora 38.", "upgraded to fedora 40 at the weekend"},
		facts: []string{"fedora 40"}, gone: []string{"Fedora 38"}, kept: true},

	// Two-word lower-case values.
	{name: "drink two words", steps: []string{
		"my go-to drink is iced coffee", "its sparkling water for me now"},
		facts: []string{"sparkling water"}, gone: []string{"iced coffee"}, kept: true,
		known: "\"its sparkling water for me now\" gives no fact"},
	{name: "hobby two words", steps: []string{
		"my main hobby is rock climbing", "mostly into trail running these days"},
		facts: []string{"trail running"}, gone: []string{"rock climbing"}, kept: true,
		known: "\"mostly into trail running these days\" gives no fact"},
	{name: "car two words", steps: []string{
		"i drive a vw golf", "i drive a kia niro now"},
		facts: []string{"kia niro"}, gone: []string{"vw golf"}, kept: true},
	{name: "shift two words", steps: []string{
		"i work the early shift", "on the late shift now"},
		facts: []string{"late shift"}, gone: []string{"early shift"}, kept: true},

	// Corrections inside run-on sentences.
	{name: "standup time run-on", steps: []string{
		"The team standup is at 9:15.",
		"so yeah the week was mad and the standup is at 9:45 not 9:15 which i keep forgetting and then the build broke again"},
		facts: []string{"9:45"}, gone: []string{"9:15"}, kept: true},
	{name: "cat name run-on", steps: []string{
		"My cat is called Pepper.",
		"had a long day and then the vet called and oh her name is Paprika not Pepper, the vet got it wrong too and anyway she's fine"},
		facts: []string{"Paprika"}, gone: []string{"called Pepper"}, kept: true},
	{name: "release number run-on", steps: []string{
		"Our latest release is version 2.3.",
		"we shipped yesterday and the latest release is 2.4 not 2.3 because of the hotfix and everyone went home early"},
		facts: []string{"2.4"}, gone: []string{"version 2.3"}, kept: true},

	// A correction of something said earlier in the same conversation.
	{name: "trip city same chat", steps: []string{
		"I'm flying to Rome on Friday || A: Have a great trip! || oh not rome, it's Milan, I always mix them up"},
		facts: []string{"Milan"}, never: []string{"to Rome"}},
	{name: "kids count same chat", steps: []string{
		"i have 3 kids || A: That's a busy house! || lol 4 kids actually, forgot the baby"},
		facts: []string{"4 kids"}, never: []string{"3 kids"}},
	{name: "allergy same chat", steps: []string{
		"I'm allergic to ibuprofen || A: Noted. || wait no, it's aspirin I'm allergic to, not ibuprofen"},
		facts: []string{"aspirin"}, never: []string{"allergic to ibuprofen"}},
	{name: "database same chat", steps: []string{
		"we use mongodb for the api || A: OK, MongoDB it is. || sorry, postgres not mongodb, mongo was the old one"},
		facts: []string{"postgres"}, never: []string{"uses mongodb"}},

	// Look-alikes that must change nothing.
	{name: "flatmate's new job", steps: []string{
		"I work at Nokia.", "my flatmate just started at Ericsson"},
		facts: []string{"Nokia"}, never: []string{"User works at Ericsson"}},
	{name: "husband's sleep", steps: []string{
		"I sleep 7 hours a night.", "my husband's only getting 5 hours a night lately"},
		facts: []string{"7 hours"}, never: []string{"User sleeps 5 hours", "User gets 5 hours"}},
	{name: "partner's editor switch", steps: []string{
		"I use vim.", "my partner switched from vim to emacs"},
		facts: []string{"vim"}, never: []string{"User uses emacs", "User switched"}},
	{name: "planning a distro", steps: []string{
		"I use Windows 10 at home.", "planning to switch to fedora next month"},
		facts: []string{"Windows 10"}, never: []string{"uses fedora"}},
	{name: "startup wish", steps: []string{
		"I work at a bank.", "would love to work at a startup someday"},
		facts: []string{"bank"}, never: []string{"works at a startup"}},
	{name: "codename question", steps: []string{
		"My laptop runs macOS Ventura.", "is sequoia worth upgrading to?"},
		facts: []string{"Ventura"}, never: []string{"runs sequoia", "on sequoia", "runs macOS Sequoia"}},
	{name: "milk question", steps: []string{
		"I drink oat milk.", "should i switch to almond milk?"},
		facts: []string{"oat milk"}, never: []string{"drinks almond milk"}},
	{name: "used to drink coffees", steps: []string{
		"I drink tea in the morning.", "i used to drink 4 coffees a day back in uni"},
		facts: []string{"tea"}, never: []string{"User drinks 4 coffees"}},
	{name: "used to take the bus", steps: []string{
		"I cycle to work.", "I used to take the bus to work before I got the bike"},
		facts: []string{"cycle"}, never: []string{"User takes the bus"}},
	{name: "used to commute", steps: []string{
		"I work from home.", "I used to commute into the office in London"},
		facts: []string{"home"}, never: []string{"User commutes"}},
	{name: "codename announced", steps: []string{
		"Our servers run Debian Bookworm.", "trixie comes out this summer apparently"},
		facts: []string{"Bookworm"}, never: []string{"run Debian Trixie", "on trixie", "runs trixie"}},
	{name: "friend's headcount", steps: []string{
		"We're 4 people on the ski trip.", "my friend's trip is 10 people, not 4 like ours"},
		facts: []string{"4 people"}, never: []string{"User's trip is 10", "We're 10"}},
	{name: "other team's codename", steps: []string{
		"Our servers run Ubuntu Jammy.", "the data team moved their servers to noble last week"},
		facts: []string{"Jammy"}, never: []string{"User's servers run Ubuntu Noble", "Our servers run noble"}},
}

// TestSupersedeTwentyfirst runs the twenty-first round on fresh engines.
func TestSupersedeTwentyfirst(t *testing.T) {
	runScenarios(t, supersedeTwentyfirst)
}
