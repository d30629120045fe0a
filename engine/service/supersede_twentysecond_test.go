package service_test

import "testing"

// supersedeTwentysecond is the twenty-second round of held-out style probes,
// written before any fix of this round, without looking at the pipeline and
// without reusing the earlier rounds' texts. Its kinds: a change said as a
// reply to the assistant's question; a change with its subject dropped; an
// amount that grows or shrinks by a delta; a relation (manager, landlord,
// partner, dentist) changed in passing; a value changed back; a correction of
// the assistant's restatement; a correction naming the stored thing in other
// words; several changes in one message; and look-alikes that must change
// nothing (a hypothetical, someone else's change, a negated change, the same
// fact said again, a temporary exception). Every scenario with a stale value
// asserts the stale fact is kept in history with its validity window closed.
// Baseline before this round's fixes: 13/47 (34 marked known); after a correction
// of the assistant's wrong restatement that a stored fact already answers was
// dropped, and a delta moved the stored amount ("two more rabbits" → 5), 20/47;
// after owned things named in other words ("workplace" for "office") and a relation
// named in passing ("my new manager Raj …") filled one slot, and a switch to another
// kind ended a habit of the old kind ("weekend shifts" for "weekday shifts"), 24/47;
// after a team joined, a place grown up in, a role, a firm one "is at since …", a
// home moved into and a closing "…, dropped korean" filled the slots of their
// plainer forms, 30/47 (17 known).
var supersedeTwentysecond = []scenario{
	// A change said as a reply to the assistant's question.
	{name: "reply moved city", steps: []string{
		"I live in Norwich.", "A: Are you still living in Norwich? || yeah moved to ipswich last month"},
		facts: []string{"ipswich"}, gone: []string{"Norwich"}, kept: true},
	{name: "reply new employer", steps: []string{
		"I work at Novartis.", "A: How's work at Novartis going? || left actually, I'm at roche since june"},
		facts: []string{"roche"}, gone: []string{"Novartis"}, kept: true},
	{name: "reply gym day", steps: []string{
		"I go to the gym on Mondays.", "A: Still going to the gym on Mondays? || nope, thursdays now"},
		facts: []string{"thursdays"}, gone: []string{"Mondays"}, kept: true,
		known: "\"nope, thursdays now\" after the assistant's question gives no fact"},
	{name: "reply car sold", steps: []string{
		"I drive a Skoda Octavia.", "A: Is the Octavia still running ok? || sold it, got a hyundai i30 in april"},
		facts: []string{"i30"}, gone: []string{"Octavia"}, kept: true,
		known: "\"sold it, got a hyundai i30\" after the assistant's question gives no fact"},
	{name: "reply diet", steps: []string{
		"I'm on a keto diet.", "A: Are you still doing keto? || went fully vegan in january"},
		facts: []string{"vegan"}, gone: []string{"keto"}, kept: true},
	{name: "reply phone", steps: []string{
		"My phone is a Moto G.", "A: Which phone are you on these days? || an iphone 15 now, the moto died"},
		facts: []string{"iphone 15"}, gone: []string{"Moto G"}, kept: true,
		known: "\"an iphone 15 now\" after the assistant's question gives no fact"},

	// A change with its subject dropped.
	{name: "dropped subject shifts", steps: []string{
		"I work weekday shifts at the warehouse.", "switched to weekend shifts last week"},
		facts: []string{"weekend shifts"}, gone: []string{"weekday shifts"}, kept: true},
	{name: "dropped subject bike", steps: []string{
		"I ride a road bike.", "got a new bike, a gravel one"},
		facts: []string{"gravel"}, gone: []string{"road bike"}, kept: true,
		known: "\"got a new bike, a gravel one\" does not retire \"a road bike\""},
	{name: "dropped subject language", steps: []string{
		"I'm learning Korean.", "started learning italian instead, dropped korean"},
		facts: []string{"italian"}, gone: []string{"learning Korean"}, kept: true},
	{name: "dropped subject home", steps: []string{
		"I live in a studio in Brixton.", "moved into a two-bed in peckham over the summer"},
		facts: []string{"peckham"}, gone: []string{"Brixton"}, kept: true},
	{name: "dropped subject team", steps: []string{
		"I'm on the infra team.", "transferred to the growth team in may"},
		facts: []string{"growth team"}, gone: []string{"infra team"}, kept: true},
	{name: "dropped subject commute", steps: []string{
		"I commute by train.", "driving in now, the trains are a mess"},
		facts: []string{"driving"}, gone: []string{"commutes by train"}, kept: true,
		known: "\"driving in now\" gives no fact"},

	// An amount that grows or shrinks by a delta.
	{name: "delta more rabbits", steps: []string{
		"I have 3 rabbits.", "adopted two more rabbits last weekend"},
		facts: []string{"5 rabbits"}, gone: []string{"3 rabbits"}, kept: true},
	{name: "delta weight lost", steps: []string{
		"I weigh 91 kg.", "lost 7 kg since, pretty happy with that"},
		facts: []string{"84 kg"}, gone: []string{"91 kg"}, kept: true},
	{name: "delta team hires", steps: []string{
		"Our team has 8 engineers.", "we hired 3 more engineers this quarter"},
		facts: []string{"11 engineers"}, gone: []string{"8 engineers"}, kept: true},
	{name: "delta running cut back", steps: []string{
		"I run 30 km a week.", "cut back by 10 km a week since the knee injury"},
		facts: []string{"20 km"}, gone: []string{"30 km"}, kept: true,
		known: "\"cut back by 10 km a week\" is not taken from the stored 30 km"},

	// A relation changed in passing.
	{name: "manager in passing", steps: []string{
		"My manager is Helen.", "my new manager Raj keeps booking 8am calls"},
		facts: []string{"Raj"}, gone: []string{"manager is Helen"}, kept: true},
	{name: "landlord in passing", steps: []string{
		"My landlord is Mr Lindqvist.", "the new landlord, some guy called Dave, wants to raise the rent"},
		facts: []string{"Dave"}, gone: []string{"Lindqvist"}, kept: true,
		known: "\"the new landlord, some guy called Dave\" gives no fact"},
	{name: "girlfriend in passing", steps: []string{
		"My girlfriend is Chloe.", "went hiking with my girlfriend Hannah on sunday"},
		facts: []string{"Hannah"}, gone: []string{"girlfriend is Chloe"}, kept: true},
	{name: "dentist in passing", steps: []string{
		"My dentist is Dr Marsh.", "switched dentists, dr moreno is much gentler"},
		facts: []string{"moreno"}, gone: []string{"Marsh"}, kept: true,
		known: "\"switched dentists, dr moreno is much gentler\" gives no fact"},
	{name: "team lead in passing", steps: []string{
		"My team lead is Tobias.", "Tobias left so Beth leads the team now"},
		facts: []string{"Beth"}, gone: []string{"lead is Tobias"}, kept: true,
		known: "\"Beth leads the team now\" does not retire \"team lead is Tobias\""},

	// A value changed back.
	{name: "back on decaf", steps: []string{
		"I drink decaf coffee.", "I switched to regular coffee.", "back on decaf, the regular was wrecking my sleep"},
		facts: []string{"decaf"}, gone: []string{"regular coffee"}, kept: true,
		known: "\"back on decaf\" does not retire \"regular coffee\""},
	{name: "back to brave", steps: []string{
		"I use Brave as my browser.", "I moved to Edge.", "went back to brave after a week"},
		facts: []string{"brave"}, gone: []string{"Edge"}, kept: true,
		known: "\"went back to brave\" does not retire \"moved to Edge\""},
	{name: "back to mornings", steps: []string{
		"I work out in the mornings.", "I work out in the evenings now.", "back to mornings again"},
		facts: []string{"mornings"}, gone: []string{"evenings"}, kept: true,
		known: "\"back to mornings again\" does not retire \"evenings\""},
	{name: "back to remote", steps: []string{
		"I work from home.", "I work from the office now.", "we're back to working from home full time"},
		facts: []string{"home"}, gone: []string{"from the office"}, kept: true,
		known: "\"back to working from home\" does not retire \"from the office\""},

	// A correction of the assistant's restatement.
	{name: "restated class day", steps: []string{
		"I have pottery class on Wednesdays || A: Nice, pottery on Fridays then! || no, Wednesdays, not Fridays"},
		facts: []string{"Wednesdays"}, never: []string{"Fridays"}},
	{name: "restated sister name", steps: []string{
		"My sister is called Niamh || A: Got it, your sister Eva. || no, Niamh not Eva"},
		facts: []string{"Niamh"}, never: []string{" Eva"}},
	{name: "restated flight time", steps: []string{
		"My flight is at 6:40 tomorrow || A: Okay, your flight is at 4:40. || nope, 6:40 not 4:40"},
		facts: []string{"6:40"}, never: []string{"4:40"}},
	{name: "restated city later", steps: []string{
		"I moved to Cheltenham.", "A: How's Gloucester treating you? || it's cheltenham, not gloucester"},
		facts: []string{"Cheltenham"}, never: []string{"Gloucester"}},
	{name: "restated allergy", steps: []string{
		"I'm allergic to sesame || A: Noted, you're allergic to peanuts. || no, sesame, not peanuts"},
		facts: []string{"sesame"}, never: []string{"peanuts"}},

	// A correction naming the stored thing in other words.
	{name: "workplace for office", steps: []string{
		"My office is in Canary Wharf.", "sorry, my workplace is actually in Shoreditch"},
		facts: []string{"Shoreditch"}, gone: []string{"Canary Wharf"}, kept: true},
	{name: "apartment for flat", steps: []string{
		"My flat is on the third floor.", "actually my apartment is on the fourth floor, not the third"},
		facts: []string{"fourth floor"}, gone: []string{"third floor"}, kept: true,
		known: "\"my apartment is on the fourth floor\" does not retire \"flat is on the third floor\""},
	{name: "family doctor for GP", steps: []string{
		"My GP is Dr Hughes.", "sorry, my family doctor is Dr Khan, not Dr Hughes"},
		facts: []string{"Khan"}, gone: []string{"Hughes"}, kept: true},
	{name: "role for job title", steps: []string{
		"My job title is senior analyst.", "correction, my role is lead analyst"},
		facts: []string{"lead analyst"}, gone: []string{"senior analyst"}, kept: true},
	{name: "grew up for hometown", steps: []string{
		"My hometown is Kilkenny.", "sorry, I grew up in Limerick actually, not Kilkenny"},
		facts: []string{"Limerick"}, gone: []string{"Kilkenny"}, kept: true},

	// Several changes in one message.
	{name: "job and city together", steps: []string{
		"I work at Heineken.", "I live in Amsterdam.", "big month: started at philips and moved to eindhoven"},
		facts: []string{"philips", "eindhoven"}, gone: []string{"Heineken", "Amsterdam"}, kept: true,
		known: "\"… and moved to eindhoven\" does not retire \"live in Amsterdam\""},
	{name: "phone and carrier together", steps: []string{
		"My phone is a Galaxy S21.", "My mobile carrier is O2.", "new phone, a pixel 8, and switched to giffgaff while I was at it"},
		facts: []string{"pixel 8", "giffgaff"}, gone: []string{"Galaxy S21", "carrier is O2"}, kept: true,
		known: "\"new phone, a pixel 8, and switched to giffgaff\" gives no fact"},
	{name: "bedtime and wake time together", steps: []string{
		"I go to bed at 11pm.", "I wake up at 7am.", "new routine: bed by 10pm and up at 6am"},
		facts: []string{"10pm", "6am"}, gone: []string{"11pm", "7am"}, kept: true,
		known: "\"bed by 10pm and up at 6am\" does not retire \"11pm\" and \"7am\""},

	// Look-alikes that must change nothing.
	{name: "hypothetical move", steps: []string{
		"I live in Dundee.", "if I moved to Aberdeen I'd have a shorter commute"},
		facts: []string{"Dundee"}, never: []string{"lives in Aberdeen", "moved to Aberdeen"}},
	{name: "hypothetical career", steps: []string{
		"I'm a teacher.", "sometimes I think if I switched to accounting I'd be happier"},
		facts: []string{"teacher"}, never: []string{"User is an accountant", "switched to accounting"}},
	{name: "sister's phone switch", steps: []string{
		"I use an Android phone.", "my sister switched to an iphone last week"},
		facts: []string{"Android"}, never: []string{"User switched", "User uses an iphone"}},
	{name: "negated editor switch", steps: []string{
		"I edit my photos in Lightroom.", "didn't switch to capture one after all"},
		facts: []string{"Lightroom"}, never: []string{"uses capture one", "edits photos in capture one", "switched to capture one"}},
	{name: "negated bus switch", steps: []string{
		"I take the train to work.", "ended up not switching to the bus"},
		facts: []string{"train"}, never: []string{"takes the bus", "switched to the bus"}},
	{name: "same city again", steps: []string{
		"I live in Swansea.", "still in Swansea, nothing's changed"},
		once: []string{"Swansea"}},
	{name: "same manager again", steps: []string{
		"My manager is Grace.", "A: Is Grace still your manager? || yep, still Grace"},
		facts: []string{"Grace"}, once: []string{"manager"}},
	{name: "temporary home week", steps: []string{
		"I work from the office in Hammersmith.", "just this week I'm working from home, the boiler guy is coming"},
		facts: []string{"Hammersmith"}},
	{name: "temporary tea week", steps: []string{
		"I drink coffee every morning.", "having tea this week while I'm off caffeine for a blood test"},
		facts: []string{"coffee"}},
}

// TestSupersedeTwentysecond runs the twenty-second round on fresh engines.
func TestSupersedeTwentysecond(t *testing.T) {
	runScenarios(t, supersedeTwentysecond)
}
